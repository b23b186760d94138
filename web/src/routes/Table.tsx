import {
  createEffect,
  createMemo,
  createSignal,
  For,
  lazy,
  Match,
  onCleanup,
  Show,
  Suspense,
  Switch,
} from "solid-js";
import type { GameName } from "../../../shared/games";
import { FormError } from "../components/FormError";
import { NameField } from "../components/NameField";
import { ActionArea } from "../components/table/Actions";
import { AwayBanner, BidLimit } from "../components/table/Automation";
import { Center } from "../components/table/Center";
import {
  TableContext,
  type TableContextValue,
  useTable as useTableContext,
} from "../components/table/context";
import { Hand } from "../components/table/Hand";
import { FinishedPanel, TableInfo, WaitingPanel } from "../components/table/Panels";
import { OpenHand, SeatBadge } from "../components/table/Seats";
import { StatusLine } from "../components/table/Status";
import { type MessageKey, t } from "../i18n";
import { type ApiFailure, api } from "../lib/api";
import { errorText } from "../lib/errors";
import { forgetPendingNonce, pendingNonce, randomNonce } from "../lib/nonce";
import { Link, navigate, queryParam } from "../lib/router";
import { otherSeats, seatName } from "../lib/seats";
import type { TableView } from "../lib/types";
import { createPlayer, session } from "../stores/session";
import { createTableStore, type TableStore } from "../stores/table";

const ResultView = lazy(() => import("../components/ResultView"));

const seenKey = (id: string) => `fernskat.seen.${id}`;

function readSeen(id: string): number {
  const value = Number(localStorage.getItem(seenKey(id)) ?? "-1");
  return Number.isInteger(value) ? value : -1;
}

/** After each deal: its result, until the player moves on. */
function ResultDialog(props: { id: string; view: TableView; invite: string | null }) {
  const [seen, setSeen] = createSignal(readSeen(props.id));
  const previous = () => props.view.previous;
  const open = () => {
    const p = previous();
    return p !== null && p.deal > seen();
  };
  let dialog: HTMLDialogElement | undefined;
  createEffect(() => {
    if (!dialog) return;
    if (open() && !dialog.open) dialog.showModal();
    if (!open() && dialog.open) dialog.close();
  });
  function dismiss() {
    const p = previous();
    if (!p) return;
    try {
      localStorage.setItem(seenKey(props.id), String(p.deal));
    } catch {}
    setSeen(p.deal);
  }
  return (
    <dialog
      ref={dialog}
      class="result-dialog"
      aria-labelledby="result-heading"
      onCancel={(event) => {
        event.preventDefault();
        dismiss();
      }}
      data-testid="result-dialog"
    >
      <Show when={open() && previous()}>
        {(reveal) => (
          <>
            <h2 id="result-heading" class="visually-hidden">
              {t("result.deal", { n: reveal().deal + 1 })}
            </h2>
            <Suspense fallback={<p>{t("common.loading")}</p>}>
              <ResultView
                reveal={reveal()}
                names={(seat) => seatName(props.view, seat)}
                tableId={props.id}
                commitment={props.view.table.commitments[reveal().deal]}
                invite={props.invite}
                players={props.view.players}
              />
            </Suspense>
            <div class="dialog-actions">
              <Link
                class="btn secondary"
                href={`/t/${props.id}/deal/${reveal().deal + 1}`}
                onClick={dismiss}
                data-testid="open-replay"
              >
                {t("result.replay")}
              </Link>
              <Link
                class="btn secondary"
                href={`/t/${props.id}/sheet`}
                onClick={dismiss}
                data-testid="open-sheet"
              >
                {t("table.sheet")}
              </Link>
              <button type="button" class="btn primary" onClick={dismiss} data-testid="continue">
                {props.view.finished ? t("result.close") : t("result.continue")}
              </button>
            </div>
          </>
        )}
      </Show>
    </dialog>
  );
}

