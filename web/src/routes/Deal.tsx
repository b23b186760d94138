import { createResource, Show } from "solid-js";
import Replay from "../components/Replay";
import ResultView from "../components/ResultView";
import { t } from "../i18n";
import { api } from "../lib/api";
import { errorText } from "../lib/errors";
import { Link, queryParam } from "../lib/router";
import { seatName } from "../lib/seats";
import type { FinishedDeal, TableView } from "../lib/types";

/** A finished deal: its result explained, the fairness proof, and the replay with open hands. */
export default function DealPage(props: { id: string; n: string }) {
  const invite = queryParam("i");
  const query = invite ? `?invite=${encodeURIComponent(invite)}` : "";
  const base = `/api/tables/${encodeURIComponent(props.id)}`;
  const [data] = createResource(
    () => props.n,
    async (n) => {
      const [view, deal] = await Promise.all([
        api<TableView>("GET", `${base}${query}`),
        api<FinishedDeal>("GET", `${base}/deals/${encodeURIComponent(n)}${query}`),
      ]);
      if (!view.ok) return { error: view.error };
      if (!deal.ok) return { error: deal.error };
      return { view: view.value, deal: deal.value };
    },
  );
  return (
    <main class="page wide deal-page">
      <p class="crumbs">
        <Link href={`/t/${props.id}${invite ? `?i=${invite}` : ""}`}>← {t("sheet.back")}</Link>
        {" · "}
        <Link href={`/t/${props.id}/sheet${invite ? `?i=${invite}` : ""}`}>{t("table.sheet")}</Link>
      </p>
      <h1>{t("result.deal", { n: props.n })}</h1>
      <Show when={data.loading}>
        <p class="loading">{t("common.loading")}</p>
      </Show>
      <Show when={data()?.error}>{(error) => <p role="alert">{errorText(error())}</p>}</Show>
      <Show
        when={
          data()?.view && data()?.deal ? (data() as { view: TableView; deal: FinishedDeal }) : null
        }
      >
        {(loaded) => {
          const names = (seat: number | null) => seatName(loaded().view, seat);
          return (
            <div class="deal-grid">
              <div class="panel light">
                <ResultView
                  reveal={loaded().deal.reveal}
                  names={names}
                  tableId={props.id}
                  commitment={loaded().view.table.commitments[loaded().deal.reveal.deal]}
                  invite={invite}
                  players={loaded().view.players}
                />
              </div>
              <div class="panel felt-panel">
                <Replay reveal={loaded().deal.reveal} names={names} />
              </div>
              <Show when={loaded().deal.record}>
                <details class="record">
                  <summary>{t("deal.record")}</summary>
                  <pre>{loaded().deal.record}</pre>
                </details>
              </Show>
            </div>
          );
        }}
      </Show>
    </main>
  );
}
