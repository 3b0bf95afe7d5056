import { describe, expect, it } from "vitest";
import { retryAfterMs } from "../../src/http/http-response.js";

const now = Date.parse("2026-11-21T12:00:00Z");

describe("retryAfterMs", () => {
  it.each([
    ["120", 120_000],
    [" 5 ", 5000],
    ["0", 0],
    ["1.5", 1500],
    // An HTTP date: the time until then, from `now`.
    ["Sat, 21 Nov 2026 12:00:30 GMT", 30_000],
    // A date already past: no wait.
    ["Sat, 21 Nov 2026 11:59:00 GMT", 0],
  ])("%j -> %d ms", (value, expected) => {
    expect(retryAfterMs({ "retry-after": value }, now)).toBe(expected);
  });

  it.each([[undefined], [""], ["soon"], ["in a while"]])(
    "%j -> undefined (no usable wait)",
    (value) => {
      expect(
        retryAfterMs(value === undefined ? {} : { "retry-after": value }, now),
      ).toBeUndefined();
    },
  );

  it("reads the first of repeated headers", () => {
    expect(retryAfterMs({ "retry-after": ["2", "9"] }, now)).toBe(2000);
  });
});
