/**
 * The workerd tests' `miniflare.outboundService`: every fetch the Worker (or a test) makes comes
 * here. The fake https hosts of the stand-ins are rerouted to their local servers, loopback goes
 * through unchanged, and nothing else leaves the machine.
 */
import { fetch, type Request, Response } from "miniflare";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** `routes` maps a fake host ("push.test") to the local server that stands in for it. */
export function outboundRouter(routes: Record<string, string>) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const local = routes[url.host];
    let target: URL;
    if (local !== undefined) target = new URL(`${url.pathname}${url.search}`, local);
    else if (LOOPBACK.has(url.hostname)) target = url;
    else return new Response(`tests reach only their stand-ins, not ${url.host}`, { status: 502 });
    const headers: Record<string, string> = { "X-Original-Url": request.url };
    for (const [key, value] of request.headers) if (key !== "host") headers[key] = value;
    // Node's own fetch refuses miniflare's Request (STACK.md, gotcha 6); redirects are passed on
    // to the Worker as they are, so that its own redirect policy is what is tested.
    return fetch(target, {
      method: request.method,
      headers,
      body:
        request.method === "GET" || request.method === "HEAD" ? null : await request.arrayBuffer(),
      redirect: "manual",
    });
  };
}
