import { For, lazy, Match, Show, Suspense, Switch } from "solid-js";
import type { DealResult } from "../../../shared/engine";
import { type MessageKey, t } from "../i18n";
import { cardName, declarationLabel } from "../lib/cards";
import type { DealReveal } from "../lib/types";
import { PlayingCard } from "./PlayingCard";

const Fairness = lazy(() => import("./Fairness"));

export interface ResultViewProps {
  reveal: DealReveal;
  names: (seat: number | null) => string;
  tableId: string;
  /** The commitment published for this deal when the table was created. */
  commitment: string | undefined;
  invite?: string | null;
  players: 3 | 4;
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

function CardRow(props: { codes: readonly string[]; label: string }) {
  return (
    <ul class="card-row" aria-label={props.label}>
      <For each={props.codes}>
        {(code) => (
          <li class="row-card">
            <PlayingCard code={code} label={cardName(code)} />
          </li>
        )}
      </For>
    </ul>
  );
}

/** What happened in a deal and why it scores what it scores. */
export default function ResultView(props: ResultViewProps) {
  const result = () => props.reveal.result as DealResult | null;
  const game = () => props.reveal.game;
  const declarer = () => props.reveal.declarer;
  const passedIn = () => declarer() === null || result()?.end === "passedIn";
  const defenderTricks = () =>
    props.reveal.tricks.filter((trick) => trick.winner !== props.reveal.declarer).length;
  // The engine lists the levels of the multiplier; null games have none.
  const levels = () => {
    const r = result();
    return r && r.levels.length > 0 ? r.levels : null;
  };
  const base = () => result()?.baseValue || null;
  return (
    <article class="result" data-testid="result">
      <p class="overline">{t("result.deal", { n: props.reveal.deal + 1 })}</p>
      <Switch>
        <Match when={passedIn()}>
          <h2 class="result-title">{t("result.passedIn")}</h2>
          <p>{t("result.passedInText")}</p>
        </Match>
        <Match when={game() && result()}>
          <h2 class="result-title" classList={{ won: result()?.won, lost: !result()?.won }}>
            {t(result()?.won ? "result.won" : "result.lost", {
              name: props.names(declarer()),
              game: declarationLabel(game() as NonNullable<ReturnType<typeof game>>),
            })}
          </h2>
          <p class="result-score" data-testid="result-score">
            <span class="big">{signed(result()?.score ?? 0)}</span>
            <span>{t("result.listScore")}</span>
          </p>
          <dl class="result-lines">
            <dt>{t("result.bid")}</dt>
            <dd>{props.reveal.bid}</dd>
            <dt>{t("result.points")}</dt>
            <dd>
              {t("result.pointsLine", {
                declarer: result()?.declarerPoints ?? 0,
                defenders: 120 - (result()?.declarerPoints ?? 0),
              })}
            </dd>
            <dt>{t("result.tricks")}</dt>
            <dd>
              {t("result.tricksLine", {
                declarer: result()?.declarerTricks ?? 0,
                defenders: defenderTricks(),
              })}
            </dd>
            <Show when={result()?.end !== "played"}>
              <dt>{t("result.end")}</dt>
              <dd>{t(`result.end.${result()?.end}` as MessageKey)}</dd>
            </Show>
            <Show
              when={levels()}
              fallback={
                <Show when={game()?.game === "null"}>
                  <dt>{t("result.value")}</dt>
                  <dd>{t("result.nullValue", { value: result()?.value ?? 0 })}</dd>
                </Show>
              }
            >
              {(list) => (
                <>
                  <dt>{t("result.levels")}</dt>
                  <dd>
                    <ul class="levels">
                      <For each={list()}>
                        {(level, index) => (
                          <li>
                            <span>
                              {level.name === "with" || level.name === "without"
                                ? t(`result.level.${level.name}`, { n: level.count })
                                : t(`result.level.${level.name}` as MessageKey)}
                            </span>
                            {/* Counted up the way players say it: "with 1, game 2, schneider 3". */}
                            <strong>
                              {list()
                                .slice(0, index() + 1)
                                .reduce((sum, l) => sum + l.count, 0)}
                            </strong>
                          </li>
                        )}
                      </For>
                    </ul>
                  </dd>
                  <dt>{t("result.value")}</dt>
                  <dd data-testid="game-value">
                    {t("result.valueLine", {
                      multiplier: result()?.multiplier ?? 0,
                      base: base() ?? 0,
                      value: (result()?.multiplier ?? 0) * (base() ?? 0),
                    })}
                  </dd>
                </>
              )}
            </Show>
            <Show when={result()?.overbid}>
              <dt>{t("result.overbid")}</dt>
              <dd>
                {t("result.overbidLine", { bid: props.reveal.bid, value: result()?.value ?? 0 })}
              </dd>
            </Show>
            <dt>{t("result.scoreLine")}</dt>
            <dd>
              {result()?.won
                ? t("result.scoreWon", { value: result()?.value ?? 0 })
                : t("result.scoreLost", {
                    value: result()?.value ?? 0,
                    score: result()?.score ?? 0,
                  })}
            </dd>
            <dt>{t("result.seegerFabian")}</dt>
            <dd>
              {t("result.sfDeclarer", {
                name: props.names(declarer()),
                points: signed(result()?.seegerFabian.declarer ?? 0),
              })}
              <Show when={(result()?.seegerFabian.others ?? 0) > 0}>
                {" · "}
                {t("result.sfOthers", { points: signed(result()?.seegerFabian.others ?? 0) })}
              </Show>
            </dd>
          </dl>
        </Match>
      </Switch>
      <div class="result-cards">
        <div>
          <h3 class="mini-title">{t("result.skat")}</h3>
          <CardRow codes={props.reveal.skat} label={t("result.skat")} />
        </div>
        <Show when={props.reveal.discards}>
          {(discards) => (
            <div>
              <h3 class="mini-title">{t("result.discards")}</h3>
              <CardRow codes={discards()} label={t("result.discards")} />
            </div>
          )}
        </Show>
      </div>
      <Suspense fallback={<p class="fairness checking">{t("fair.checking")}</p>}>
        <Fairness
          tableId={props.tableId}
          reveal={props.reveal}
          commitment={props.commitment}
          invite={props.invite ?? null}
        />
      </Suspense>
    </article>
  );
}
