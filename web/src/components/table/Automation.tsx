/**
 * What the server does for the viewer's own seat: "I go up to N" in the bidding, and the
 * banner that hands the seat back after the computer has been playing for an absent player.
 * Both come from the view's `automation`, which only the seat's own player ever receives.
 */
import { createMemo, createSignal, For, Show } from "solid-js";
import { BID_VALUES } from "../../../../shared/bidding";
import { t } from "../../i18n";
import { roleOf } from "../../lib/seats";
import { useTable } from "./context";

/** A private limit for this deal's bidding: the server bids and holds up to it and passes above. */
export function BidLimit() {
  const ctx = useTable();
  const view = ctx.view;
  const limit = () => view().automation?.bidLimit ?? null;
  const stillBidding = () => {
    const v = view();
    if (v.phase !== "bidding" || v.seat === null || !v.automation) return false;
    if (roleOf(v.roles, v.seat) < 0) return false;
    return !v.auction.some((call) => call.seat === v.seat && call.call === "pass");
  };
  // A limit below the value already reached would only mean "pass".
  const choices = createMemo(() =>
    BID_VALUES.filter((value) => value >= Math.max(18, view().bidding?.value ?? 0)),
  );
  const [choice, setChoice] = createSignal("");
  const busy = () => ctx.store.state.busy === "bidLimit";
  async function set(event: Event) {
    event.preventDefault();
    const value = Number(choice());
    if (!Number.isInteger(value) || value < 18) return;
    if (await ctx.store.setBidLimit(value)) setChoice("");
  }
  return (
    <Show when={stillBidding()}>
      <Show
        when={limit()}
        fallback={
          <form class="bid-limit" onSubmit={set} data-testid="bid-limit">
            <label for="bid-limit-value">{t("limit.label")}</label>
            <select
              id="bid-limit-value"
              value={choice()}
              onChange={(event) => setChoice(event.currentTarget.value)}
              disabled={busy()}
              data-testid="bid-limit-value"
            >
              <option value="">–</option>
              <For each={choices()}>
                {(value) => <option value={String(value)}>{value}</option>}
              </For>
            </select>
            <button
              type="submit"
              class="btn small secondary"
              disabled={busy() || choice() === ""}
              aria-busy={busy() ? "true" : undefined}
              data-testid="bid-limit-set"
            >
              {t("limit.set")}
            </button>
            <small class="bid-limit-hint">{t("limit.hint")}</small>
          </form>
        }
      >
        {(value) => (
          <div class="bid-limit active" role="status" data-testid="bid-limit-active">
            <span>{t("limit.active", { value: value() })}</span>
            <button
              type="button"
              class="btn small secondary"
              disabled={busy()}
              aria-busy={busy() ? "true" : undefined}
              onClick={() => void ctx.store.setBidLimit(null)}
              data-testid="bid-limit-clear"
            >
              {t("limit.clear")}
            </button>
          </div>
        )}
      </Show>
    </Show>
  );
}

/** The viewer's seat is away: the computer plays for them until they take it back. */
export function AwayBanner() {
  const ctx = useTable();
  const busy = () => ctx.store.state.busy === "back";
  return (
    <Show when={ctx.view().automation?.away}>
      <section class="away-banner" role="alert" data-testid="away-banner">
        <div>
          <h2>{t("away.title")}</h2>
          <p>{t("away.text")}</p>
        </div>
        <button
          type="button"
          class="btn primary"
          disabled={busy()}
          aria-busy={busy() ? "true" : undefined}
          onClick={() => void ctx.store.comeBack()}
          data-testid="come-back"
        >
          {t("away.back")}
        </button>
      </section>
    </Show>
  );
}
