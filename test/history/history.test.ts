import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crawlOptionsSchema } from "../../src/config/schema.js";
import { decodeNumbers, encodeNumbers, POINT_SIZE, UNKNOWN } from "../../src/history/series.js";
import { historyFiles } from "../../src/history/history-parts.js";
import { readHistory } from "../helpers/read-history.js";
import {
  emptyHistory,
  pointAt,
  pointCount,
  toMinute,
  type Counts,
  type History,
} from "../../src/history/history.js";
import { mergeRun } from "../../src/history/merge-run.js";
import { loadPreviousSite } from "../../src/previous/previous-site.js";
import { thinSeries } from "../../src/history/thin.js";
import { serializeSnapshot, toSnapshot } from "../../src/snapshot/snapshot.js";
import { tempDir } from "../helpers/temp-dir.js";

const counts = (translated: number, total = 100): Counts => ({
  total,
  translated,
  fuzzy: 0,
  failingChecks: 0,
  totalWords: total * 5,
  translatedWords: translated * 5,
  totalChars: total * 30,
  translatedChars: translated * 30,
  approved: UNKNOWN,
  approvedWords: UNKNOWN,
  approvedChars: UNKNOWN,
});
const entry = (language: string, c?: Counts) => ({
  project: "p",
  component: "c",
  language,
  ...(c ? { counts: c } : {}),
});
const day = (n: number) =>
  new Date(Date.parse("2026-01-05T06:00:00Z") + n * 86_400_000).toISOString();

describe("merging runs into the history", () => {
  it("adds a point only when a counter changed, and reports what is notable", () => {
    const h = emptyHistory("https://w.example");
    expect(
      mergeRun(
        h,
        day(0),
        [entry("cs", counts(95)), entry("de", counts(99)), entry("fr", counts(10))],
        { threshold: 90 },
      ),
    ).toMatchObject({ added: [], reached100: [] });
    const changes = mergeRun(
      h,
      day(1),
      [
        entry("cs", counts(80)),
        entry("de", counts(100)),
        entry("fr", counts(10)),
        entry("it", counts(1)),
      ],
      { threshold: 90 },
    );
    expect(changes).toEqual({
      threshold: 90,
      reached100: [{ key: "p/c/de", previous: 99 }],
      fellBelow: [{ key: "p/c/cs", percent: 80, previous: 95 }],
      newStrings: [],
      added: ["p/c/it"],
      removed: [],
    });
    expect(pointCount(h.series.get("p/c/fr")!)).toBe(1);
    expect(pointCount(h.series.get("p/c/cs")!)).toBe(2);
    const later = mergeRun(h, day(2), [entry("cs", counts(80, 110)), entry("de")], {
      threshold: 90,
    });
    expect(later).toMatchObject({
      newStrings: [{ project: "p", component: "c", added: 10 }],
      removed: ["p/c/fr", "p/c/it"],
    });
    expect(h.runs.map((r) => r.at)).toEqual([day(1), day(2)]);
    expect([h.previousRun, h.lastRun]).toEqual([day(1), day(2)]);
  });

  it("ignores a run no newer than the last one merged (a re-render of the same snapshot)", () => {
    const h = emptyHistory("https://w.example");
    mergeRun(h, day(3), [entry("cs", counts(1))], { threshold: 90 });
    expect(mergeRun(h, day(3), [entry("cs", counts(2))], { threshold: 90 })).toBeUndefined();
    expect(pointCount(h.series.get("p/c/cs")!)).toBe(1);
  });

  it("thins points older than 90 days to the last of each week, older than 2 years to the last of each month", () => {
    const h = emptyHistory("https://w.example");
    for (let d = 0; d < 1000; d++)
      mergeRun(h, day(d), [entry("cs", counts(d % 100, 100 + d))], { threshold: 90 });
    const flat = h.series.get("p/c/cs")!;
    const times = Array.from({ length: pointCount(flat) }, (_, i) => pointAt(flat, i).at);
    const now = toMinute(day(999));
    const age = (m: number) => (now - m) / 1440;
    // Every run of the last 90 days (days 0 to 90 back, the boundary included) keeps its point.
    expect(times.filter((m) => age(m) <= 90)).toHaveLength(91);
    const weekly = times.filter((m) => age(m) > 90 && age(m) < 730);
    // Each kept older point is a Sunday (the last day of its Monday-to-Sunday week), but at the
    // edges.
    expect(weekly.slice(1, -1).every((m) => new Date(m * 60_000).getUTCDay() === 0)).toBe(true);
    expect(weekly.length).toBeGreaterThanOrEqual(91);
    expect(weekly.length).toBeLessThanOrEqual(93);
    const monthly = times.filter((m) => age(m) >= 730);
    expect(new Set(monthly.map((m) => new Date(m * 60_000).toISOString().slice(0, 7))).size).toBe(
      monthly.length,
    );
    expect(pointAt(flat, pointCount(flat) - 1)).toMatchObject({
      at: now,
      translated: 99,
      total: 1099,
    });
    // Thinning again changes nothing.
    expect(thinSeries([...flat], now)).toEqual(flat);
  });
});

