import { describe, expect, it } from "vitest";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import { crawlToSnapshot } from "../../src/pipeline/crawl-step.js";
import { runMain } from "../helpers/run-main.js";
import { startStandIn, testConfig } from "../helpers/stand-in.js";

// The issue's row "one translation reached through the component list and through */*/*: 1 warning
// one way, 0 the other": older servers embed a shorter component in /api/translations/ items than
// the detail endpoint and the lists give; the whole record joins in, so the entry is the same.

describe("one translation, one verdict", () => {
  it("gets the same entry through */*/* as through its component's list, from a server with short list components", async () => {
    const server = await startStandIn({ records: buildDemoRecords, shapes: "older" });
    const viaList = await crawlToSnapshot(
      testConfig(server.baseUrl, ["orbit-notes/application/*"]),
    );
    const viaInstance = await crawlToSnapshot(testConfig(server.baseUrl, ["*/*/*"]));
    const application = viaInstance.snapshot.translations.filter(
      (t) => t.project === "orbit-notes" && t.component === "application",
    );
    expect(application).toEqual(viaList.snapshot.translations);
    // The whole components cost one request a project: the instance list's pages, and 3 lists.
    expect(viaInstance.stats.requests).toBe(1 + 3);
  });

  it("prints the same warnings and notes of it either way (--verbose)", async () => {
    const server = await startStandIn({ records: buildDemoRecords, shapes: "older" });
    const linesOf = async (triples: string[]) =>
      (
        await runMain({ baseUrl: server.baseUrl, translations: triples }, ["crawl", "--verbose"])
      ).err
        .split("\n")
        .filter((line) => line.includes(" orbit-notes/application/de: "));
    const viaInstance = await linesOf(["*/*/*"]);
    expect(viaInstance).toEqual(await linesOf(["orbit-notes/application/*"]));
    expect(viaInstance).toEqual(await linesOf(["orbit-notes/application/de"]));
  });
});
