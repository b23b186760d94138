import { createMemo, createSignal, For, Show } from "solid-js";
import { t } from "../i18n";
import { cardName, declarationLabel, sortHand } from "../lib/cards";
import { roleLabel } from "../lib/seats";
import type { DealReveal, PlayedCard } from "../lib/types";
import { NamedCard, PlayingCard } from "./PlayingCard";

/**
 * A finished deal trick by trick with every hand open. Step 0 is the deal before the first
 * trick (with the skat and what the declarer put away); step k shows trick k on the table and
 * the hands as they were after it.
 */
export default function Replay(props: {
  reveal: DealReveal;
  names: (seat: number | null) => string;
}) {
  const reveal = () => props.reveal;
  const steps = createMemo(() => {
    const tricks: { cards: PlayedCard[]; winner: number | null }[] = reveal().tricks.map(
      (trick) => ({
        cards: trick.cards,
        winner: trick.winner,
      }),
    );
    if (reveal().trick.length > 0) tricks.push({ cards: reveal().trick, winner: null });
    return tricks;
  });
  const [step, setStep] = createSignal(0);
  const last = () => steps().length;
  const go = (to: number) => setStep(Math.max(0, Math.min(last(), to)));

  /** The cards a seat held while playing: the declarer's twelve minus the two put away. */
  const playingHand = (seat: number): string[] => {
    const dealt = reveal().dealt[seat] ?? [];
    const discards = reveal().discards;
    if (seat !== reveal().declarer || !discards) return [...dealt];
    return [...dealt, ...reveal().skat].filter((code) => !discards.includes(code));
  };
  const played = createMemo(() => {
    const gone = new Set<string>();
    for (const trick of steps().slice(0, step()))
      for (const card of trick.cards) gone.add(card.card);
    return gone;
  });
  const seats = () => [...reveal().roles];
  const current = () => (step() > 0 ? steps()[step() - 1] : undefined);

  return (
    <section
      class="replay"
      aria-label={t("replay.title")}
      tabindex="0"
      data-testid="replay"
      onKeyDown={(event) => {
        const moves: Record<string, number> = {
          ArrowLeft: step() - 1,
          ArrowRight: step() + 1,
          Home: 0,
          End: last(),
        };
        const to = moves[event.key];
        if (to === undefined) return;
        event.preventDefault();
        go(to);
      }}
    >
      <h2>{t("replay.title")}</h2>
      <Show when={reveal().game}>
        {(game) => (
          <p class="muted">
            {t("info.declarer", { name: props.names(reveal().declarer), bid: reveal().bid })} ·{" "}
            {declarationLabel(game())}
          </p>
        )}
      </Show>
      <div class="replay-hands">
        <For each={seats()}>
          {(seat) => {
            const cards = createMemo(() =>
              sortHand(
                playingHand(seat).filter((code) => !played().has(code)),
                reveal().game?.game,
              ),
            );
            return (
              <div class="replay-hand" classList={{ declarer: seat === reveal().declarer }}>
                <p class="replay-name">
                  <strong>{props.names(seat)}</strong>{" "}
                  <span class="muted">{roleLabel({ ...reveal(), players: 3 }, seat)}</span>
                </p>
                <div class="fan small" style={{ "--n": String(Math.max(cards().length, 1)) }}>
                  <For each={cards()}>{(code) => <NamedCard code={code} class="fan-card" />}</For>
                </div>
              </div>
            );
          }}
        </For>
      </div>
      <div class="replay-table" aria-live="polite">
        <Show
          when={current()}
          fallback={
            <div class="replay-start">
              <div>
                <p class="mini-title">{t("result.skat")}</p>
                <div class="card-row">
                  <For each={reveal().skat}>
                    {(code) => <NamedCard code={code} class="row-card" />}
                  </For>
                </div>
              </div>
              <Show when={reveal().discards}>
                {(discards) => (
                  <div>
                    <p class="mini-title">{t("result.discards")}</p>
                    <div class="card-row">
                      <For each={discards()}>
                        {(code) => <NamedCard code={code} class="row-card" />}
                      </For>
                    </div>
                  </div>
                )}
              </Show>
            </div>
          }
        >
          {(trick) => (
            <div class="replay-trick">
              <ol class="card-row">
                <For each={trick().cards}>
                  {(card) => (
                    <li
                      class="row-card labelled"
                      classList={{ winner: card.seat === trick().winner }}
                    >
                      <PlayingCard
                        code={card.card}
                        label={t("trick.played", {
                          name: props.names(card.seat),
                          card: cardName(card.card),
                        })}
                      />
                      <span class="card-caption">{props.names(card.seat)}</span>
                    </li>
                  )}
                </For>
              </ol>
              <Show when={trick().winner !== null}>
                <p>{t("trick.wonBy", { name: props.names(trick().winner) })}</p>
              </Show>
            </div>
          )}
        </Show>
      </div>
      <div class="replay-nav">
        <button
          type="button"
          class="btn secondary"
          disabled={step() === 0}
          onClick={() => go(step() - 1)}
          data-testid="replay-prev"
        >
          ‹ {t("replay.previous")}
        </button>
        <span class="replay-step" data-testid="replay-step">
          {step() === 0 ? t("replay.start") : t("replay.trick", { n: step(), of: last() })}
        </span>
        <button
          type="button"
          class="btn primary"
          disabled={step() === last()}
          onClick={() => go(step() + 1)}
          data-testid="replay-next"
        >
          {t("replay.next")} ›
        </button>
      </div>
    </section>
  );
}
