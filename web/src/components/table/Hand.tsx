import { createMemo, For } from "solid-js";
import { t } from "../../i18n";
import { cardName, sortHand } from "../../lib/cards";
import type { Action } from "../../lib/types";
import { PlayingCard } from "../PlayingCard";
import { useTable } from "./context";

/** The viewer's own cards: tap or press Enter to play; in the discard phase, tap two to put away. */
export function Hand() {
  const ctx = useTable();
  const view = ctx.view;
  const plays = createMemo(() => {
    const map = new Map<string, Action>();
    for (const action of view().legal) if (action.type === "play") map.set(action.card, action);
    return map;
  });
  const discarding = () => view().legal.some((action) => action.type === "discard");
  const fromSkat = createMemo(() => (view().phase === "discard" ? (view().skat ?? []) : []));
  const sorted = createMemo(() => sortHand(view().hand, view().game?.game ?? ctx.previewGame()));
  const myTurn = () => view().toAct !== null && view().toAct === view().seat;
  const pendingCard = () => {
    const pending = ctx.store.state.pending;
    return pending?.type === "play" ? pending.card : null;
  };

  function toggle(code: string) {
    ctx.setSelected((chosen) => {
      if (chosen.includes(code)) return chosen.filter((c) => c !== code);
      // A third tap replaces the first choice rather than being ignored.
      return [...chosen, code].slice(-2);
    });
  }

  return (
    <fieldset
      class="hand"
      classList={{ discarding: discarding(), "my-turn": myTurn() && plays().size > 0 }}
      style={{ "--n": String(sorted().length) }}
      data-testid="hand"
    >
      <legend class="visually-hidden">{t("hand.label")}</legend>
      <For each={sorted()}>
        {(code) => {
          const action = () => plays().get(code);
          const selected = () => ctx.selected().includes(code);
          const enabled = () => !ctx.store.state.pending && (discarding() || !!action());
          const label = () => {
            const name = cardName(code);
            if (discarding()) {
              const skat = fromSkat().includes(code) ? `, ${t("hand.fromSkat")}` : "";
              return `${name}${skat}${selected() ? `, ${t("hand.selected")}` : ""}`;
            }
            if (pendingCard() === code) return `${name}, ${t("common.sending")}`;
            if (action()) return `${name}, ${t("hand.playable")}`;
            if (myTurn() && view().phase === "play") return `${name}, ${t("hand.notPlayable")}`;
            return name;
          };
          return (
            <button
              type="button"
              class="hand-card"
              classList={{
                playable: !!action(),
                selected: selected(),
                "from-skat": fromSkat().includes(code),
                pending: pendingCard() === code,
                dim: myTurn() && view().phase === "play" && !action(),
              }}
              aria-label={label()}
              aria-disabled={enabled() ? undefined : "true"}
              aria-pressed={discarding() ? selected() : undefined}
              data-card={code}
              onClick={() => {
                if (!enabled()) return;
                if (discarding()) toggle(code);
                else {
                  const chosen = action();
                  if (chosen) void ctx.store.act(chosen);
                }
              }}
            >
              <PlayingCard code={code} />
            </button>
          );
        }}
      </For>
    </fieldset>
  );
}