/** The history's files as the site writes them: the index's JSON and each project's part's. */
function written(h: History): { index: Record<string, unknown>; parts: Map<string, unknown> } {
  const [index, ...parts] = historyFiles(h).map((f) => JSON.parse(f.render()));
  return { index, parts: new Map(parts.map((part) => [part.project, part])) };
}

/** The index's text of a history without series (no parts). */
const indexText = (h: History): string => historyFiles(h)[0]!.render();

/** The history written (index and parts) and read back. */
function roundTrip(h: History, warnings: string[] = []): History {
  const { index, parts } = written(h);
  return readHistory(index, "h.json", warnings, parts);
}

/** The index of a history run at day 0 and a part of project "p" holding `series` and `gone`. */
function tampered(series: Record<string, string>, gone: Record<string, number> = {}, runs = []) {
  const base = Object.assign(emptyHistory("https://w.example"), { lastRun: day(0), runs });
  const { index } = written(base);
  const listed = { p: { path: "history/p.json", series: Object.keys(series).length } };
  const part = {
    schemaVersion: 3,
    kind: "l10n-snapshot history part",
    project: "p",
    run: day(0),
    gone,
    series,
  };
  return { index: { ...index, parts: listed }, parts: new Map([["p", part]]) };
}

describe("data/history.json", () => {
  it("round-trips through its index and parts, series as zigzag varints", () => {
    expect(
      decodeNumbers(encodeNumbers([0, -1, 1, 15, -16, 16, 1440, 29_892_240, -123_456_789])),
    ).toEqual([0, -1, 1, 15, -16, 16, 1440, 29_892_240, -123_456_789]);
    const h = emptyHistory("https://w.example");
    mergeRun(
      h,
      day(0),
      [
        entry("cs", counts(5)),
        { project: "p", component: "docs%2Fusage", language: "de", counts: counts(7) },
      ],
      { threshold: 90 },
    );
    mergeRun(h, day(1), [entry("cs", counts(9))], { threshold: 90 });
    expect(historyFiles(h).map((f) => f.path)).toEqual(["history.json", "history/p.json"]);
    expect(historyFiles(h)[1]!.render()).toContain('"p/c/cs": "');
    expect(roundTrip(h)).toEqual(h);
  });

  it.each([
    [
      { schemaVersion: 4 },
      "history h.json: schemaVersion 4 is newer than this version of l10n-snapshot reads (3); update l10n-snapshot",
    ],
    [
      { schemaVersion: 2, kind: "l10n-snapshot history" },
      'history h.json: "schemaVersion": Invalid input: expected 3',
    ],
    [
      { schemaVersion: 3, kind: "something else" },
      'history h.json: "kind": Invalid input: expected "l10n-snapshot history"',
    ],
  ])("refuses what it cannot read with one line: %j", (json, message) => {
    expect(() => readHistory(json, "h.json")).toThrow(message);
  });

  it("drops series whose keys are not triples of slugs, saying so, and refuses tampered numbers", () => {
    for (const key of ["p/../x", "p/c/*", "p/c/\u0007l", "*/*/*", "p/docs/usage/de"]) {
      const warnings: string[] = [];
      const one = encodeNumbers(new Array<number>(POINT_SIZE).fill(0));
      const runs = [
        {
          at: day(0),
          changes: {
            threshold: 90,
            reached100: [{ key, previous: 50 }],
            fellBelow: [],
            newStrings: [],
            added: [key, "p/c/l"],
            removed: [key],
          },
        },
      ];
      const { index, parts } = tampered(
        { [key]: one, "p/c/l": one },
        { [key]: 5, "p/c/l": 5 },
        runs as never,
      );
      const h = readHistory(index, "h", warnings, parts);
      expect([...h.series.keys()]).toEqual(["p/c/l"]);
      expect([...h.gone.keys()]).toEqual(["p/c/l"]);
      expect(h.runs[0]!.changes).toMatchObject({ reached100: [], added: ["p/c/l"], removed: [] });
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        /^history h: 1 series and 3 changes whose keys are not "project\/component\/language" triples of slugs were dropped, e\.g\. "/,
      );
      // Named as server text is: escaped for a terminal.
      expect(warnings[0]).not.toMatch(/\u0007/);
    }
    const read = (text: string) => {
      const { index, parts } = tampered({ "p/c/l": text });
      return () => readHistory(index, "h/history.json", [], parts);
    };
    expect(read("AA<AAAA")).toThrow(
      'history h/history/p.json: "series.p/c/l": a character outside base64url at 2',
    );
    const rising = [100, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, -5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    expect(read(encodeNumbers(rising))).toThrow("times must rise from point to point");
    const negative = [100, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, -3, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    expect(read(encodeNumbers(negative))).toThrow("a negative count");
    // Unknown (-1) is only allowed for the counters a server may not give: not for a total.
    const unknownTotal = [100, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    expect(read(encodeNumbers(unknownTotal))).toThrow("a negative count");
  });
});

describe("the previous site from a directory", () => {
  const crawl = crawlOptionsSchema.parse({});
  async function site(baseUrl: string, history?: string): Promise<string> {
    const dir = await tempDir("l10n-prev-");
    await mkdir(join(dir, "data"));
    const snapshot = toSnapshot([], { baseUrl, triples: [], now: new Date(day(0)) });
    await writeFile(join(dir, "data/snapshot.json.gz"), gzipSync(serializeSnapshot(snapshot)));
    if (history !== undefined) await writeFile(join(dir, "data/history.json"), history);
    return dir;
  }

  it("refuses a site built from another server, unless forced", async () => {
    const dir = await site(
      "https://other.example",
      indexText(emptyHistory("https://other.example")),
    );
    await expect(
      loadPreviousSite(dir, { crawl, maxBytes: 1e6, baseUrl: "https://w.example" }),
    ).rejects.toThrow(
      `previous site ${dir} was built from "https://other.example", not from https://w.example; its history belongs to another config. Pass --previous with this config's site, or --previous-force to carry it over anyway`,
    );
    const forced = await loadPreviousSite(dir, {
      crawl,
      maxBytes: 1e6,
      baseUrl: "https://w.example",
      force: true,
    });
    expect(forced.history!.baseUrl).toBe("https://w.example");
    await forced.close();
  });

  it("stops at a history it cannot read, or with --previous-optional warns and starts a new one; stops at a newer format", async () => {
    const broken = await site("https://w.example", "{not json");
    const options = { crawl, maxBytes: 1e6, baseUrl: "https://w.example" };
    await expect(loadPreviousSite(broken, options)).rejects.toThrow(
      /^previous site .*data\/history.json: .*data\/history.json: not valid JSON .*; stopped before publishing, so the live site and its history stay as they were \(run again once the site answers, or pass --previous-optional to start a new history instead\)$/,
    );
    const read = await loadPreviousSite(broken, { ...options, optional: true });
    expect(read.history).toBeUndefined();
    expect(read.snapshot).toBeDefined();
    await read.close();
    expect(read.warnings).toEqual([
      expect.stringMatching(
        /^previous site .*data\/history.json: not valid JSON .*; start a new history \(--previous-optional\)$/,
      ),
    ]);
    const big = await site("https://w.example", indexText(emptyHistory("https://w.example")));
    // The cap is in the message.
    await expect(loadPreviousSite(big, { ...options, maxBytes: 100 })).rejects.toThrow(
      "is larger than 100 bytes (history.maxBytes)",
    );
    const newer = await site("https://w.example", JSON.stringify({ schemaVersion: 9 }));
    await expect(
      loadPreviousSite(newer, { crawl, maxBytes: 1e6, baseUrl: "https://w.example" }),
    ).rejects.toThrow(`previous site history ${newer} data/history.json: schemaVersion 9 is newer`);
  });
});
