import { describe, expect, it } from "vitest";
import { contractRecord } from "../helpers/fixtures.js";
import { runMain } from "../helpers/run-main.js";
import { startStandIn } from "../helpers/stand-in.js";

// A token the server refuses (401) would fail every translation alike: the run stops at the first
// 401 with one line saying the token was refused, not "failed 12 translations", with or without
// --verbose, and sends no more requests.

const languages = Array.from({ length: 12 }, (_, i) => `l${String(i).padStart(2, "0")}`);
const records = (base: string) =>
  languages.map((language, i) => contractRecord(base, { component: `c${i}`, language }));
const translations = languages.map((language, i) => `proj/c${i}/${language}`);

describe("a token the server refuses (401)", () => {
  it.each([[[]], [["--verbose"]]])(
    "is one line: the token was refused, and what to do (%j)",
    async (flags) => {
      const server = await startStandIn({ records, tokens: ["good-token"] });
      const run = await runMain(
        { baseUrl: server.baseUrl, translations, crawl: { retryDelayMs: 10 } },
        ["crawl", ...flags],
        { WEBLATE_TOKEN: "stale-token" },
      );
      expect(run.code).toBe(2);
      expect(run.err.trimEnd().split("\n")).toEqual([
        expect.stringMatching(
          /^l10n-snapshot: API token refused \(WEBLATE_TOKEN\): \[GET\] "[^"]*": 401 Unauthorized \(Invalid token\.\); check the API token in WEBLATE_TOKEN: the server refused it \(a new one is under your Weblate profile, API access\); the crawl stopped at this first 401 and sent no more requests$/,
        ),
      ]);
      expect(run.err).not.toContain("stale-token");
      // The requests in flight with the first 401 at most (crawl.concurrency, 4), not 12.
      expect(server.log.length).toBeLessThanOrEqual(4);
    },
  );
});
