import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { errorForStatus } from "../../../src/http/request-error.js";
import { failureKey } from "../../../src/render/model/badge-text.js";

const english = JSON.parse(
  readFileSync(new URL("../../../locales/en.json", import.meta.url), "utf8"),
);
const englishText = (key: string): unknown =>
  key.split(".").reduce((node, part) => node?.[part], english);

describe("an error badge's words for a failure kind", () => {
  it.each([
    ["not-found", "not found"],
    ["auth", "no access"],
    ["rate-limited", "rate limited"],
    ["inaccessible", "unreachable"],
    ["invalid-response", "invalid"],
    ["too-large", "too large"],
    ["redirect", "redirected"],
    ["locked", "locked"],
    ["error", "error"],
    // A kind from a newer version, or none, or an inherited name: "error".
    ["gone-fishing", "error"],
    [undefined, "error"],
    ["toString", "error"],
  ])("%j -> %j", (kind, text) => {
    expect(englishText(failureKey(kind))).toBe(text);
  });

  it("has words for every kind a request error can have", () => {
    for (const status of [404, 401, 429, 500, 400])
      expect(failureKey(errorForStatus("https://x/", status, undefined).kind)).not.toBe(
        "badge.error",
      );
  });
});
