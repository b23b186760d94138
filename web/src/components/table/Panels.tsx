import { createSignal, For, Show } from "solid-js";
import { t } from "../../i18n";
import { declarationLabel } from "../../lib/cards";
import { Link } from "../../lib/router";
import { roleLabel, seatName } from "../../lib/seats";
import { hoursLabel, timeLeft } from "../../lib/time";
import type { TableView } from "../../lib/types";
import { NamedCard } from "../PlayingCard";
import { useTable } from "./context";
import { callLabel } from "./Seats";

export function inviteLink(view: TableView): string | null {
  return view.table.invite ? `${location.origin}/t/${view.table.id}?i=${view.table.invite}` : null;
}

/** The invite link with copy and (where the browser has it) share. */
export function InviteLink(props: { link: string }) {
  const [copied, setCopied] = createSignal(false);
  const canShare = typeof navigator.share === "function";
  async function copy() {
    try {
      await navigator.clipboard.writeText(props.link);
      setCopied(true);
      setTimeout(() => setCopied(false), 2500);
    } catch {
      // Clipboard refused (permissions): the field is selected for a manual copy instead.
      (document.getElementById("invite-link") as HTMLInputElement | null)?.select();
    }
  }
  return (
    <div class="invite-link">
      <label for="invite-link" class="visually-hidden">
        {t("invite.link")}
      </label>
      <input
        id="invite-link"
        type="text"
        readOnly
        value={props.link}
        onFocus={(event) => event.currentTarget.select()}
        data-testid="invite-link"
      />
      <div class="actions">
        <button type="button" class="btn primary" onClick={() => void copy()}>
          {copied() ? t("invite.copied") : t("invite.copy")}
        </button>
        <Show when={canShare}>
          <button
            type="button"
            class="btn secondary"
            onClick={() =>
              void navigator
                .share({ title: "Fernskat", text: t("invite.shareText"), url: props.link })
                .catch(() => {})
            }
          >
            {t("invite.share")}
          </button>
        </Show>
      </div>
    </div>
  );
}

/** Before every seat is taken: who is here, and the link for the others. */
export function WaitingPanel() {
  const ctx = useTable();
  const view = ctx.view;
  return (
    <section class="panel waiting" data-testid="waiting">
      <h2>{inviteLink(view()) ? t("invite.title") : t("info.seats")}</h2>
      <ul class="seat-list">
        <For each={view().table.seats}>
          {(seat) => (
            <li classList={{ free: !seat.taken }}>
              <span>{seatName(view(), seat.seat)}</span>
              <Show when={seat.you}>
                <span class="tag">{t("seat.you")}</span>
              </Show>
              <Show when={seat.bot}>
                <span class="tag">{t("seat.bot")}</span>
              </Show>
            </li>
          )}
        </For>
      </ul>
      <Show when={inviteLink(view())}>
        {(link) => (
          <>
            <p>{t("invite.text")}</p>
            <InviteLink link={link()} />
          </>
        )}
      </Show>
    </section>
  );
}

export function StandingsTable(props: { view: TableView; final?: boolean; compact?: boolean }) {
  const rows = () => [...props.view.standings].sort((a, b) => a.rank - b.rank);
  return (
    <table class="standings" classList={{ compact: !!props.compact }}>
      <caption>{props.final ? t("standings.final") : t("standings.title")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("standings.rank")}</th>
          <th scope="col">{t("standings.player")}</th>
          <Show when={!props.compact}>
            <th scope="col" class="num">
              {t("standings.list")}
            </th>
            <th scope="col" class="num">
              {t("standings.wonLost")}
            </th>
          </Show>
          <th scope="col" class="num">
            {t("standings.seegerFabian")}
          </th>
        </tr>
      </thead>
      <tbody>
        <For each={rows()}>
          {(row) => (
            <tr classList={{ you: props.view.table.seats[row.seat]?.you }}>
              <td>{row.rank}.</td>
              <th scope="row" class="name">
                {seatName(props.view, row.seat)}
              </th>
              <Show when={!props.compact}>
                <td class="num">{row.list}</td>
                <td class="num">
                  {row.won}/{row.lost}
                </td>
              </Show>
              <td class="num strong">{row.seegerFabian}</td>
            </tr>
          )}
        </For>
      </tbody>
    </table>
  );
}

