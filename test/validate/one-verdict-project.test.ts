import { describe, expect, it } from "vitest";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import { crawlToSnapshot } from "../../src/pipeline/crawl-step.js";
import { startStandIn, testConfig } from "../helpers/stand-in.js";

// A project's record at /api/projects/<p>/ shaped otherwise than the project its components embed
// (real servers do: older ones add source_language there, newer ones more fields): a pattern that
// reads the project's component list joins that record in, the others judge the embedded one.
// The translation's verdict must not follow the pattern.

describe("one translation, one verdict, whichever copy of its project was read", () => {
  it("gives orbit-notes/application/de the same warnings and notes through every pattern", async () => {
    const verdicts: unknown[] = [];
    for (const pattern of [
      "orbit-notes/application/de",
      "orbit-notes/application/*",
      "orbit-notes/*/*",
      "orbit-notes/*/de",
      "*/*/de",
    ]) {
      const server = await startStandIn({ records: buildDemoRecords });
      const project = await (await fetch(`${server.baseUrl}/api/projects/orbit-notes/`)).json();
      const body = JSON.stringify({ ...project, source_language: { code: "en" }, extra: 1 });
      for (let i = 0; i < 3; i++)
        server.addFault("/api/projects/orbit-notes/", { status: 200, body });
      const run = await crawlToSnapshot(testConfig(server.baseUrl, [pattern]));
      const entry = run.snapshot.translations.find(
        (t) => t.project === "orbit-notes" && t.component === "application" && t.language === "de",
      );
      verdicts.push({ pattern, warnings: entry?.warnings, notes: entry?.notes });
    }
    const [first, ...rest] = verdicts as { pattern: string }[];
    for (const other of rest) expect({ ...other, pattern: "" }).toEqual({ ...first, pattern: "" });
  });
});
