import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse as parseHtml } from "node-html-parser";
import { afterAll, describe, expect, it } from "vitest";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import type { History } from "../../src/history/history.js";
import type { Snapshot } from "../../src/snapshot/schema.js";
import {
  lost,
  publishedUrls,
  scheduledJob,
  type Job,
  type JobRun,
} from "../helpers/scheduled-job.js";

// A scheduled job as it lives for months against a Weblate that sometimes fails: a run every six
// hours, each building from the site the run before published (read back over HTTP through
// site.url, as GitHub Pages serves it), with a fault at each level in turn. After every run: the
// published files (no page or badge URL that existed disappears unless its translation was
// positively removed), the history (no removal recorded for a failure), the exit code and the
// lines printed.

const at = (day: number, hour: number) => new Date(Date.UTC(2026, 10, day, hour)).toISOString();
const WEBSITE = "orbit-notes/website";
const failedList = (_what: string) => [
  { status: 500, body: '{"detail": "Internal server error."}' },
  { status: 500, body: '{"detail": "Internal server error."}' },
];

/** Every translation key of the snapshot under a project or component path (no wildcard). */
function keysUnder(snapshot: Snapshot | undefined, prefix: string): string[] {
  return (snapshot?.translations ?? [])
    .filter((t) => t.component !== "*" && t.language !== "*")
    .map((t) => `${t.project}/${t.component}/${t.language}`)
    .filter((k) => k.startsWith(`${prefix}/`));
}

/** What the history says of the keys: present in series, and not gone. */
function goneKeys(history: History | undefined): string[] {
  return [...(history?.gone.keys() ?? [])].sort();
}

function removedInFeed(history: History | undefined): string[] {
  return (history?.runs ?? []).flatMap((r) => r.changes.removed).sort();
}

async function page(job: Job, path: string) {
  return parseHtml(await readFile(join(job.out, path), "utf8"));
}

async function badgeJson(job: Job, path: string): Promise<{ message: string; color: string }> {
  return JSON.parse(await readFile(join(job.out, path), "utf8")) as {
    message: string;
    color: string;
  };
}

