import { createPrivateKey, createPublicKey, createSign, createVerify } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { definedNames, ensureDevVars, generateVapidKeys } from "../../scripts/ensure-dev-vars.mjs";

const parse = (text: string) =>
  Object.fromEntries(
    text
      .split("\n")
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "fernskat-devvars-"));
  file = join(dir, ".dev.vars");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("scripts/ensure-dev-vars.mjs", () => {
  it("creates every secret when .dev.vars is missing", () => {
    expect(ensureDevVars(file)).toEqual(["TOKEN_SECRET", "VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"]);
    const vars = parse(readFileSync(file, "utf8"));
    expect(Buffer.from(vars.TOKEN_SECRET ?? "", "base64url")).toHaveLength(32);
    expect(vars.TOKEN_SECRET).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it("writes a VAPID pair that signs and verifies (P-256, uncompressed public point)", () => {
    ensureDevVars(file);
    const vars = parse(readFileSync(file, "utf8"));
    const pub = Buffer.from(vars.VAPID_PUBLIC_KEY ?? "", "base64url");
    const d = Buffer.from(vars.VAPID_PRIVATE_KEY ?? "", "base64url");
    expect(pub).toHaveLength(65);
    expect(pub[0]).toBe(0x04);
    expect(d).toHaveLength(32);

    const x = pub.subarray(1, 33).toString("base64url");
    const y = pub.subarray(33).toString("base64url");
    const privateKey = createPrivateKey({
      key: { kty: "EC", crv: "P-256", x, y, d: d.toString("base64url") },
      format: "jwk",
    });
    const publicKey = createPublicKey({ key: { kty: "EC", crv: "P-256", x, y }, format: "jwk" });
    const signature = createSign("SHA256").update("vapid").sign(privateKey);
    expect(createVerify("SHA256").update("vapid").verify(publicKey, signature)).toBe(true);
  });

  it("never changes existing values and adds only what is missing", () => {
    const existing = "# mine\nTOKEN_SECRET=keep-me\nOTHER=1";
    writeFileSync(file, existing);
    expect(ensureDevVars(file)).toEqual(["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"]);
    const text = readFileSync(file, "utf8");
    expect(text.startsWith(`${existing}\n`)).toBe(true);
    expect(parse(text).TOKEN_SECRET).toBe("keep-me");

    const again = readFileSync(file, "utf8");
    expect(ensureDevVars(file)).toEqual([]);
    expect(readFileSync(file, "utf8")).toBe(again);
  });

  it("refuses to complete half a VAPID pair", () => {
    writeFileSync(file, "VAPID_PUBLIC_KEY=abc\n");
    expect(() => ensureDevVars(file)).toThrow(/VAPID_PUBLIC_KEY without its other half/);
    expect(readFileSync(file, "utf8")).toBe("VAPID_PUBLIC_KEY=abc\n");
  });

  it("reads names the way dotenv files write them", () => {
    expect([...definedNames("A=1\n# B=2\n  export C = 3\r\nlower_d=4\n=5\n")]).toEqual([
      "A",
      "C",
      "lower_d",
    ]);
  });

  it("draws a new key pair every time", () => {
    expect(generateVapidKeys().privateKey).not.toBe(generateVapidKeys().privateKey);
  });
});
