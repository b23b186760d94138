/**
 * A stand-in for a Web Push service (FCM, Mozilla, Apple), run in Node for the workerd tests.
 * It checks what a real one checks: the VAPID JWT (RFC 8292: ES256 signed with the key in `k=`,
 * `aud` = the push service's origin, `exp` within 24 hours, a `mailto:` subject) and a TTL header;
 * then it decrypts the body as the browser would (RFC 8291, aes128gcm) with http_ece, the
 * implementation the `web-push` package uses, and records everything for the tests to read.
 *
 *   POST /push/<id>                    a push message for subscription <id>
 *   PUT  /_control/subscriptions/<id>  a browser's private key and auth secret
 *   GET  /_control/deliveries/<id>     every message <id> received, in order (PushDelivery[])
 */
import { createECDH, createPublicKey, verify } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import ece from "http_ece";
import type { PushDelivery, StandInSubscription } from "./stand-ins";

export interface PushServiceOptions {
  /** The application server key the Worker must sign with (base64url uncompressed point). */
  vapidPublicKey: string;
  /** The origin the Worker addresses (the fake https host): what the JWT's `aud` must be. */
  audience: string;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

const ID = "([A-Za-z0-9_-]{1,64})";

export async function startPushService(options: PushServiceOptions): Promise<RunningServer> {
  const subscriptions = new Map<string, StandInSubscription>();
  const deliveries = new Map<string, PushDelivery[]>();

  const server = createServer(async (req, res) => {
    try {
      const body = await readBody(req);
      const path = req.url ?? "";
      let match = new RegExp(`^/push/${ID}$`).exec(path);
      if (req.method === "POST" && match) {
        const id = match[1] as string;
        const delivery = receive(req, body, subscriptions.get(id), options);
        const list = deliveries.get(id) ?? [];
        list.push(delivery);
        deliveries.set(id, list);
        return reply(res, delivery.status, delivery.verdict);
      }
      match = new RegExp(`^/_control/subscriptions/${ID}$`).exec(path);
      if (req.method === "PUT" && match) {
        subscriptions.set(match[1] as string, JSON.parse(body.toString("utf8")));
        return reply(res, 204, "");
      }
      match = new RegExp(`^/_control/deliveries/${ID}$`).exec(path);
      if (req.method === "GET" && match) {
        return reply(res, 200, JSON.stringify(deliveries.get(match[1] as string) ?? []));
      }
      reply(res, 404, "no such route");
    } catch (error) {
      reply(res, 500, String(error));
    }
  });
  return listen(server);
}

/** Checks one push request like a push service, then decrypts it like the browser. */
function receive(
  req: IncomingMessage,
  body: Buffer,
  subscription: StandInSubscription | undefined,
  options: PushServiceOptions,
): PushDelivery {
  const header = (name: string) => {
    const value = req.headers[name];
    return typeof value === "string" ? value : null;
  };
  const delivery: PushDelivery = {
    status: 400,
    verdict: "",
    authScheme: null,
    contentEncoding: header("content-encoding"),
    ttl: header("ttl"),
    urgency: header("urgency"),
    topic: header("topic"),
    claims: null,
    payload: null,
  };
  const refuse = (status: number, verdict: string) => ({ ...delivery, status, verdict });
  if (!subscription) return refuse(404, "unknown subscription");

  const authorization = header("authorization") ?? "";
  const scheme = /^(\S+)\s+(.*)$/.exec(authorization);
  delivery.authScheme = scheme?.[1]?.toLowerCase() ?? null;
  if (delivery.authScheme !== "vapid") return refuse(401, "Authorization is not `vapid t=, k=`");
  const params = new Map(
    (scheme?.[2] ?? "").split(",").map((part) => {
      const [key, ...value] = part.trim().split("=");
      return [key ?? "", value.join("=")] as const;
    }),
  );
  const token = params.get("t") ?? "";
  const key = params.get("k") ?? "";
  if (key !== options.vapidPublicKey) return refuse(403, "k= is not the application server key");

  const [encodedHeader, encodedClaims, signature] = token.split(".");
  if (!encodedHeader || !encodedClaims || !signature) return refuse(401, "t= is not a JWT");
  const jwtHeader = JSON.parse(Buffer.from(encodedHeader, "base64url").toString("utf8"));
  if (jwtHeader.alg !== "ES256") return refuse(401, `JWT alg is ${jwtHeader.alg}, not ES256`);
  const point = Buffer.from(key, "base64url");
  if (point.length !== 65 || point[0] !== 4) return refuse(403, "k= is not an uncompressed point");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${encodedHeader}.${encodedClaims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) return refuse(403, "the JWT signature does not verify with k=");
  const claims = JSON.parse(Buffer.from(encodedClaims, "base64url").toString("utf8"));
  delivery.claims = { aud: claims.aud, exp: claims.exp, sub: claims.sub };
  const now = Date.now() / 1000;
  if (claims.aud !== options.audience) return refuse(403, `aud is ${claims.aud}`);
  if (typeof claims.exp !== "number" || claims.exp <= now || claims.exp > now + 24 * 3600)
    return refuse(403, "exp is not within the next 24 hours");
  if (typeof claims.sub !== "string" || !/^mailto:[^@\s]+@[^@\s]+$/.test(claims.sub))
    return refuse(403, "sub is not a mailto: contact");
  if (delivery.ttl === null || !/^\d+$/.test(delivery.ttl))
    return refuse(400, "TTL header missing");
  if (delivery.contentEncoding !== "aes128gcm")
    return refuse(415, `Content-Encoding is ${delivery.contentEncoding}, not aes128gcm`);

  try {
    const receiver = createECDH("prime256v1");
    receiver.setPrivateKey(Buffer.from(subscription.privateKey, "base64url"));
    delivery.payload = ece
      .decrypt(body, { version: "aes128gcm", privateKey: receiver, authSecret: subscription.auth })
      .toString("utf8");
  } catch (error) {
    return refuse(400, `cannot decrypt: ${String(error)}`);
  }
  return { ...delivery, status: subscription.status ?? 201, verdict: "ok" };
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function reply(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8" });
  res.end(text);
}

/** Listens on a free loopback port; `close` also ends idle keep-alive sockets. */
export function listen(server: ReturnType<typeof createServer>): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