/** The run's stderr without the lines about the data itself: notes, warnings, their legend. */
const faultLines = (run: JobRun) => run.lines.filter((l) => !/^(note |warning |\()/.test(l));

describe("a scheduled job with a fault at each level, each run from the site the run before published", async () => {
  const job = await scheduledJob({
    records: (b) => buildDemoRecords(b),
    translations: [
      "orbit-notes/*/*",
      "tinygrep/*/*",
      "harbor-docs/manual/guide/*",
      "harbor-docs/glossary/de",
    ],
    crawl: { retries: 1, timeoutMs: 3000 },
    keep: true,
  });
  afterAll(() => job.stop());
  const runs: JobRun[] = [];
  const run = async (when: string, ...flags: string[]) => {
    const result = await job.run(when, ...flags);
    job.server.clearFaults();
    job.site.override = undefined;
    runs.push(result);
    return result;
  };
  const all = buildDemoRecords(job.server.baseUrl);
  const first = await run(at(1, 0));

  it("run 1, nothing wrong: exit 0, a whole site", () => {
    expect(first.code).toBe(0);
    expect(faultLines(first)).toEqual([]);
    expect(keysUnder(first.snapshot, "orbit-notes")).toHaveLength(27);
    expect(first.files.has("badges/orbit-notes/website/de.svg")).toBe(true);
  });

  it("run 2, one translation's own request fails (500): it is stale, not removed", async () => {
    job.server.addFault("/api/translations/harbor-docs/glossary/de/", ...failedList("glossary/de"));
    // Nothing changed on the server: only a full crawl asks for the translation.
    const r = await run(at(1, 6), "--full");
    expect(r.code).toBe(1);
    expect(faultLines(r)).toEqual([
      expect.stringMatching(
        /^failed harbor-docs\/glossary\/de: \[GET\] ".*\/api\/translations\/harbor-docs\/glossary\/de\/": 500 Internal Server Error/,
      ),
    ]);
    expect(lost(first.files, r.files)).toEqual([]);
    expect(goneKeys(r.history)).toEqual([]);
    const entry = r.snapshot!.translations.find(
      (t) => t.project === "harbor-docs" && t.component === "glossary",
    )!;
    expect(entry.status).toBe("failed");
    expect(entry.carried?.asOf).toBe(at(1, 0));
  });

  it("run 3, a component's translation list fails: every translation under it is stale, none removed", async () => {
    job.server.addFault(
      "/api/components/harbor-docs/manual%252Fguide/translations/",
      ...failedList("guide"),
    );
    const r = await run(at(1, 12));
    expect(r.code).toBe(1);
    expect(faultLines(r)).toEqual([
      expect.stringMatching(
        /^failed harbor-docs\/manual\/guide\/\*: \[GET\] .*500 Internal Server Error/,
      ),
    ]);
    expect(lost(first.files, r.files)).toEqual([]);
    expect(goneKeys(r.history)).toEqual([]);
    const guide = r.snapshot!.translations.filter((t) => t.component === "manual%2Fguide");
    expect(guide.map((t) => t.language)).toEqual(["*", "ar", "de", "es", "fr", "ja", "pt_BR"]);
    expect(guide.filter((t) => t.language !== "*").every((t) => t.carried?.asOf === at(1, 6))).toBe(
      true,
    );
    expect((await badgeJson(job, "badges/harbor-docs/manual/guide/de.json")).message).toMatch(
      /^\d+% \(6h ago\)$/,
    );
  });

  it("run 4, a project's component list fails: its translations are stale, none removed", async () => {
    // A change in tinygrep makes its probe ask for a crawl; then its component list fails.
    job.server.setRecords(
      all.map((r) =>
        JSON.stringify(r).includes('/translations/tinygrep/cli/de/"')
          ? { ...r, translated: (r as { translated: number }).translated - 1 }
          : r,
      ),
    );
    job.server.addFault("/api/projects/tinygrep/components/", ...failedList("tinygrep"));
    const r = await run(at(1, 18));
    expect(r.code).toBe(1);
    expect(faultLines(r)).toEqual([
      expect.stringMatching(
        /^failed tinygrep\/\*\/\*: \[GET\] .*\/api\/projects\/tinygrep\/components\/.*500 Internal Server Error/,
      ),
    ]);
    expect(lost(first.files, r.files)).toEqual([]);
    expect(goneKeys(r.history)).toEqual([]);
    expect(keysUnder(r.snapshot, "tinygrep")).toHaveLength(13);
  });

  it("run 5, the incremental signal fails (the change log answers 500): every project is crawled, nothing stale", async () => {
    job.server.addFault("/api/changes/", ...failedList("changes"));
    const r = await run(at(2, 0));
    expect(r.code).toBe(0);
    expect(faultLines(r)).toEqual([]);
    expect(lost(first.files, r.files)).toEqual([]);
    expect(r.files.size).toBe(first.files.size);
    expect(goneKeys(r.history)).toEqual([]);
    expect(r.snapshot!.translations.filter((t) => t.carried !== undefined)).toEqual([]);
    expect(keysUnder(r.snapshot, "orbit-notes")).toHaveLength(27);
  });

  it("run 6, the previous site answers 500: exit 3, one line, nothing published", async () => {
    const before = runs.at(-1)!;
    const published = await readFile(join(job.out, "data/snapshot.json.gz"));
    job.site.override = (path, res) => {
      if (path !== "/data/history.json") return false;
      res.writeHead(500).end();
      return true;
    };
    job.server.resetStats();
    const r = await run(at(2, 6));
    expect(r.code).toBe(3);
    expect(r.lines).toEqual([
      expect.stringMatching(
        /^l10n-snapshot: previous site .* data\/history\.json: .*500 Internal Server Error; stopped before publishing/,
      ),
    ]);
    expect(job.server.log).toEqual([]);
    expect([...r.files].sort()).toEqual([...before.files].sort());
    expect(await readFile(join(job.out, "data/snapshot.json.gz"))).toEqual(published);
  });

  it("run 7, everything answers again: every translation fresh, the history went on", async () => {
    job.server.setRecords(all);
    const r = await run(at(2, 12));
    expect(r.code).toBe(0);
    expect(r.snapshot!.translations.every((t) => t.status === "ok" && !t.carried)).toBe(true);
    expect(lost(first.files, r.files)).toEqual([]);
    expect(goneKeys(r.history)).toEqual([]);
    expect(r.history!.previousRun).toBe(at(2, 0));
  });

  it("run 8, a component is removed from the server: recorded once as removed; its URLs answer with a grey 'removed' badge and a page that says when", async () => {
    job.server.setRecords(all.filter((r) => !JSON.stringify(r).includes(`/${WEBSITE}/`)));
    const r = await run(at(2, 18));
    expect(r.code).toBe(0);
    const website = keysUnder(runs[0]!.snapshot, WEBSITE);
    expect(website).toHaveLength(8);
    expect(goneKeys(r.history)).toEqual(website.sort());
    expect(removedInFeed(r.history)).toEqual(website.sort());
    // Every URL that was published stays, the removed ones as what says they were removed.
    expect(lost(first.files, r.files)).toEqual([]);
    const badge = await badgeJson(job, "badges/orbit-notes/website/de.json");
    expect(badge).toMatchObject({ message: "removed", color: "lightgrey" });
    const svg = await readFile(join(job.out, "badges/orbit-notes/website/de.svg"), "utf8");
    expect(svg).toContain("removed");
    const de = await page(job, "orbit-notes/website/de/index.html");
    expect(de.querySelector("main")!.text).toContain("removed");
    expect(de.querySelector("time")!.getAttribute("datetime")).toBe(at(2, 18));
    expect(de.querySelector('a[href="../../index.html"]')).not.toBeNull();
    expect((await badgeJson(job, "badges/orbit-notes/website.json")).message).toBe("removed");
    // A language only the website had: the project's badge for it says "removed" too.
    expect((await badgeJson(job, "badges/languages/ru/orbit-notes.json")).message).toBe("removed");
  });

  it("run 9, the next run: the removal is not told again, the removed URLs still answer", async () => {
    const r = await run(at(3, 0));
    expect(r.code).toBe(0);
    expect(removedInFeed(r.history)).toEqual(removedInFeed(runs.at(-2)!.history));
    expect(lost(first.files, r.files)).toEqual([]);
  });

  it("run 10, history.keepRemovedDays (30) later: the removed translation's files go, nothing else", async () => {
    const r = await run(at(3 + 31, 0));
    expect(r.code).toBe(0);
    // The languages only the website had in orbit-notes: the project's badges for them went too.
    const langs = (c: (component: string) => boolean) =>
      new Set(
        keysUnder(first.snapshot, "orbit-notes")
          .filter((k) => c(k.split("/")[1]!))
          .map((k) => k.split("/")[2]!),
      );
    const others = langs((c) => c !== "website");
    const only = [...langs((c) => c === "website")].filter((l) => !others.has(l));
    expect(only.length).toBeGreaterThan(0);
    const theirs = (f: string) =>
      f.includes("orbit-notes/website") ||
      only.some((l) => f.startsWith(`badges/languages/${l}/orbit-notes.`));
    expect(lost(first.files, r.files).filter((f) => !theirs(f))).toEqual([]);
    expect(lost(first.files, r.files).length).toBeGreaterThan(8);
    expect(publishedUrls(r.files).some((f) => f.includes("orbit-notes/website"))).toBe(false);
  });
}, 120_000);
