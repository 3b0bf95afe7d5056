import { describe, expect, it } from "vitest";
import { contractRecord } from "../helpers/fixtures.js";
import { runMain } from "../helpers/run-main.js";
import { startStandIn } from "../helpers/stand-in.js";

// Failures of one kind are one line with a count and an example, not a line per translation: a
// token the server refuses (401) fails every translation alike.

const languages = Array.from({ length: 12 }, (_, i) => `l${String(i).padStart(2, "0")}`);
const records = (base: string) =>
  languages.map((language, i) => contractRecord(base, { component: `c${i}`, language }));
const translations = languages.map((language, i) => `proj/c${i}/${language}`);

describe("a token the server refuses (401)", () => {
  it("is one line for every translation it failed: the count, an example, and what to do", async () => {
    const server = await startStandIn({ records, tokens: ["good-token"] });
    const run = await runMain(
      { baseUrl: server.baseUrl, translations, crawl: { retryDelayMs: 10 } },
      ["crawl"],
      { WEBLATE_TOKEN: "stale-token" },
    );
    expect(run.code).toBe(3);
    expect(run.err.trimEnd().split("\n")).toEqual([
      "failed 12 translations (e.g. proj/c0/l00): 401 Unauthorized (Invalid token.); check the API token in WEBLATE_TOKEN: the server refused it (a new one is under your Weblate profile, API access)",
      "l10n-snapshot: nothing usable: every translation failed or was invalid; the previous output was left as it was",
    ]);
    expect(run.err).not.toContain("stale-token");
  });

  it("keeps a line per translation with --verbose", async () => {
    const server = await startStandIn({ records, tokens: ["good-token"] });
    const run = await runMain({ baseUrl: server.baseUrl, translations }, ["crawl", "--verbose"], {
      WEBLATE_TOKEN: "stale-token",
    });
    expect(
      run.err.match(/^failed proj\/c\d+\/l\d+: \[GET\] "[^"]*": 401 Unauthorized/gm),
    ).toHaveLength(12);
  });
});