function ErrorToast(props: { store: TableStore }) {
  createEffect(() => {
    if (!props.store.state.error) return;
    const timer = setTimeout(() => props.store.clearError(), 9000);
    onCleanup(() => clearTimeout(timer));
  });
  return (
    <Show when={props.store.state.error}>
      {(error) => (
        <div class="toast error" role="alert" data-testid="error">
          <div>
            <strong>{errorText(error())}</strong>
            <Show when={error().code !== "ERR_NETWORK"}>
              <p class="server-message">
                {t("error.server")}: “{error().message}”
              </p>
            </Show>
          </div>
          <button
            type="button"
            class="btn icon"
            aria-label={t("common.close")}
            onClick={() => props.store.clearError()}
          >
            ×
          </button>
        </div>
      )}
    </Show>
  );
}

/** Someone who followed an invite: take a free seat (a new player types a name first). */
function JoinCard(props: { id: string; invite: string; view: TableView; onJoined: () => void }) {
  const [name, setName] = createSignal("");
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<ApiFailure | null>(null);
  const host = () => props.view.table.seats.find((seat) => seat.taken && !seat.bot);
  async function join(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    if (!session.token) {
      const created = await createPlayer(name().trim());
      if (!created.ok) {
        setError(created.error);
        setBusy(false);
        return;
      }
    }
    const joined = await api<{ seat: number }>(
      "POST",
      `/api/tables/${encodeURIComponent(props.id)}/join`,
      { body: { invite: props.invite, nonce: randomNonce() } },
    );
    setBusy(false);
    if (!joined.ok) {
      setError(joined.error);
      return;
    }
    props.onJoined();
  }
  return (
    <form class="panel join-card" onSubmit={join} data-testid="join">
      <h2>{t("join.title")}</h2>
      <p>
        {t("join.text", {
          name: host()?.name ?? "",
          players: props.view.players,
          deals: props.view.deals,
        })}
      </p>
      <Show when={!session.token}>
        <NameField
          label={t("start.nameLabel")}
          value={name()}
          onInput={setName}
          testId="join-name"
        />
      </Show>
      <button type="submit" class="btn primary" disabled={busy()} data-testid="join-button">
        {session.player ? t("join.asPlayer", { name: session.player.name }) : t("join.takeSeat")}
      </button>
      <FormError error={error()} />
    </form>
  );
}

function TableScreen(props: { id: string; invite: string | null; onJoined: () => void }) {
  const store = createTableStore(props.id, () => props.invite);
  const [selected, setSelected] = createSignal<string[]>([]);
  const [previewGame, setPreviewGame] = createSignal<GameName | null>(null);
  const [showLastTrick, setShowLastTrick] = createSignal(false);

  // Once seated, the invite is no longer needed in the address bar.
  createEffect(() => {
    const view = store.state.view;
    if (view && view.seat !== null && props.invite) navigate(`/t/${props.id}`, { replace: true });
  });

  // A creator whose nonce was promised but never revealed (the connection dropped right after
  // creating the table) reveals it now; the table waits for it before dealing.
  createEffect(() => {
    const view = store.state.view;
    const nonce = pendingNonce(props.id);
    if (view?.phase !== "waiting" || view.seat === null || !nonce || !view.table.invite) return;
    void api("POST", `/api/tables/${encodeURIComponent(props.id)}/join`, {
      body: { invite: view.table.invite, nonce },
    }).then((revealed) => {
      if (revealed.ok) forgetPendingNonce(props.id);
    });
  });

  return (
    <Switch>
      <Match when={store.state.view}>
        {(view) => {
          const ctx: TableContextValue = {
            id: props.id,
            store,
            view,
            selected,
            setSelected,
            previewGame,
            setPreviewGame,
            showLastTrick,
            setShowLastTrick,
          };
          const canJoin = createMemo(
            () =>
              view().seat === null &&
              !!props.invite &&
              view().table.status === "open" &&
              view().table.seats.some((seat) => !seat.taken),
          );
          return (
            <TableContext.Provider value={ctx}>
              <TableLayout canJoin={canJoin()} invite={props.invite} onJoined={props.onJoined} />
            </TableContext.Provider>
          );
        }}
      </Match>
      <Match when={store.state.loadError}>
        {(error) => (
          <main class="page narrow">
            <h1>{t("table.unavailable")}</h1>
            <p role="alert">{errorText(error())}</p>
            <Show when={error().code === "ERR_NOT_SEATED" || error().code === "ERR_NO_TOKEN"}>
              <p>{t("table.needInvite")}</p>
            </Show>
            <Link class="btn primary" href="/">
              {t("nav.myGames")}
            </Link>
          </main>
        )}
      </Match>
      <Match when={true}>
        <main class="page narrow">
          <p class="loading">{t("common.loading")}</p>
        </main>
      </Match>
    </Switch>
  );
}

