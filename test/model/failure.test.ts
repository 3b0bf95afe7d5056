import { describe, expect, it } from "vitest";
import { failureBadgeText, failureKinds } from "../../src/model/failure.js";
import { errorForStatus } from "../../src/http/request-error.js";

describe("failureBadgeText", () => {
  it.each([
    ["not-found", "not found"],
    ["auth", "no access"],
    ["rate-limited", "rate limited"],
    ["inaccessible", "unreachable"],
    ["invalid-response", "invalid"],
    ["too-large", "too large"],
    ["redirect", "redirected"],
    ["error", "error"],
    // A kind from a newer version, or none, or an inherited name: "error".
    ["gone-fishing", "error"],
    [undefined, "error"],
    ["toString", "error"],
  ])("%j -> %j", (kind, text) => {
    expect(failureBadgeText(kind)).toBe(text);
  });

  it("has a text for every kind a request error can have", () => {
    for (const status of [404, 401, 429, 500, 400])
      expect(Object.keys(failureKinds)).toContain(
        errorForStatus("https://x/", status, undefined).kind,
      );
  });
});
