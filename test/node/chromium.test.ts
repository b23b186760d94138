import { describe, expect, it } from "vitest";
import { CHROMIUM_ARGS, chromiumPlan, isCI } from "../e2e/chromium.mjs";

describe("browser tests: what to do about Chromium", () => {
  it("uses it when it is there", () => {
    for (const isRoot of [true, false]) {
      for (const ci of [true, false]) {
        expect(chromiumPlan({ found: true, isRoot, ci })).toBe("use");
      }
    }
  });

  it("installs it with apt as root", () => {
    expect(chromiumPlan({ found: false, isRoot: true, ci: true })).toBe("install");
    expect(chromiumPlan({ found: false, isRoot: true, ci: false })).toBe("install");
  });

  it("skips without root, except in CI where a missing browser is a failure", () => {
    expect(chromiumPlan({ found: false, isRoot: false, ci: false })).toBe("skip");
    expect(chromiumPlan({ found: false, isRoot: false, ci: true })).toBe("fail");
  });

  it("reads CI the way CI systems set it", () => {
    expect(isCI({ CI: "true" })).toBe(true);
    expect(isCI({ CI: "1" })).toBe(true);
    expect(isCI({ CI: "false" })).toBe(false);
    expect(isCI({})).toBe(false);
  });

  it("launches headless without sandbox or background network traffic", () => {
    expect(CHROMIUM_ARGS).toEqual(
      expect.arrayContaining([
        "--headless",
        "--no-sandbox",
        "--disable-quic",
        "--disable-background-networking",
      ]),
    );
  });
});
