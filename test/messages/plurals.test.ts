import { describe, expect, it } from "vitest";
import { counted } from "../../src/text/plural.js";
import { contractRecord } from "../helpers/fixtures.js";
import { runMain } from "../helpers/run-main.js";
import { startStandIn } from "../helpers/stand-in.js";

// The row "the summary line: 1 requests": every count says its noun in the right number.

describe("plurals", () => {
  it("counts one as one and the rest as many", () => {
    expect([0, 1, 2].map((n) => counted(n, "request"))).toEqual([
      "0 requests",
      "1 request",
      "2 requests",
    ]);
  });

  it("says '1 request' in the summary line of a one-translation crawl", async () => {
    const server = await startStandIn({ records: (base) => [contractRecord(base)] });
    const run = await runMain({ baseUrl: server.baseUrl, translations: ["proj/comp/cs"] });
    expect(run.code).toBe(0);
    expect(run.out).toMatch(
      /^translations 1: ok 1, warnings 0, stale 0, failed 0, invalid 0; removed 0; 1 request, \d+\.\d s\n/,
    );
  });

  it("says '1 translation' and '1 file' after a build", async () => {
    const server = await startStandIn({ records: (base) => [contractRecord(base)] });
    const run = await runMain({ baseUrl: server.baseUrl, translations: ["proj/comp/cs"] }, [
      "build",
    ]);
    expect(run.code).toBe(0);
    expect(run.out).toContain("history: starts with this run");
    expect(run.out).not.toMatch(/\b1 (requests|translations|files)\b/);
  });
});
