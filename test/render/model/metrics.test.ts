import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { runCheck } from "../../../src/check/check.js";
import { checkOptionsSchema, siteOptionsSchema } from "../../../src/config/schema.js";
import type { Snapshot } from "../../../src/snapshot/schema.js";
import { siteFiles } from "../../../src/render/render-site.js";
import { BASE, render, snapshot } from "../../helpers/measure-fixture.js";
import { tempDir } from "../../helpers/temp-dir.js";

// One snapshot rendered with each measure (site.metric, site.progress): the percents on the
// pages, the badges, the widgets and `check` are the ones computed by hand below.
//
//            strings      words         characters      approved (approved + read-only)
//   de       8 of 10      50 of 100     400 of 1,000    3 + 1 = 4 of 10 strings
//   fr       5 of 10      90 of 100     950 of 1,000    5 + 0 = 5 of 10 strings
//   comp     13 of 20     140 of 200    1,350 of 2,000  9 of 20
//
// strings: de 80%, fr 50%, comp 65%; words: de 50%, fr 90%, comp 70%; characters: de 40%,
// fr 95%, comp 67.5%; approved: de 40%, fr 50%, comp 45%.

const check = (snap: Snapshot, by: Record<string, unknown>) =>
  runCheck(
    snap,
    checkOptionsSchema.parse({ minPercent: 60 }),
    undefined,
    siteOptionsSchema.parse(by),
  ).offenders.map((o) => `${o.translation}: ${o.message}`);

const CASES = [
  {
    name: "strings",
    site: { metric: "strings" },
    percents: { de: "80%", fr: "50%" },
    summary: "65% of 20 strings translated",
    badges: { de: "80%", fr: "50%", comp: "65%", project: "65%" },
    count: "0 of 2",
    check: ["proj/comp/fr: 50% of 10 strings translated, below the minimum of 60%"],
  },
  {
    name: "words",
    site: { metric: "words" },
    percents: { de: "50%", fr: "90%" },
    summary: "70% of 200 words translated",
    badges: { de: "50%", fr: "90%", comp: "70%", project: "70%" },
    count: "1 of 2",
    check: ["proj/comp/de: 50% of 100 words translated, below the minimum of 60%"],
  },
  {
    name: "chars",
    site: { metric: "chars" },
    percents: { de: "40%", fr: "95%" },
    summary: "67.5% of 2,000 characters translated",
    badges: { de: "40%", fr: "95%", comp: "67%", project: "67%" },
    count: "1 of 2",
    check: ["proj/comp/de: 40% of 1,000 characters translated, below the minimum of 60%"],
  },
  {
    name: "approved",
    site: { metric: "strings", progress: "approved" },
    percents: { de: "40%", fr: "50%" },
    summary: "45% of 20 strings approved",
    badges: { de: "40%", fr: "50%", comp: "45%", project: "45%" },
    count: "0 of 2",
    check: [
      "proj/comp/de: 40% of 10 strings approved, below the minimum of 60%",
      "proj/comp/fr: 50% of 10 strings approved, below the minimum of 60%",
    ],
  },
] as const;

describe.each(CASES)("the site counting $name", (c) => {
  it("shows the hand-computed percents on the component page", async () => {
    const r = await render(snapshot(), c.site);
    expect(r.percents).toEqual(c.percents);
    expect(r.summary).toContain(c.summary);
  });

  it("draws them on the badges and the widgets", async () => {
    const r = await render(snapshot(), c.site);
    expect(r.badges).toEqual(c.badges);
    expect(r.chart.sort()).toEqual(
      Object.entries(c.percents)
        .map(([code, p]) => `Language ${code} ${p}`)
        .sort(),
    );
    expect(r.count).toBe(c.count);
  });

  it("judges them in check", () => {
    expect(check(snapshot(), c.site)).toEqual(c.check);
  });
});

