/**
 * The fairness proof of a finished deal, checked here in the browser with the engine's own
 * functions (shared/fairness.ts): the revealed secret must hash to the commitment published when
 * the table was created, and the shuffle of that secret with every seat's nonce must give exactly
 * the cards that were dealt. Loaded only when a result is shown.
 */
import { createResource, Match, Show, Switch } from "solid-js";
import { verifyDeal } from "../../../shared/fairness";
import { t } from "../i18n";
import { api } from "../lib/api";
import type { DealReveal, FinishedDeal } from "../lib/types";

type Check =
  | { ok: true; commitment: string; nonces: number }
  | { ok: false; reason: string; unavailable?: boolean };

function sameCards(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

export function checkDeal(
  finished: FinishedDeal,
  reveal: DealReveal,
  published: string | undefined,
): Check {
  const proof = finished.proof;
  if (!published) return { ok: false, reason: t("fair.noCommitment") };
  if (proof.commitment.toLowerCase() !== published.toLowerCase()) {
    return { ok: false, reason: t("fair.commitmentChanged") };
  }
  if (proof.dealNumber !== reveal.deal) return { ok: false, reason: t("fair.wrongDeal") };
  const verdict = verifyDeal({ ...proof, commitment: published });
  if (!verdict.ok) return { ok: false, reason: `${t("fair.proofFailed")} (${verdict.message})` };
  // The deck must also be the cards this page shows: 0-9 forehand, 10-19 middlehand,
  // 20-29 rearhand, 30-31 skat.
  const deck = proof.deck;
  for (let role = 0; role < 3; role++) {
    const seat = reveal.roles[role] as number;
    if (!sameCards(deck.slice(role * 10, role * 10 + 10), reveal.dealt[seat] ?? [])) {
      return { ok: false, reason: t("fair.handsDiffer") };
    }
  }
  if (!sameCards(deck.slice(30, 32), reveal.skat))
    return { ok: false, reason: t("fair.handsDiffer") };
  return { ok: true, commitment: published, nonces: proof.nonces.length };
}

export default function Fairness(props: {
  tableId: string;
  reveal: DealReveal;
  commitment: string | undefined;
  invite: string | null;
}) {
  const [check] = createResource(
    () => ({ n: props.reveal.deal + 1, reveal: props.reveal }),
    async ({ n, reveal }): Promise<Check> => {
      const query = props.invite ? `?invite=${encodeURIComponent(props.invite)}` : "";
      const res = await api<FinishedDeal>(
        "GET",
        `/api/tables/${encodeURIComponent(props.tableId)}/deals/${n}${query}`,
      );
      // Not reaching the proof is no evidence against the deal: said quietly, not as a warning.
      if (!res.ok) return { ok: false, unavailable: true, reason: res.error.message };
      return checkDeal(res.value, reveal, props.commitment);
    },
  );
  return (
    <Show when={check()} fallback={<p class="fairness checking">{t("fair.checking")}</p>}>
      {(c) => (
        <Switch>
          <Match when={c().ok && (c() as Extract<Check, { ok: true }>)}>
            {(good) => (
              <div class="fairness verified" data-testid="fairness" data-state="verified">
                <p class="fair-mark">
                  <span aria-hidden="true">✓</span> {t("fair.verified")}
                </p>
                <details>
                  <summary>{t("fair.how")}</summary>
                  <p>{t("fair.explain", { nonces: good().nonces })}</p>
                  <p class="mono">
                    {t("fair.commitment")}: {good().commitment}
                  </p>
                </details>
              </div>
            )}
          </Match>
          <Match when={!c().ok && (c() as Extract<Check, { ok: false }>).unavailable}>
            <p class="fairness unavailable" data-testid="fairness" data-state="unavailable">
              {t("fair.unavailable")}
            </p>
          </Match>
          <Match when={!c().ok && (c() as Extract<Check, { ok: false }>)}>
            {(bad) => (
              <div class="fairness failed" role="alert" data-testid="fairness" data-state="failed">
                <p class="fair-mark">
                  <span aria-hidden="true">⚠</span> {t("fair.failed")}
                </p>
                <p>{bad().reason}</p>
              </div>
            )}
          </Match>
        </Switch>
      )}
    </Show>
  );
}
