import { Show } from "solid-js";
import { t, tn } from "../../i18n";
import { declarationLabel } from "../../lib/cards";
import { roleLabel, seatName } from "../../lib/seats";
import { clockTime, relativeTime } from "../../lib/time";
import type { TableView } from "../../lib/types";
import { useTable } from "./context";

/** One sentence saying what the table waits for, from the viewer's point of view. */
export function statusText(view: TableView): string {
  const me = view.seat;
  const name = (seat: number | null | undefined) => seatName(view, seat);
  const mine = view.toAct !== null && view.toAct === me;
  switch (view.phase) {
    case "waiting": {
      const free = view.table.seats.filter((seat) => !seat.taken).length;
      return t("status.waiting", { free });
    }
    case "finished":
      return t("status.finished");
    case "bidding": {
      const b = view.bidding;
      if (!b) return "";
      if (b.awaiting === "forehand") {
        return b.bidder === me
          ? t("status.forehandAloneYou")
          : t("status.forehandAlone", { name: name(b.bidder) });
      }
      if (b.awaiting === "answer") {
        return b.hearer === me
          ? t("status.answerYou", { name: name(b.bidder), value: b.value })
          : t("status.answer", { bidder: name(b.bidder), hearer: name(b.hearer), value: b.value });
      }
      if (b.bidder === me) {
        return b.value > 0
          ? t("status.bidYouAbove", { name: name(b.hearer), value: b.value })
          : t("status.bidYou", { name: name(b.hearer) });
      }
      return t("status.bid", { bidder: name(b.bidder), hearer: name(b.hearer) });
    }
    case "skat":
      return mine
        ? t("status.skatYou", { value: view.bid })
        : t("status.skat", { name: name(view.declarer), value: view.bid });
    case "discard":
      return mine ? t("status.discardYou") : t("status.discard", { name: name(view.declarer) });
    case "declare":
      return mine ? t("status.declareYou") : t("status.declare", { name: name(view.declarer) });
    case "play": {
      if (view.claim.active) return t("status.claim", { name: name(view.declarer) });
      if (mine) return view.trick.length === 0 ? t("status.leadYou") : t("status.playYou");
      return t("status.play", { name: name(view.toAct) });
    }
    default:
      return "";
  }
}

export function StatusLine() {
  const ctx = useTable();
  const view = ctx.view;
  const mine = () => view().toAct !== null && view().toAct === view().seat;
  /** The viewer's role, the game and who declared it, and tricks taken: one wrapping line. */
  const meta = () => {
    const v = view();
    const parts: string[] = [];
    if (v.seat !== null) parts.push(roleLabel(v, v.seat));
    if (v.game) {
      parts.push(
        v.declarer === v.seat
          ? t("status.gameYours", { game: declarationLabel(v.game) })
          : t("status.gameOf", { game: declarationLabel(v.game), name: seatName(v, v.declarer) }),
      );
    }
    if (v.seat !== null && v.phase === "play")
      parts.push(tn("seat.tricks", v.tricksWon[v.seat] ?? 0));
    return parts.filter(Boolean).join(" · ");
  };
  return (
    <div class="status-line" classList={{ mine: mine() }} data-testid="status">
      <p aria-live="polite">
        <Show when={ctx.store.state.pending} fallback={statusText(view())}>
          {t("common.sending")}
        </Show>
      </p>
      <Show when={meta()}>
        <p class="status-meta">{meta()}</p>
      </Show>
      <Show when={view().deadline && view().toAct !== null}>
        <p class="status-meta">
          <time datetime={view().deadline ?? ""}>
            {t("status.deadline", {
              when: relativeTime(view().deadline ?? ""),
              time: clockTime(view().deadline ?? ""),
            })}
          </time>
        </p>
      </Show>
    </div>
  );
}