function ConnectionDot() {
  const ctx = useTableContext();
  const state = () => ctx.store.state.connection;
  const label = () => t(`connection.${state()}` as MessageKey);
  return (
    <span class="connection" data-state={state()} role="status" title={label()}>
      <span class="dot" aria-hidden="true" />
      <span class="connection-label">{label()}</span>
    </span>
  );
}

function TableLayout(props: { canJoin: boolean; invite: string | null; onJoined: () => void }) {
  const ctx = useTableContext();
  const view = ctx.view;
  const seated = () => view().seat !== null;
  // The tab says when it is this player's move, for a table left open in the background.
  createEffect(() => {
    const mine = view().toAct !== null && view().toAct === view().seat;
    document.title = `${mine ? `● ${t("games.yourTurn")} · ` : ""}${dealLabel()} · Fernskat`;
  });
  onCleanup(() => {
    document.title = "Fernskat";
  });
  const dealLabel = () =>
    view().finished
      ? t("table.seriesOver")
      : view().phase === "waiting"
        ? t("table.waiting")
        : t("table.deal", { n: view().dealNumber + 1, of: view().deals });
  return (
    <div class="table-page" data-phase={view().phase} data-version={view().version}>
      <div class="felt-wrap">
        <section class="felt" aria-labelledby="table-heading">
          <header class="table-bar">
            <h1 id="table-heading" class="deal-no">
              {dealLabel()}
            </h1>
            <ConnectionDot />
            <nav class="table-nav" aria-label={t("table.tools")}>
              <Show when={view().phase === "play" && view().lastTrick && view().trick.length > 0}>
                <button
                  type="button"
                  class="btn small ghost"
                  aria-pressed={ctx.showLastTrick()}
                  onClick={() => ctx.setShowLastTrick((v) => !v)}
                >
                  {t("table.lastTrick")}
                </button>
              </Show>
              <Show when={view().phase !== "waiting"}>
                <Link class="btn small ghost" href={`/t/${ctx.id}/sheet`} data-testid="sheet-link">
                  {t("table.sheetShort")}
                </Link>
              </Show>
            </nav>
          </header>
          <AwayBanner />
          <Show when={props.canJoin && props.invite}>
            {(invite) => (
              <JoinCard id={ctx.id} invite={invite()} view={view()} onJoined={props.onJoined} />
            )}
          </Show>
          <Show when={view().phase !== "waiting"}>
            <div class="opponents" data-count={otherSeats(view()).length}>
              <For each={otherSeats(view())}>{(seat) => <SeatBadge seat={seat} />}</For>
            </div>
            <OpenHand />
          </Show>
          <Switch fallback={<Center />}>
            <Match when={view().phase === "waiting"}>
              <WaitingPanel />
            </Match>
            <Match when={view().finished}>
              <FinishedPanel />
            </Match>
          </Switch>
          <Show when={view().phase !== "waiting" && !view().finished}>
            <StatusLine />
          </Show>
          <Show when={seated() && view().phase !== "waiting" && !view().finished}>
            <ActionArea />
            <BidLimit />
            <Hand />
          </Show>
        </section>
      </div>
      <TableInfo />
      <ResultDialog id={ctx.id} view={view()} invite={props.invite} />
      <ErrorToast store={ctx.store} />
    </div>
  );
}

export default function TablePage(props: { id: string }) {
  const [epoch, setEpoch] = createSignal(0);
  // Taking a seat needs a new connection: a socket keeps the seat it was opened with.
  const key = () => `joined-${epoch()}`;
  return (
    <Show when={key()} keyed>
      {(_) => (
        <TableScreen
          id={props.id}
          invite={queryParam("i")}
          onJoined={() => setEpoch((n) => n + 1)}
        />
      )}
    </Show>
  );
}
