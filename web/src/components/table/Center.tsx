import { createMemo, For, Match, Show, Switch } from "solid-js";
import { t } from "../../i18n";
import { cardName } from "../../lib/cards";
import { placeOf, seatName } from "../../lib/seats";
import type { PlayedCard } from "../../lib/types";
import { FaceDown, PlayingCard } from "../PlayingCard";
import { useTable } from "./context";

/** The middle of the table: the skat during bidding, the trick during play. */
export function Center() {
  const ctx = useTable();
  const view = ctx.view;
  const trick = createMemo<{
    cards: PlayedCard[];
    kind: "current" | "last";
    winner?: number;
  } | null>(() => {
    const v = view();
    const last = v.lastTrick;
    if (ctx.showLastTrick() && last)
      return { cards: last.cards, kind: "last", winner: last.winner };
    if (v.trick.length > 0) return { cards: v.trick, kind: "current" };
    // Between tricks the finished one stays in view, greyed, until someone leads.
    if (v.phase === "play" && last) return { cards: last.cards, kind: "last", winner: last.winner };
    return null;
  });
  const skatVisible = () => {
    const phase = view().phase;
    return phase === "bidding" || phase === "skat";
  };
  return (
    <div class="center" data-players={view().players}>
      <Switch>
        <Match when={skatVisible()}>
          <div class="skat" role="img" aria-label={t("center.skat")}>
            <FaceDown class="skat-card" />
            <FaceDown class="skat-card" />
          </div>
        </Match>
        <Match when={trick()}>
          {(shown) => (
            <figure
              class="trick"
              classList={{ last: shown().kind === "last" }}
              aria-label={
                shown().kind === "last"
                  ? t("trick.lastLabel", { name: seatName(view(), shown().winner) })
                  : t("trick.currentLabel")
              }
              data-testid="trick"
            >
              <For each={shown().cards}>
                {(played, index) => (
                  <div
                    class={`trick-card at-${placeOf(view(), played.seat)}`}
                    style={{ "--order": String(index()) }}
                  >
                    <PlayingCard
                      code={played.card}
                      label={t("trick.played", {
                        name: seatName(view(), played.seat),
                        card: cardName(played.card),
                      })}
                    />
                  </div>
                )}
              </For>
              <Show when={shown().kind === "last"}>
                <figcaption class="trick-caption">
                  {t("trick.wonBy", { name: seatName(view(), shown().winner) })}
                </figcaption>
              </Show>
            </figure>
          )}
        </Match>
      </Switch>
    </div>
  );
}