export function FinishedPanel() {
  const ctx = useTable();
  return (
    <section class="panel finished" data-testid="series-over">
      <h2>{t("finished.title")}</h2>
      <StandingsTable view={ctx.view()} final />
      <Link class="btn primary" href={`/t/${ctx.id}/sheet`}>
        {t("table.sheet")}
      </Link>
    </section>
  );
}

/** Details beside the table (below it on a phone): the game, the bidding, standings, the table. */
export function TableInfo() {
  const ctx = useTable();
  const view = ctx.view;
  const putAway = () =>
    view().declarer === view().seat && view().phase !== "discard" ? (view().skat ?? []) : [];
  return (
    <aside class="table-info" aria-label={t("info.label")}>
      <Show when={view().game}>
        {(game) => (
          <section>
            <h2>{t("info.game")}</h2>
            <p class="game-line">
              <strong>{declarationLabel(game())}</strong>
            </p>
            <p>
              {t("info.declarer", { name: seatName(view(), view().declarer), bid: view().bid })}
            </p>
            <Show when={putAway().length === 2}>
              <div class="put-away">
                <span>{t("info.putAway")}</span>
                <div class="fan tiny" style={{ "--n": "2" }}>
                  <For each={putAway()}>{(code) => <NamedCard code={code} class="fan-card" />}</For>
                </div>
              </div>
            </Show>
          </section>
        )}
      </Show>
      <Show when={view().auction.length > 0}>
        <section>
          <h2>{t("info.bidding")}</h2>
          <ol class="auction">
            <For each={view().auction}>
              {(call) => (
                <li classList={{ pass: call.call === "pass" }}>
                  <span>{seatName(view(), call.seat)}</span> <strong>{callLabel(call)}</strong>
                </li>
              )}
            </For>
          </ol>
        </section>
      </Show>
      <Show when={view().phase !== "waiting"}>
        <section>
          <h2>{t("info.seats")}</h2>
          <ul class="seat-roles">
            <For each={view().table.seats}>
              {(seat) => (
                <li data-seat={seat.seat}>
                  <span>
                    {seatName(view(), seat.seat)}
                    <Show when={seat.away}>
                      {" "}
                      <span class="tag away">{t("seat.away")}</span>
                    </Show>
                  </span>
                  <span class="muted">
                    {roleLabel(view(), seat.seat)}
                    <Show when={view().toAct === seat.seat && view().deadline}>
                      {(due) => (
                        <>
                          {" · "}
                          <time datetime={due()}>{timeLeft(due())}</time>
                        </>
                      )}
                    </Show>
                  </span>
                </li>
              )}
            </For>
          </ul>
        </section>
      </Show>
      <Show when={view().sheet.length > 0}>
        <section>
          <StandingsTable view={view()} compact />
          <Link href={`/t/${ctx.id}/sheet`}>{t("table.sheet")}</Link>
        </section>
      </Show>
      <section>
        <h2>{t("info.table")}</h2>
        <p>
          {t("info.tableLine", {
            players: view().players,
            deals: view().deals,
            hours: hoursLabel(view().table.moveHours),
          })}
        </p>
        <Show when={view().phase !== "waiting" ? inviteLink(view()) : null}>
          {(link) => (
            <details>
              <summary>{t("invite.watch")}</summary>
              <p class="small">{t("invite.watchText")}</p>
              <InviteLink link={link()} />
            </details>
          )}
        </Show>
      </section>
    </aside>
  );
}
