/** WebSocket clients for the workerd tests: every frame a socket receives is kept, in order. */
import { exports } from "cloudflare:workers";
import type { TableView } from "../../../worker/table";
import { freshAddress, ORIGIN } from "./client";

export type LiveMessage =
  | { type: "view"; view: TableView }
  | { type: "error"; error: { code: string; message: string }; view?: TableView };

export class LiveSocket {
  /** Every message received so far, in order. */
  readonly received: LiveMessage[] = [];
  private read = 0;
  private waiting: (() => void) | null = null;
  closed = false;

  private constructor(
    readonly label: string,
    private readonly socket: WebSocket,
  ) {
    socket.addEventListener("message", (event) => {
      this.received.push(JSON.parse(String(event.data)) as LiveMessage);
      this.waiting?.();
    });
    socket.addEventListener("close", () => {
      this.closed = true;
      this.waiting?.();
    });
  }

  /** Opens `/api/tables/:id/live` with the given query; fails unless the server upgrades. */
  static async open(
    label: string,
    tableId: string,
    query: string,
    headers: Record<string, string> = {},
  ): Promise<LiveSocket> {
    const res = await openLive(tableId, query, headers);
    if (res.status !== 101 || !res.webSocket) {
      throw new Error(`live ${label}: ${res.status} ${await res.text()}`);
    }
    const socket = res.webSocket;
    socket.accept();
    return new LiveSocket(label, socket);
  }

  /** Sends text as is, bytes as a binary frame, anything else as JSON. */
  send(message: unknown): void {
    if (typeof message === "string" || message instanceof ArrayBuffer) this.socket.send(message);
    else this.socket.send(JSON.stringify(message));
  }

  /** The next message not read yet, waiting for it up to `timeoutMs`. */
  async next(timeoutMs = 5000): Promise<LiveMessage> {
    const deadline = Date.now() + timeoutMs;
    while (this.read >= this.received.length) {
      if (this.closed) throw new Error(`live ${this.label}: closed while waiting`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`live ${this.label}: no message within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiting = null;
    }
    return this.received[this.read++] as LiveMessage;
  }

  /** The next message, which must be a view. */
  async nextView(timeoutMs?: number): Promise<TableView> {
    const message = await this.next(timeoutMs);
    if (message.type !== "view") {
      throw new Error(`live ${this.label}: expected a view, got ${JSON.stringify(message)}`);
    }
    return message.view;
  }

  /** Messages that arrived and were not read, without waiting. */
  unread(): LiveMessage[] {
    const rest = this.received.slice(this.read);
    this.read = this.received.length;
    return rest;
  }

  /** Lets pending deliveries land, then says whether anything unread arrived. */
  async settle(ms = 50): Promise<LiveMessage[]> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return this.unread();
  }

  close(): void {
    if (!this.closed) this.socket.close(1000, "done");
  }
}

/** The raw upgrade request, for tests of refusals. */
export function openLive(
  tableId: string,
  query: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return exports.default.fetch(
    new Request(`${ORIGIN}/api/tables/${tableId}/live${query ? `?${query}` : ""}`, {
      headers: { Upgrade: "websocket", "CF-Connecting-IP": freshAddress(), ...headers },
    }),
  );
}
