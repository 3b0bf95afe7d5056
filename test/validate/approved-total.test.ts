import { describe, expect, it } from "vitest";
import { crawlToSnapshot } from "../../src/pipeline/crawl-step.js";
import { contractRecord } from "../helpers/fixtures.js";
import { startStandIn, testConfig } from "../helpers/stand-in.js";

// Approved as the site counts it is approved plus read-only (Weblate's way): above the total, the
// approved percent would pass 100. Each alone may be within its bound; together they are warned of.

describe("approved above total", () => {
  it("is a warning, though approved alone is within translated and read-only within total", async () => {
    const server = await startStandIn({
      records: (base) => [{ ...contractRecord(base), approved: 30, readonly: 70 }],
      generation: "2026",
    });
    const run = await crawlToSnapshot(
      testConfig(server.baseUrl, ["proj/comp/cs"], { statistics: true }),
    );
    const [entry] = run.snapshot.translations;
    expect(entry?.statistics).toMatchObject({ approved: 30, readonly: 70 });
    expect(entry?.warnings).toEqual([
      {
        path: "statistics.approved",
        message: "expected approved and read-only (30 + 70) at most total (91), found 100",
      },
    ]);
  });
});
