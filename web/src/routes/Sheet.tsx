import { createMemo, createResource, createSignal, For, Show } from "solid-js";
import { StandingsTable } from "../components/table/Panels";
import { t } from "../i18n";
import { api } from "../lib/api";
import { declarationLabel } from "../lib/cards";
import { errorText } from "../lib/errors";
import { Link, navigate, queryParam } from "../lib/router";
import { seatName } from "../lib/seats";
import type { SheetEntry, TableView } from "../lib/types";

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

function gameOf(entry: SheetEntry): string {
  if (entry.passedIn || !entry.game) return t("sheet.passedIn");
  return declarationLabel({ ...entry, game: entry.game });
}

/** The computer moved for this player in the deal: they were away or let a deadline pass. */
function AutoMark() {
  return (
    <span class="auto-mark" title={t("sheet.autoMark")} data-testid="auto-mark">
      <svg viewBox="0 0 16 16" aria-hidden="true" class="auto-mark-icon">
        <circle cx="8" cy="8" r="6.5" />
        <path d="M8 4v4.2l2.6 1.6" />
      </svg>
      <span class="visually-hidden">{t("sheet.autoMark")}</span>
    </span>
  );
}

/** The official list: one line per deal, each player's running total, Seeger-Fabian at the end. */
export default function SheetPage(props: { id: string }) {
  const invite = queryParam("i");
  const query = invite ? `?invite=${encodeURIComponent(invite)}` : "";
  const [result] = createResource(() =>
    api<TableView>("GET", `/api/tables/${encodeURIComponent(props.id)}${query}`),
  );
  const [mode, setMode] = createSignal<"list" | "seegerFabian">("list");
  const view = () => {
    const r = result();
    return r?.ok ? r.value : null;
  };
  const rows = createMemo(() => {
    const v = view();
    if (!v) return [];
    const totals = new Array<number>(v.players).fill(0);
    return v.sheet.map((entry) => {
      if (mode() === "list") {
        if (entry.declarer !== null)
          totals[entry.declarer] = (totals[entry.declarer] ?? 0) + entry.score;
      } else {
        entry.seegerFabian.forEach((points, seat) => {
          totals[seat] = (totals[seat] ?? 0) + points;
        });
      }
      return { entry, totals: [...totals] };
    });
  });
  return (
    <main class="page wide sheet-page">
      <p>
        <Link href={`/t/${props.id}${invite ? `?i=${invite}` : ""}`}>← {t("sheet.back")}</Link>
      </p>
      <h1>{t("sheet.title")}</h1>
      <Show when={result() && !result()?.ok && result()}>
        {(r) => (
          <p role="alert">{r().ok ? "" : errorText((r() as { error: { code: string } }).error)}</p>
        )}
      </Show>
      <Show when={view()}>
        {(v) => (
          <>
            <fieldset class="sheet-mode">
              <legend class="visually-hidden">{t("sheet.mode")}</legend>
              <div class="segmented">
                <label class="choice">
                  <input
                    type="radio"
                    name="sheet-mode"
                    checked={mode() === "list"}
                    onChange={() => setMode("list")}
                  />
                  <span>{t("sheet.modeList")}</span>
                </label>
                <label class="choice">
                  <input
                    type="radio"
                    name="sheet-mode"
                    checked={mode() === "seegerFabian"}
                    onChange={() => setMode("seegerFabian")}
                  />
                  <span>{t("standings.seegerFabian")}</span>
                </label>
              </div>
            </fieldset>
            <Show when={v().sheet.length > 0} fallback={<p class="muted">{t("sheet.empty")}</p>}>
              <div class="table-scroll">
                <table class="sheet" data-testid="sheet">
                  <thead>
                    <tr>
                      <th scope="col" class="num">
                        {t("sheet.number")}
                      </th>
                      <th scope="col">{t("sheet.game")}</th>
                      <th scope="col" class="num">
                        {t("sheet.score")}
                      </th>
                      <For each={v().table.seats}>
                        {(seat) => (
                          <th scope="col" class="num player" classList={{ you: seat.you }}>
                            {seatName(v(), seat.seat)}
                          </th>
                        )}
                      </For>
                    </tr>
                  </thead>
                  <tbody>
                    <For each={rows()}>
                      {(row) => (
                        <tr
                          class="sheet-row"
                          classList={{ lost: !row.entry.won && !row.entry.passedIn }}
                          onClick={() => navigate(`/t/${props.id}/deal/${row.entry.deal + 1}`)}
                        >
                          <td class="num">
                            <Link href={`/t/${props.id}/deal/${row.entry.deal + 1}`}>
                              {row.entry.deal + 1}
                            </Link>
                          </td>
                          <td>
                            <Show when={row.entry.declarer !== null}>
                              <strong>{seatName(v(), row.entry.declarer)}</strong>{" "}
                            </Show>
                            <span>{gameOf(row.entry)}</span>
                            <Show when={!row.entry.passedIn}>
                              <span class="muted"> · {row.entry.bid}</span>
                            </Show>
                          </td>
                          <td class="num">{row.entry.passedIn ? "–" : signed(row.entry.score)}</td>
                          <For each={row.totals}>
                            {(total, seat) => (
                              <td
                                class="num"
                                classList={{
                                  changed:
                                    mode() === "list"
                                      ? row.entry.declarer === seat()
                                      : (row.entry.seegerFabian[seat()] ?? 0) !== 0,
                                }}
                              >
                                <Show when={v().autoSeats[row.entry.deal]?.includes(seat())}>
                                  <AutoMark />{" "}
                                </Show>
                                {total}
                              </td>
                            )}
                          </For>
                        </tr>
                      )}
                    </For>
                  </tbody>
                </table>
              </div>
            </Show>
            <Show when={v().autoSeats.some((seats) => seats.length > 0)}>
              <p class="small" data-testid="auto-legend">
                <AutoMark /> {t("sheet.autoLegend")}
              </p>
            </Show>
            <StandingsTable view={v()} final={v().finished} />
            <p class="muted small">{t("sheet.explain")}</p>
          </>
        )}
      </Show>
    </main>
  );
}
