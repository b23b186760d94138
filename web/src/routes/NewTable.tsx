import { createSignal, For, Show } from "solid-js";
import { FormError } from "../components/FormError";
import { t } from "../i18n";
import { type ApiFailure, api } from "../lib/api";
import { forgetPendingNonce, nonceHash, randomNonce, rememberPendingNonce } from "../lib/nonce";
import { navigate } from "../lib/router";
import { hoursLabel } from "../lib/time";
import { session } from "../stores/session";
import { StartForm } from "./Home";

/** Series lengths a table can have: multiples of the seat count, up to 96 deals. */
function dealChoices(seats: 3 | 4): number[] {
  return [1, 2, 3, 4, 6, 8, 12, 16, 24, 32]
    .map((k) => k * seats)
    .filter((n, i, all) => n <= 96 && all.indexOf(n) === i);
}

const HOURS = [1, 6, 12, 24, 48, 72, 168];

export default function NewTable() {
  const [seats, setSeats] = createSignal<3 | 4>(3);
  const [deals, setDeals] = createSignal(12);
  const [bots, setBots] = createSignal(0);
  const [hours, setHours] = createSignal(24);
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<ApiFailure | null>(null);

  function chooseSeats(n: 3 | 4) {
    setSeats(n);
    if (!dealChoices(n).includes(deals())) setDeals(n * 4);
    if (bots() > n - 1) setBots(n - 1);
  }

  async function create(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    // The nonce is promised by its hash first and revealed after the table has published its
    // commitments, so the server never knows all of a deal's inputs before fixing its secret.
    const nonce = randomNonce();
    const result = await api<{ table: { id: string; invite: string } }>("POST", "/api/tables", {
      body: {
        seats: seats(),
        deals: deals(),
        bots: bots(),
        moveHours: hours(),
        nonceHash: await nonceHash(nonce),
      },
    });
    if (!result.ok) {
      setBusy(false);
      setError(result.error);
      return;
    }
    const { id, invite } = result.value.table;
    rememberPendingNonce(id, nonce);
    const revealed = await api("POST", `/api/tables/${encodeURIComponent(id)}/join`, {
      body: { invite, nonce },
    });
    if (revealed.ok) forgetPendingNonce(id);
    setBusy(false);
    navigate(`/t/${id}`);
  }

  return (
    <main class="page narrow">
      <h1>{t("new.title")}</h1>
      <Show when={session.token} fallback={<StartForm />}>
        <form class="panel light new-table" onSubmit={create} data-testid="new-table-form">
          <fieldset>
            <legend>{t("new.seats")}</legend>
            <div class="segmented full">
              <For each={[3, 4] as const}>
                {(n) => (
                  <label class="choice">
                    <input
                      type="radio"
                      name="seats"
                      value={n}
                      checked={seats() === n}
                      onChange={() => chooseSeats(n)}
                    />
                    <span>{t(n === 3 ? "new.three" : "new.four")}</span>
                  </label>
                )}
              </For>
            </div>
            <small class="field-hint">{t("new.seatsHint")}</small>
          </fieldset>
          <label class="field">
            <span>{t("new.deals")}</span>
            <select
              name="deals"
              value={String(deals())}
              onChange={(event) => setDeals(Number(event.currentTarget.value))}
            >
              <For each={dealChoices(seats())}>{(n) => <option value={String(n)}>{n}</option>}</For>
            </select>
            <small class="field-hint">{t("new.dealsHint", { n: seats() })}</small>
          </label>
          <fieldset>
            <legend>{t("new.bots")}</legend>
            <div class="segmented full">
              <For each={Array.from({ length: seats() }, (_, i) => i)}>
                {(n) => (
                  <label class="choice">
                    <input
                      type="radio"
                      name="bots"
                      value={n}
                      checked={bots() === n}
                      onChange={() => setBots(n)}
                      data-testid={`bots-${n}`}
                    />
                    <span>{n}</span>
                  </label>
                )}
              </For>
            </div>
            <small class="field-hint">{t("new.botsHint")}</small>
          </fieldset>
          <label class="field">
            <span>{t("new.hours")}</span>
            <select
              name="hours"
              value={String(hours())}
              onChange={(event) => setHours(Number(event.currentTarget.value))}
            >
              <For each={HOURS}>{(h) => <option value={String(h)}>{hoursLabel(h)}</option>}</For>
            </select>
            <small class="field-hint">{t("new.hoursHint")}</small>
          </label>
          <button type="submit" class="btn primary big" disabled={busy()} data-testid="create">
            {t("new.create")}
          </button>
          <FormError error={error()} />
        </form>
      </Show>
    </main>
  );
}
