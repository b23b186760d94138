/**
 * Webhook receivers for the workerd tests, run in Node: every request to /hook/<name> is recorded
 * and answered as the test scripted it (200 unless told otherwise: a failure, or a redirect).
 *
 *   ANY /hook/<name>                  the webhook itself
 *   PUT /_control/hooks/<name>        the next answers, in order (HookResponse[])
 *   GET /_control/hooks/<name>        every request <name> received, in order (HookRequest[])
 */
import { createServer } from "node:http";
import { listen, type RunningServer, readBody } from "./push-service";
import type { HookRequest, HookResponse } from "./stand-ins";

export async function startWebhookReceiver(): Promise<RunningServer> {
  const received = new Map<string, HookRequest[]>();
  const scripts = new Map<string, HookResponse[]>();

  const server = createServer(async (req, res) => {
    const body = (await readBody(req)).toString("utf8");
    const path = req.url ?? "";
    const hook = /^\/hook\/([A-Za-z0-9_-]{1,64})$/.exec(path);
    if (hook) {
      const name = hook[1] as string;
      const answer = scripts.get(name)?.shift() ?? { status: 200 };
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(req.headers))
        if (typeof value === "string") headers[key] = value;
      const list = received.get(name) ?? [];
      list.push({
        method: req.method ?? "",
        headers,
        body,
        url: headers["x-original-url"] ?? path,
        status: answer.status,
      });
      received.set(name, list);
      res.writeHead(answer.status, answer.location ? { Location: answer.location } : {});
      res.end();
      return;
    }
    const control = /^\/_control\/hooks\/([A-Za-z0-9_-]{1,64})$/.exec(path);
    if (control && req.method === "PUT") {
      scripts.set(control[1] as string, JSON.parse(body) as HookResponse[]);
      res.writeHead(204);
      res.end();
      return;
    }
    if (control && req.method === "GET") {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(received.get(control[1] as string) ?? []));
      return;
    }
    res.writeHead(404);
    res.end();
  });
  return listen(server);
}
