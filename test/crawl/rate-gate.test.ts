import { describe, expect, it } from "vitest";
import { RateGate } from "../../src/crawl/rate-gate.js";

// The gate paces by wall clock, so these wait for real, a few tens of ms. Only lower bounds are
// asserted where the gate must hold requests back (timers never fire early by more than a ms),
// and a generous upper bound where a cap must keep the wait short.

async function elapsed(fn: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

const headers = (remaining: string, reset: string) => ({
  "x-ratelimit-remaining": remaining,
  "x-ratelimit-reset": reset,
});

describe("RateGate", () => {
  it("lets requests through at once while the quota is large, and keeps the last quota seen", async () => {
    const gate = new RateGate(4, 60_000);
    gate.observe(headers("100", "60"));
    expect(gate.remaining).toBe(100);
    expect(
      await elapsed(async () => {
        for (let i = 0; i < 20; i++) await gate.wait();
      }),
    ).toBeLessThan(1000);
  });

  it("ignores responses without both quota headers, or with unreadable ones", () => {
    const gate = new RateGate(4, 60_000);
    gate.observe({ "x-ratelimit-remaining": "3" });
    gate.observe(headers("", "10"));
    gate.observe(headers("many", "10"));
    expect(gate.remaining).toBeUndefined();
    gate.observe({ "x-ratelimit-remaining": ["7", "8"], "x-ratelimit-reset": "10" });
    expect(gate.remaining).toBe(7);
  });

  it("spreads the last requests of a window over what is left of it", async () => {
    const gate = new RateGate(2, 60_000);
    // 4 left (at most twice the concurrency), window resets in 0.2 s: one request every 50 ms.
    gate.observe(headers("4", "0.2"));
    await gate.wait();
    const spacing = await elapsed(async () => {
      await gate.wait();
      await gate.wait();
    });
    expect(spacing).toBeGreaterThanOrEqual(2 * 50 - 2);
  });

  it("holds every request until the window resets once the quota is used up", async () => {
    const gate = new RateGate(4, 60_000);
    gate.observe(headers("0", "0.08"));
    expect(await elapsed(() => gate.wait())).toBeGreaterThanOrEqual(80 - 2);
  });

  it("waits no longer than its cap, whatever the server says", async () => {
    const gate = new RateGate(4, 30);
    gate.observe(headers("0", "3600"));
    expect(await elapsed(() => gate.wait())).toBeLessThan(1000);
  });

  it("stops pacing once the quota is large again", async () => {
    const gate = new RateGate(2, 60_000);
    gate.observe(headers("1", "10"));
    gate.observe(headers("500", "10"));
    expect(
      await elapsed(async () => {
        for (let i = 0; i < 10; i++) await gate.wait();
      }),
    ).toBeLessThan(1000);
  });
});
