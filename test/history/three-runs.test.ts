import { readFile, writeFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { parse as parseHtml } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { main, type Io } from "../../src/cli/main.js";
import { readHistoryFile } from "../../src/history/history-parts.js";
import { pointAt, pointCount, toMinute } from "../../src/history/history.js";
import { contractRecord } from "../helpers/fixtures.js";
import { startStandIn } from "../helpers/stand-in.js";
import { serveDirectory } from "../helpers/static-site.js";
import { pageTime } from "../helpers/page-time.js";
import { tempDir } from "../helpers/temp-dir.js";

// Dates and numbers as the English pages write them, computed here with Intl.
const day = (iso: string) =>
  new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso));
const time = pageTime;
const signed = (n: number) => new Intl.NumberFormat("en", { signDisplay: "exceptZero" }).format(n);

function io(
  at: string,
  env: Record<string, string> = {},
): Io & { out: () => string; err: () => string } {
  let out = "";
  let err = "";
  return {
    stdout: { write: (t: string) => (out += t) },
    stderr: { write: (t: string) => (err += t), isTTY: false },
    env,
    now: () => new Date(at),
    out: () => out,
    err: () => err,
  };
}

const RUNS = ["2026-11-01T06:00:00.000Z", "2026-11-02T06:00:00.000Z", "2026-11-09T06:00:00.000Z"];
const record = (base: string, language: string, translated: number, total = 91) =>
  contractRecord(base, { language, total, stats: { translated, fuzzy: 0, failingChecks: 0 } });

/**
 * Three scheduled builds, each starting from an empty job but for the published site: the
 * previous `out/` is served over HTTP on 127.0.0.1 and found through `site.url`.
 * Run 1: cs 36/91, de 80/91, fr 50/91. Run 2: cs reaches 91/91, de 85/91. Run 3 (a week later):
 * 9 new strings (total 100), cs 89/100 (below 90), fr 50/100, and de cannot be fetched.
 */
async function threeRuns() {
  const dir = await tempDir("l10n-history-");
  const out = join(dir, "out");
  const published = await serveDirectory(out);
  const server = await startStandIn({
    records: (b) => [record(b, "cs", 36), record(b, "de", 80), record(b, "fr", 50)],
  });
  const configFile = join(dir, "config.json");
  await writeFile(
    configFile,
    JSON.stringify({
      baseUrl: server.baseUrl,
      translations: ["proj/comp/cs", "proj/comp/de", "proj/comp/fr"],
      // Two locales: the English pages at the root, the Arabic ones under /ar/.
      site: { title: "History test", url: published.url, locales: ["en", "ar"] },
      crawl: { retries: 0, retryDelayMs: 10 },
      check: { minPercent: 90, languages: ["cs", "fr"], noRegression: true },
    }),
  );
  const env = { WEBLATE_TOKEN: "wlu_secret_token_for_test" };
  const build = async (at: string) => {
    const run = io(at, env);
    const code = await main(["build", "--config", configFile, "--out", out], run);
    return { code, out: run.out(), err: run.err() };
  };
  const runs = [await build(RUNS[0]!)];
  // On the first run there is nothing to compare: a chart of one point, no deltas.
  const firstComponentPage = await readFile(join(out, "proj", "comp", "index.html"), "utf8");
  const firstIndex = await readFile(join(out, "index.html"), "utf8");
  server.setRecords([
    record(server.baseUrl, "cs", 91),
    record(server.baseUrl, "de", 85),
    record(server.baseUrl, "fr", 50),
  ]);
  runs.push(await build(RUNS[1]!));
  // fr did not change in run 2: its page as run 2 published it, and run 1's for its size.
  const secondFrPage = await readFile(join(out, "proj", "comp", "fr", "index.html"), "utf8");
  server.setRecords([record(server.baseUrl, "cs", 89, 100), record(server.baseUrl, "fr", 50, 100)]);
  runs.push(await build(RUNS[2]!));
  return { dir, out, configFile, published, runs, firstComponentPage, firstIndex, secondFrPage };
}

const read = (file: string) => readFile(file, "utf8");