describe("a measure the counts do not allow", () => {
  it("falls back to strings where the server gives no characters, and says so", async () => {
    const r = await render(snapshot(true, false), { metric: "chars" });
    expect(r.percents).toEqual({ de: "80%", fr: "50%" });
    expect(r.summary).toContain(
      "65% of 20 strings translated (the server gives no character counts)",
    );
    expect(check(snapshot(true, false), { metric: "chars", progress: "translated" })).toEqual([
      "proj/comp/fr: 50% of 10 strings translated (the server gives no character counts), below the minimum of 60%",
    ]);
  });

  it("falls back to translated where the project has no review workflow, and says so", async () => {
    const r = await render(snapshot(false), { progress: "approved" });
    expect(r.percents).toEqual({ de: "80%", fr: "50%" });
    expect(r.summary).toContain("65% of 20 strings translated (no review workflow on the server)");
  });

  it("names its column and publishes other metrics under their own paths", async () => {
    const r = await render(snapshot(), { metric: "words", badgeMetrics: ["strings", "chars"] });
    expect(r.heading).toContain("Translated words");
    expect(JSON.parse(r.files.get("badges/proj/comp/de.strings.json")!).message).toBe("80%");
    expect(JSON.parse(r.files.get("badges/proj/comp/de.chars.json")!).message).toBe("40%");
    expect(JSON.parse(r.files.get("badges/proj/comp.chars.json")!).message).toBe("67%");
    expect(r.files.has("badges/proj/comp.strings.chart.svg")).toBe(true);
    expect(r.files.has("badges/proj/comp/de.words.svg")).toBe(false);
    const badgesPage = parse(r.files.get("badges/index.html")!);
    const titles = badgesPage.querySelectorAll("h3").map((h) => h.textContent);
    expect(titles).toContain("Badge, in strings");
    expect(titles).toContain("Chart, a row per language, most translated first, in characters");
    expect(
      // The translation the page takes as its example: the site's first (fr, by words).
      badgesPage
        .querySelectorAll("textarea")
        .map((t) => t.textContent)
        .join("\n"),
    ).toContain("badges/proj/comp/fr.chars.svg");
  });
});

describe("trends and what changed, by the site's measure", () => {
  it("draws words, and reports falling below by words", async () => {
    const { emptyHistory } = await import("../../../src/history/history.js");
    const { countsOf, mergeRun } = await import("../../../src/history/merge-run.js");
    const site = siteOptionsSchema.parse({ metric: "words" });
    const run = (s: Snapshot) =>
      s.translations.map((e) => ({ ...e, counts: countsOf(e.record, e.statistics) }));
    // Run 1: de 80 of 100 words; run 2: de 50 (fr 90 both times).
    const first = { ...snapshot(true, true, 80), generatedAt: "2026-11-20T12:00:00.000Z" };
    const history = emptyHistory(BASE);
    mergeRun(history, first.generatedAt, run(first), { threshold: 60, measure: site });
    const second = snapshot();
    const changes = mergeRun(history, second.generatedAt, run(second), {
      threshold: 60,
      measure: site,
    });
    // de went from 80% to 50% of its words: below 60 by words (by strings it stayed at 80%).
    expect(changes?.fellBelow).toEqual([{ key: "proj/comp/de", percent: 50, previous: 80 }]);
    const files = await siteFiles(second, site, history);
    const page = parse(files.find((f) => f.path === "proj/comp/index.html")!.content);
    expect(page.textContent).toContain("translated words went from 170 to 140");
  });
});

describe("a build from the stand-in counting characters", () => {
  it("reads the components' statistics (one request each) and counts characters", async () => {
    const { readFile, writeFile } = await import("node:fs/promises");
    const { join } = await import("node:path");
    const { main } = await import("../../../src/cli/main.js");
    const { buildDemoRecords, demoTriples } = await import("../../../src/demo/demo-data.js");
    const { captureIo, startStandIn } = await import("../../helpers/stand-in.js");
    // A current server (as `npm start` plays it): its statistics count characters.
    const server = await startStandIn({ records: buildDemoRecords, generation: "2026" });
    const dir = await tempDir("l10n-chars-");
    const config = join(dir, "config.json");
    await writeFile(
      config,
      JSON.stringify({
        baseUrl: server.baseUrl,
        translations: demoTriples(),
        site: { metric: "chars" },
      }),
    );
    const io = captureIo();
    expect(await main(["build", "--config", config, "--out", join(dir, "out")], io)).toBe(0);
    // The demo's 13 requests and one statistics list per component (7).
    expect(
      server.requestsTo("/api/components/").filter((r) => r.url.includes("/statistics/")),
    ).toHaveLength(7);
    const index = parse(await readFile(join(dir, "out/index.html"), "utf8"));
    const summary = index.querySelector("p.summary")!.textContent;
    expect(summary).toMatch(/^[\d.]+% of [\d,]+ characters translated across/);
    expect(summary).not.toContain("the server gives no");
  }, 60_000);
});
