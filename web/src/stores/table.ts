/**
 * One table as the client sees it: the server's view in a store (applied with `reconcile`, so
 * only what changed re-renders), kept current over the WebSocket, with polling (ETag) while the
 * socket is down. Moves are never applied locally: a move is pending until the server's answer.
 */
import { onCleanup } from "solid-js";
import { createStore, reconcile } from "solid-js/store";
import { type ApiFailure, api } from "../lib/api";
import type { Action, TableView } from "../lib/types";
import { session } from "./session";

export type Connection = "connecting" | "live" | "polling" | "offline";

export interface TableState {
  view: TableView | null;
  connection: Connection;
  pending: Action | null;
  /** A request about the seat rather than a move (bid limit, taking the seat back) in flight. */
  busy: "bidLimit" | "back" | null;
  error: ApiFailure | null;
  /** Loading the table failed (and no view is known). */
  loadError: ApiFailure | null;
}

const POLL_VISIBLE_MS = 5000;
const POLL_HIDDEN_MS = 30_000;
const RECONNECT_MAX_MS = 30_000;

export function createTableStore(id: string, invite: () => string | null) {
  const [state, setState] = createStore<TableState>({
    view: null,
    connection: "connecting",
    pending: null,
    busy: null,
    error: null,
    loadError: null,
  });
  let etag: string | null = null;
  let socket: WebSocket | null = null;
  let attempts = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;

  const viewPath = () => {
    const code = invite();
    return `/api/tables/${encodeURIComponent(id)}${code ? `?invite=${encodeURIComponent(code)}` : ""}`;
  };

  /** Views can overtake each other (socket vs. HTTP answer): never step back to an older one. */
  function accept(view: TableView): void {
    const current = state.view;
    if (current && current.seat === view.seat && view.version < current.version) return;
    setState("view", reconcile(view));
    setState("loadError", null);
  }

  async function refresh(): Promise<void> {
    const result = await api<TableView | null>("GET", viewPath(), { etag });
    if (disposed) return;
    if (result.ok) {
      etag = result.etag ?? etag;
      if (result.value) accept(result.value);
    } else if (!state.view || result.error.status !== 0) {
      setState("loadError", result.error);
    }
  }

  function schedulePoll(): void {
    clearTimeout(pollTimer);
    if (disposed || state.connection === "live") return;
    const delay = document.hidden ? POLL_HIDDEN_MS : POLL_VISIBLE_MS;
    pollTimer = setTimeout(async () => {
      await refresh();
      schedulePoll();
    }, delay);
  }

  function connect(): void {
    clearTimeout(reconnectTimer);
    if (disposed || typeof WebSocket === "undefined") {
      setState("connection", "polling");
      schedulePoll();
      return;
    }
    const params = new URLSearchParams();
    if (session.token) params.set("token", session.token);
    const code = invite();
    if (code) params.set("invite", code);
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(
      `${scheme}//${location.host}/api/tables/${encodeURIComponent(id)}/live?${params}`,
    );
    socket = ws;
    ws.onopen = () => {
      if (socket !== ws) return;
      attempts = 0;
      setState("connection", "live");
      clearTimeout(pollTimer);
    };
    ws.onmessage = (event) => {
      if (socket !== ws || typeof event.data !== "string") return;
      try {
        const message = JSON.parse(event.data) as { type: string; view?: TableView };
        if (message.view) accept(message.view);
      } catch {
        // Not ours to interpret: the next view or poll corrects anything missed.
      }
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      if (disposed) return;
      setState("connection", navigator.onLine === false ? "offline" : "polling");
      void refresh();
      schedulePoll();
      // Back off 1 s, 2 s, 4 s ... up to 30 s, with jitter so a server restart is not stampeded.
      const delay = Math.min(RECONNECT_MAX_MS, 1000 * 2 ** attempts) * (0.75 + Math.random() / 2);
      attempts++;
      reconnectTimer = setTimeout(connect, delay);
    };
  }

  function reconnectNow(): void {
    if (disposed) return;
    if (!socket || socket.readyState > WebSocket.OPEN) {
      attempts = 0;
      connect();
    }
  }

  // Back in the foreground (phones suspend sockets silently): check at once.
  const onVisible = () => {
    if (document.hidden) return;
    void refresh();
    reconnectNow();
  };
  const onOnline = () => reconnectNow();
  const onOffline = () => setState("connection", "offline");
  document.addEventListener("visibilitychange", onVisible);
  window.addEventListener("online", onOnline);
  window.addEventListener("offline", onOffline);

  void refresh();
  connect();

  onCleanup(() => {
    disposed = true;
    clearTimeout(reconnectTimer);
    clearTimeout(pollTimer);
    document.removeEventListener("visibilitychange", onVisible);
    window.removeEventListener("online", onOnline);
    window.removeEventListener("offline", onOffline);
    const ws = socket;
    socket = null;
    ws?.close(1000, "left the table");
  });

  /** Sends one of the view's legal actions, verbatim. */
  async function act(action: Action): Promise<boolean> {
    const view = state.view;
    if (!view || state.pending) return false;
    setState({ pending: action, error: null });
    const result = await api<TableView>("POST", `/api/tables/${encodeURIComponent(id)}/actions`, {
      body: { version: view.version, action },
    });
    if (disposed) return false;
    setState("pending", null);
    if (result.ok) {
      accept(result.value);
      return true;
    }
    setState("error", result.error);
    if (result.error.view) accept(result.error.view);
    return false;
  }

  /** POSTs a request about the viewer's seat that answers with the new view. */
  async function seatRequest(
    kind: "bidLimit" | "back",
    path: string,
    body: unknown,
  ): Promise<boolean> {
    if (state.busy) return false;
    setState({ busy: kind, error: null });
    const result = await api<TableView>("POST", `/api/tables/${encodeURIComponent(id)}/${path}`, {
      body,
    });
    if (disposed) return false;
    setState("busy", null);
    if (result.ok) {
      accept(result.value);
      return true;
    }
    setState("error", result.error);
    if (result.error.view) accept(result.error.view);
    return false;
  }

  return {
    state,
    act,
    /** "I go up to N" in this deal's bidding (null clears it); the server may bid for us at once. */
    setBidLimit: (limit: number | null) => seatRequest("bidLimit", "bid-limit", { limit }),
    /** Takes the seat back from the computer after being away. */
    comeBack: () => seatRequest("back", "back", {}),
    refresh,
    clearError: () => setState("error", null),
  };
}

export type TableStore = ReturnType<typeof createTableStore>;
