import { describe, expect, it } from "vitest";
import { retryVerdict, type RetryCase } from "../../src/http/retry-policy.js";

// The retry policy as a table: what failed, how often, what the server asked; with no jitter
// (0) the backoff is half of retryDelayMs doubled per try, with full jitter (1) all of it.

const settings = { retries: 3, retryDelayMs: 1000, maxRetryAfterSeconds: 60 };

describe("retryVerdict", () => {
  it.each<[string, RetryCase, number, ReturnType<typeof retryVerdict>]>([
    ["a 500 after the first try", { status: 500, tries: 1 }, 0, { retry: true, delayMs: 500 }],
    [
      "a 500 after the first try, full jitter",
      { status: 500, tries: 1 },
      1,
      { retry: true, delayMs: 1000 },
    ],
    ["a 503 after the third try", { status: 503, tries: 3 }, 1, { retry: true, delayMs: 4000 }],
    [
      "a 500 once every retry is spent",
      { status: 500, tries: 4 },
      0,
      { retry: false, why: "out of tries" },
    ],
    ["no answer (a timeout)", { tries: 2 }, 0, { retry: true, delayMs: 1000 }],
    ["no answer, every retry spent", { tries: 4 }, 0, { retry: false, why: "out of tries" }],
    [
      "a 429 asking 5 s",
      { status: 429, tries: 1, retryAfterMs: 5000 },
      0,
      { retry: true, delayMs: 5000 },
    ],
    [
      "a 429 asking 0 s",
      { status: 429, tries: 1, retryAfterMs: 0 },
      1,
      { retry: true, delayMs: 0 },
    ],
    [
      "a 429 asking past the cap",
      { status: 429, tries: 1, retryAfterMs: 61_000 },
      0,
      { retry: false, why: "waits too long" },
    ],
    [
      "a 503 asking past the cap, tries left",
      { status: 503, tries: 1, retryAfterMs: 120_000 },
      0,
      { retry: false, why: "waits too long" },
    ],
    ["a 423 (a locked component)", { status: 423, tries: 1 }, 0, { retry: true, delayMs: 500 }],
    ["a 404", { status: 404, tries: 1 }, 0, { retry: false, why: "not retryable" }],
    ["a 401", { status: 401, tries: 1 }, 0, { retry: false, why: "not retryable" }],
    [
      "a 400 with a Retry-After",
      { status: 400, tries: 1, retryAfterMs: 10 },
      0,
      { retry: false, why: "not retryable" },
    ],
  ])("%s", (_, failure, jitter, verdict) => {
    expect(retryVerdict(failure, settings, jitter)).toEqual(verdict);
  });

  it("never retries with crawl.retries 0", () => {
    expect(retryVerdict({ status: 500, tries: 1 }, { ...settings, retries: 0 }, 0)).toEqual({
      retry: false,
      why: "out of tries",
    });
  });
});
