/** The one place that talks HTTP to the Worker: JSON in, `{ok, value} | {ok: false, error}` out. */
import type { ErrorInfo, TableView } from "./types";

export interface ApiFailure extends ErrorInfo {
  /** HTTP status, or 0 when the request never got an answer. */
  status: number;
  /** A stale action comes back with the table as it is now. */
  view?: TableView;
}

export type ApiResult<T> =
  | { ok: true; value: T; status: number; etag: string | null }
  | { ok: false; error: ApiFailure };

let tokenSource: () => string | null = () => null;

/** The session store tells the agent where the token is (avoids an import cycle). */
export function useTokenFrom(source: () => string | null): void {
  tokenSource = source;
}

export interface RequestOptions {
  body?: unknown;
  /** Send the last ETag; a 304 answers `{ok: true, value: null}`. */
  etag?: string | null;
  /** Override the stored token (null: send none). */
  token?: string | null;
  signal?: AbortSignal;
}

export async function api<T>(
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { accept: "application/json" };
  const token = options.token === undefined ? tokenSource() : options.token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.etag) headers["if-none-match"] = options.etag;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      cache: "no-store",
      signal: options.signal ?? null,
    });
  } catch (error) {
    return {
      ok: false,
      error: { status: 0, code: "ERR_NETWORK", message: String((error as Error).message ?? error) },
    };
  }
  const etag = response.headers.get("etag");
  if (response.status === 304) {
    return { ok: true, value: null as T, status: 304, etag };
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // A proxy's HTML error page, or an empty body: reported below by status.
  }
  if (response.ok) return { ok: true, value: body as T, status: response.status, etag };
  const envelope = body as { error?: Partial<ErrorInfo>; view?: TableView } | null;
  const failure: ApiFailure = {
    status: response.status,
    code: envelope?.error?.code ?? `HTTP_${response.status}`,
    message: envelope?.error?.message ?? response.statusText,
  };
  if (envelope?.view) failure.view = envelope.view;
  return { ok: false, error: failure };
}
