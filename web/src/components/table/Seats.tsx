import { createMemo, For, Index, Show } from "solid-js";
import { t, tn } from "../../i18n";
import { declarationLabel, sortHand } from "../../lib/cards";
import { roleLabel, seatName } from "../../lib/seats";
import { timeLeft } from "../../lib/time";
import type { AuctionView } from "../../lib/types";
import { FaceDown, NamedCard } from "../PlayingCard";
import { useTable } from "./context";

export function callLabel(call: AuctionView): string {
  if (call.call === "bid") return String(call.value ?? "");
  return call.call === "hold" ? t("bid.holdShort") : t("bid.passShort");
}

/** A player at the table: name, role, cards left, tricks, and their last word in the bidding. */
export function SeatBadge(props: { seat: number; self?: boolean }) {
  const ctx = useTable();
  const view = ctx.view;
  const entry = () => view().table.seats[props.seat];
  const acting = () => view().toAct === props.seat;
  const isDeclarer = () => view().declarer === props.seat;
  const lastCall = createMemo(() => {
    if (view().phase !== "bidding" && view().phase !== "skat") return null;
    const calls = view().auction.filter((call) => call.seat === props.seat);
    return calls[calls.length - 1] ?? null;
  });
  const count = () => view().handCounts[props.seat] ?? 0;
  const tricks = () => view().tricksWon[props.seat] ?? 0;
  const inPlay = () => view().phase === "play";
  const conceded = () => view().claim.accepted.includes(props.seat);
  const away = () => !!entry()?.away;
  const deadline = () => (acting() ? view().deadline : null);
  const summary = () => {
    const parts = [seatName(view(), props.seat)];
    const role = roleLabel(view(), props.seat);
    if (role) parts.push(role);
    if (isDeclarer()) parts.push(t("seat.declarer"));
    if (!props.self && view().phase !== "waiting") parts.push(tn("seat.cards", count()));
    if (inPlay()) parts.push(tn("seat.tricks", tricks()));
    if (away()) parts.push(t("seat.awayLong"));
    if (acting()) parts.push(t("seat.toAct"));
    const due = deadline();
    if (due) parts.push(timeLeft(due));
    return parts.join(", ");
  };
  return (
    <div
      class="seat"
      classList={{
        acting: acting(),
        declarer: isDeclarer(),
        self: !!props.self,
        empty: !entry()?.taken,
        away: away(),
      }}
      data-seat={props.seat}
    >
      <span class="visually-hidden">{summary()}</span>
      <div class="seat-head" aria-hidden="true">
        <span class="seat-name">{seatName(view(), props.seat)}</span>
        <Show when={entry()?.you && !props.self}>
          <span class="tag">{t("seat.you")}</span>
        </Show>
        <Show when={deadline()}>
          {(due) => (
            <time class="seat-clock" datetime={due()} data-testid="seat-clock">
              {timeLeft(due())}
            </time>
          )}
        </Show>
      </div>
      <div class="seat-role" aria-hidden="true">
        <Show when={roleLabel(view(), props.seat)}>{(role) => <span>{role()}</span>}</Show>
        <Show when={isDeclarer()}>
          <span class="tag gold">{t("seat.declarer")}</span>
        </Show>
        <Show when={conceded()}>
          <span class="tag">{t("seat.yielded")}</span>
        </Show>
        <Show when={away()}>
          <span class="tag away" data-testid="seat-away">
            {t("seat.away")}
          </span>
        </Show>
      </div>
      <Show when={!props.self && count() > 0}>
        <div class="seat-cards" aria-hidden="true" style={{ "--n": String(count()) }}>
          <Index each={Array.from({ length: count() })}>{() => <FaceDown class="mini" />}</Index>
        </div>
      </Show>
      <Show when={inPlay()}>
        <div class="seat-tricks" aria-hidden="true">
          {tn("seat.tricks", tricks())}
        </div>
      </Show>
      <Show when={lastCall()}>
        {(call) => (
          <div class="bubble" classList={{ pass: call().call === "pass" }} aria-hidden="true">
            {callLabel(call())}
          </div>
        )}
      </Show>
    </div>
  );
}

/** The declarer's cards when they lie open (ouvert, or after a claim), for everyone else. */
export function OpenHand() {
  const ctx = useTable();
  const view = ctx.view;
  const cards = createMemo(() => sortHand(view().openHand ?? [], view().game?.game));
  return (
    <Show when={view().openHand && view().declarer !== view().seat && view().openHand?.length}>
      <section
        class="open-hand"
        aria-label={t("open.label", { name: seatName(view(), view().declarer) })}
      >
        <h2 class="mini-title">
          {t("open.title", { name: seatName(view(), view().declarer) })}
          <Show when={view().game}>{(game) => <> · {declarationLabel(game())}</>}</Show>
        </h2>
        <div class="fan small" style={{ "--n": String(cards().length) }}>
          <For each={cards()}>{(code) => <NamedCard code={code} class="fan-card" />}</For>
        </div>
      </section>
    </Show>
  );
}