describe("three builds, each reading the previous site over HTTP", async () => {
  const { out, configFile, published, runs, firstComponentPage, firstIndex, secondFrPage } =
    await threeRuns();

  it("draws the first run's one point and says it is the only run, with no deltas", () => {
    for (const html of [firstComponentPage, firstIndex]) {
      const trend = parseHtml(html).querySelector("section.trend")!;
      expect(trend.querySelectorAll("svg.trend circle.translated")).toHaveLength(1);
      // cs 36, de 80, fr 50 of 91 each: 166 of 273, floored as the pages floor percents.
      expect(trend.querySelector("figcaption")!.text).toContain(
        `One run so far, on ${day("2026-11-01")}: 60.8% (translated strings 166, total strings 273).`,
      );
      expect(trend.querySelector("table.deltas")).toBeNull();
    }
    expect(parseHtml(firstIndex).text).toContain("The history starts with this run.");
  });

  // A flat line where a sentence was said instead: the chart is on every page with a trend from
  // the first run on (issue 43: "a single run draws a point and says so"), and a translation that
  // did not change is drawn the same way, its line from its point to the latest run.
  it("draws a flat line for a translation that did not change, and says since when", async () => {
    const trend = parseHtml(secondFrPage).querySelector("section.trend")!;
    const d = trend.querySelector("svg path.translated")!.getAttribute("d")!;
    expect(d).toMatch(/^M[\d.]+ (\d+)H[\d.]+$/);
    expect(trend.querySelectorAll("svg circle.translated")).toHaveLength(1);
    expect(trend.querySelector("figcaption")!.text).toContain(
      `No change since ${day("2026-11-01")}: translated strings 50, total strings 91.`,
    );
    const rows = trend
      .querySelectorAll("table.deltas tbody tr")
      .map((r) => r.querySelectorAll("th, td").map((c) => c.text.trim()));
    expect(rows[0]).toEqual(["since the last run", "0", "0", "0 pp"]);
    // cs changed in run 2 and fr's total in run 3: their pages draw a line of steps.
    for (const path of ["proj/comp/cs/index.html", "proj/comp/fr/index.html"]) {
      const page = parseHtml(await read(join(out, path)));
      expect(page.querySelector("section.trend svg path.translated")!.getAttribute("d")).toMatch(
        /V/,
      );
    }
  });

  it("reads the previous site from site.url, without the Weblate token", () => {
    expect(runs.map((r) => r.code)).toEqual([0, 0, 1]);
    // The first run finds nothing published yet: one line saying this is normal then, and a new
    // history.
    expect(runs[0]!.err).toContain(
      `note previous site ${published.url} has nothing published yet (data/history.json and data/snapshot.json.gz: 404 Not Found): normal for a first run; starting a new history\n`,
    );
    expect(runs[0]!.err).not.toContain("warning previous");
    expect(runs[1]!.err).not.toContain("warning previous");
    const fetched = published.requests.map((r) => r.url);
    // The index asked for with the time in the query, another each run: a CDN's copy of the run
    // before is not what answers.
    const index = fetched.filter((u) => u.startsWith("/data/history.json"));
    expect(index).toHaveLength(3);
    for (const u of index) expect(u).toMatch(/^\/data\/history\.json\?t=\d+$/);
    expect(new Set(index).size).toBe(3);
    // The compressed snapshot each time, with the time in the query too (the last known good data
    // is the last run's); never a plain one, which a site does not publish.
    const packed = fetched.filter((u) => u.startsWith("/data/snapshot.json.gz"));
    expect(packed).toHaveLength(3);
    for (const u of packed) expect(u).toMatch(/^\/data\/snapshot\.json\.gz\?t=\d+$/);
    expect(fetched.filter((u) => /^\/data\/snapshot\.json(\?|$)/.test(u))).toHaveLength(0);
    expect(published.requests.every((r) => r.headers.authorization === undefined)).toBe(true);
    expect(runs[2]!.out).toContain(
      "history: 1 translation fell below 90%, new strings in 1 component since the last run",
    );
  });

  it("keeps one point per run in which a translation changed", async () => {
    const history = readHistoryFile(join(out, "data/history.json"));
    const points = (key: string) =>
      Array.from({ length: pointCount(history.series.get(key)!) }, (_, i) =>
        pointAt(history.series.get(key)!, i),
      );
    expect(points("proj/comp/cs").map((p) => [p.at, p.total, p.translated])).toEqual([
      [toMinute(RUNS[0]!), 91, 36],
      [toMinute(RUNS[1]!), 91, 91],
      [toMinute(RUNS[2]!), 100, 89],
    ]);
    // fr changed only in its total; de changed in run 2 and failed in run 3.
    expect(points("proj/comp/fr").map((p) => [p.at, p.translated, p.total])).toEqual([
      [toMinute(RUNS[0]!), 50, 91],
      [toMinute(RUNS[2]!), 50, 100],
    ]);
    expect(points("proj/comp/de").map((p) => p.translated)).toEqual([80, 85]);
    expect(history.lastRun).toBe(RUNS[2]);
    expect(history.previousRun).toBe(RUNS[1]);
  });

  it("shows the chart and the deltas on the pages", async () => {
    const page = parseHtml(await read(join(out, "proj/comp/index.html")));
    const svg = page.querySelector("section.trend svg")!;
    expect(svg.getAttribute("role")).toBe("img");
    expect(svg.querySelector("title")!.text).toBe(
      "Translated strings against total strings over time",
    );
    expect(svg.querySelector("desc")!.text).toContain(
      `From ${day("2026-11-01")} to ${day("2026-11-09")}: translated strings went from 166 to 224, total strings from 273 to 291`,
    );
    expect(svg.querySelectorAll("text").map((t) => t.text)).toContain(day("2026-11-09"));
    // The chart needs no script: none inside it, and the page's only script is the site's own table
    // sorter.
    expect(svg.querySelectorAll("script")).toHaveLength(0);
    expect(page.querySelectorAll("script").map((s) => s.getAttribute("src"))).toEqual([
      "../../assets/tables.js",
    ]);
    const rows = page
      .querySelectorAll("table.deltas tbody tr")
      .map((r) => r.querySelectorAll("th, td").map((c) => c.text.trim()));
    // Since the last run: cs 91 -> 89, fr unchanged, de carried at 85: 226 of 273 (82.8%) -> 224 of
    // 291 (77.0%).
    expect(rows[0]).toEqual(["since the last run", signed(-2), signed(18), `${signed(-5.8)} pp`]);
    expect(rows[1]).toEqual(["7 days", signed(-2), signed(18), `${signed(-5.8)} pp`]);
    expect(rows[2]).toEqual(["30 days", "no data from that far back"]);
    // The deltas sum the translations tracked now, while the changes above them count removals.
    expect(page.querySelector("table.deltas caption")!.text).toBe(
      "Changes over the translations tracked now: translations removed since are not counted.",
    );
    for (const file of [
      "index.html",
      "proj/index.html",
      "proj/comp/cs/index.html",
      "languages/cs/index.html",
    ]) {
      expect(
        parseHtml(await read(join(out, file))).querySelector("section.trend svg desc"),
        file,
      ).not.toBeNull();
    }
  });

  it("lists what changed since the last run on the overview", async () => {
    const page = parseHtml(await read(join(out, "index.html")));
    const section = page.querySelector("section.changes")!;
    expect(section.querySelectorAll("h3").map((h) => h.text)).toEqual([
      "Fell below 90%",
      "New strings",
    ]);
    expect(section.querySelectorAll("li").map((li) => li.text)).toEqual([
      "Language cs, comp (proj): 100% to 89%",
      "comp (proj): +9 strings",
    ]);
  });

  it("writes an Atom feed with an entry per run with notable changes, linked from the pages", async () => {
    const text = await read(join(out, "feed.xml"));
    const feed = new XMLParser({ ignoreAttributes: false }).parse(text).feed;
    expect(feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
    expect(feed.id).toMatch(
      /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(feed.updated).toBe(RUNS[2]);
    const entries = feed.entry as {
      title: string;
      updated: string;
      id: string;
      content: { "#text": string };
    }[];
    expect(entries.map((e) => e.title)).toEqual([
      `${day(RUNS[2]!)}: 1 translation fell below 90%; new strings in 1 component`,
      `${day(RUNS[1]!)}: 1 translation reached 100%`,
    ]);
    expect(new Set(entries.map((e) => e.id)).size).toBe(2);
    expect(entries[1]!.content["#text"]).toContain(
      `<a href="${published.url}proj/comp/cs/index.html">Language cs, comp (proj)</a>: from 39.5%`,
    );
    const projectFeed = new XMLParser().parse(await read(join(out, "proj/feed.xml"))).feed;
    expect([projectFeed.entry].flat()).toHaveLength(2);
    const head = parseHtml(await read(join(out, "proj/comp/index.html"))).querySelectorAll(
      'head link[rel="alternate"][type="application/atom+xml"]',
    );
    expect(head.map((l) => [l.getAttribute("type"), l.getAttribute("href")])).toEqual([
      ["application/atom+xml", "../../feed.xml"],
      ["application/atom+xml", "../feed.xml"],
    ]); // proj/feed.xml, from proj/comp/
  });

  it("shows a translation that failed in run 3 with run 2's numbers, marked stale", async () => {
    const snapshot = JSON.parse(
      gunzipSync(await readFile(join(out, "data/snapshot.json.gz"))).toString("utf8"),
    );
    const de = snapshot.translations.find((t: { language: string }) => t.language === "de");
    expect(de.status).toBe("failed");
    expect(de.carried).toMatchObject({ asOf: RUNS[1], since: RUNS[2] });
    expect(de.carried.record.translated).toBe(85);
    const page = parseHtml(await read(join(out, "proj/comp/de/index.html")));
    expect(page.querySelector(".stale-notice")!.text).toContain(
      `Stale since ${time(RUNS[2]!)}: this run could not use this translation (failed: 404 Not Found), so the numbers below are those fetched ${time(RUNS[1]!)} (as of 7 days ago)`,
    );
    expect(page.querySelector(".stale-notice .problems")!.text).toContain("404");
    expect(page.querySelector("table.counters")!.text).toContain("85");
    const row = parseHtml(await read(join(out, "proj/comp/index.html")))
      .querySelectorAll("table.translations tbody tr")
      .find((r) => r.text.includes("Language de"))!;
    expect(row.querySelector(".tag.stale")!.text).toBe(`stale since ${time(RUNS[2]!)}`);
    expect(row.querySelector(".tag.stale")!.getAttribute("title")).toBe(
      `numbers of ${time(RUNS[1]!)}; this run: failed: 404 Not Found`,
    );
    expect(row.text).toContain("93.4%");
    const badge = JSON.parse(await read(join(out, "badges/proj/comp/de.json")));
    expect(badge).toEqual({
      schemaVersion: 1,
      label: "translated",
      message: "93% (7d ago)",
      color: "brightgreen",
    });
    const svg = await read(join(out, "badges/proj/comp/de.svg"));
    expect(svg).toContain('aria-label="translated: 93% (7d ago)"');
    expect(svg).toMatch(/<rect class="stale-border"[^>]*stroke="#9f9f9f"/);
  });

  it("tells the history in Arabic under /ar/: changes, a mirrored chart, deltas, stale notice, feed", async () => {
    const pct = (n: number) =>
      new Intl.NumberFormat("ar", { style: "percent", maximumFractionDigits: 1 }).format(n / 100);
    const dayAr = (iso: string) =>
      new Intl.DateTimeFormat("ar", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso));
    const czech = new Intl.DisplayNames(["ar"], { type: "language" }).of("cs");
    const page = parseHtml(await read(join(out, "ar/index.html")));
    expect(page.querySelector("html")!.getAttribute("dir")).toBe("rtl");
    const section = page.querySelector("section.changes")!;
    expect(section.querySelectorAll("h3").map((h) => h.text)).toEqual([
      `انخفضت دون ${pct(90)}`,
      "سلاسل جديدة",
    ]);
    expect(section.querySelectorAll("li").map((li) => li.text)).toEqual([
      `${czech}، comp (proj): من ${pct(100)} إلى ${pct(89)}`,
      "comp (proj): 9 سلاسل جديدة",
    ]);
    // Time runs from right to left: the oldest point on the right, the line drawn leftwards.
    const chart = parseHtml(await read(join(out, "ar/proj/comp/index.html"))).querySelector(
      "section.trend svg",
    )!;
    expect(chart.getAttribute("direction")).toBe("rtl");
    const d = chart.querySelector("path.translated")!.getAttribute("d")!;
    const xs = [...d.matchAll(/[MH]([\d.]+)/g)].map((m) => Number(m[1]));
    expect(xs[0]).toBeGreaterThan(500);
    expect(xs.at(-1)).toBeLessThan(xs[0]!);
    const stale = parseHtml(await read(join(out, "ar/proj/comp/de/index.html")))
      .querySelector(".stale-notice")!
      .text.trim();
    expect(stale).toContain("تعذّر على هذا التشغيل استخدام هذه الترجمة (فشلت: 404 Not Found)");
    expect(stale).toContain(`(${new Intl.RelativeTimeFormat("ar").format(-7, "day")})`);
    const feed = new XMLParser({ ignoreAttributes: false }).parse(
      await read(join(out, "ar/feed.xml")),
    ).feed;
    expect(feed["@_xml:lang"]).toBe("ar");
    expect((feed.entry as { title: string }[]).map((e) => e.title)).toEqual([
      `${dayAr(RUNS[2]!)}: انخفضت ترجمة واحدة دون ${pct(90)}؛ سلاسل جديدة في مكوّن واحد`,
      `${dayAr(RUNS[1]!)}: وصلت ترجمة واحدة إلى ${pct(100)}`,
    ]);
    // The badges stay one set, in their locale (English by default).
    expect(JSON.parse(await read(join(out, "badges/proj/comp/de.json"))).message).toBe(
      "93% (7d ago)",
    );
  });

  it("check exits 1 listing each offender, with annotations and a step summary under GitHub Actions", async () => {
    const summary = join(out, "..", "summary.md");
    await writeFile(summary, "earlier step\n");
    const run = io(RUNS[2]!, { GITHUB_ACTIONS: "true", GITHUB_STEP_SUMMARY: summary });
    expect(
      await main(
        ["check", "--config", configFile, "--snapshot", join(out, "data/snapshot.json")],
        run,
      ),
    ).toBe(1);
    // Each offence once: as its annotation, which the log shows as the error line.
    expect(run.out().split("\n")).toEqual([
      "::error title=l10n-snapshot check%3A minPercent::proj/comp/cs: 89%25 of 100 strings translated, below the minimum of 90%25",
      "::error title=l10n-snapshot check%3A noRegression::proj/comp/cs: 89%25 of 100 strings translated, down from 100%25 in the previous run",
      "::error title=l10n-snapshot check%3A minPercent::proj/comp/fr: 50%25 of 100 strings translated, below the minimum of 90%25",
      "::error title=l10n-snapshot check%3A noRegression::proj/comp/fr: 50%25 of 100 strings translated, down from 54.9%25 in the previous run",
      `check failed: 4 offences in 2 translations checked (minPercent 90, noRegression against ${join(out, "data/history.json")})`,
      "",
    ]);
    const markdown = await read(summary);
    expect(markdown.startsWith("earlier step\n### Translation check failed\n")).toBe(true);
    expect(markdown).toContain("| Translation | Rule | Translated | Previous | Problem |");
    expect(markdown).toContain(
      "| proj\\/comp\\/cs | noRegression | 89% | 100% | 89\\% of 100 strings translated\\, down from 100\\% in the previous run |",
    );
  });

  it("check --previous compares with a published site (here the latest one: no regression)", async () => {
    // The servers of the builds were stopped after the first test: the site is served afresh.
    const site = await serveDirectory(out);
    const run = io(RUNS[2]!);
    expect(
      await main(
        [
          "check",
          "--config",
          configFile,
          "--snapshot",
          join(out, "data/snapshot.json"),
          "--previous",
          site.url,
        ],
        run,
      ),
    ).toBe(1);
    expect(run.err()).toBe("");
    expect(run.out()).toBe(
      [
        "proj/comp/cs: 89% of 100 strings translated, below the minimum of 90% (minPercent)",
        "proj/comp/fr: 50% of 100 strings translated, below the minimum of 90% (minPercent)",
        `check failed: 2 offences in 2 translations checked (minPercent 90, noRegression against ${site.url})`,
        "",
      ].join("\n"),
    );
  });

  it("check exits 0 when the rules hold, and names a failed translation when it is in scope", async () => {
    const dir = join(out, "..");
    const lenient = join(dir, "lenient.json");
    const config = JSON.parse(await read(configFile));
    await writeFile(
      lenient,
      JSON.stringify({ ...config, check: { minPercent: 50, languages: ["fr"] } }),
    );
    const ok = io(RUNS[2]!);
    expect(
      await main(["check", "--config", lenient, "--snapshot", join(out, "data/snapshot.json")], ok),
    ).toBe(0);
    expect(ok.out()).toBe("check passed: 1 translation checked (minPercent 50)\n");
    await writeFile(lenient, JSON.stringify({ ...config, check: { languages: ["de"] } }));
    const failed = io(RUNS[2]!);
    expect(
      await main(
        ["check", "--config", lenient, "--snapshot", join(out, "data/snapshot.json")],
        failed,
      ),
    ).toBe(1);
    // Told once per component, with the reason and the numbers' date.
    const [offence, closing] = failed.out().split("\n");
    expect(offence).toMatch(
      /^proj\/comp: 1 translation \(de\) could not be read in this run, so it cannot be checked: failed: \[GET\] .*404 Not Found.*; shown with numbers of /,
    );
    expect(offence).toContain(`numbers of ${RUNS[1]} (unavailable)`);
    expect(closing).toBe(
      "check failed: 1 offence in 1 translation checked, 1 of them unavailable (1 stale, 0 failed, 0 invalid) (no rules but availability)",
    );
  });
});
