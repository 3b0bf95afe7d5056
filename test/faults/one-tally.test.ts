import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parse as parseHtml } from "node-html-parser";
import Papa from "papaparse";
import { XMLParser } from "fast-xml-parser";
import { afterAll, describe, expect, it } from "vitest";
import { runAction } from "../../src/action/run-action.js";
import { main } from "../../src/cli/main.js";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import { keyValues } from "../helpers/action-runner.js";
import { parseOpenMetricsStrict, strictParserMissing } from "../helpers/openmetrics-strict.js";
import { scheduledJob, type Job } from "../helpers/scheduled-job.js";

// One run, one set of figures: the scheduled-job suite's fault cases (test/faults/), each run
// from the site the run before published, read in every output a user or a script sees - the
// CLI's line, `build --json`, the Action's outputs, log line and job summary, the overview and
// the component pages, data/summary.json, both CSVs, data/metrics.prom, the feed and `check`.
// Every one must give the same tracked, ok, warnings, stale, failed, invalid and removed
// (docs/STATES.md). Three jobs run the same runs against the same faults: one prints the CLI's
// lines, one --json, one is the Action.

type Figure = "tracked" | "ok" | "warnings" | "stale" | "failed" | "invalid" | "removed";
type Figures = Partial<Record<Figure, number>>;

const at = (hour: number) => new Date(Date.UTC(2026, 10, 20, hour)).toISOString();
const fail = { status: 500, body: '{"detail": "Internal server error."}' };
const failing = [fail, fail, fail];
const TRANSLATIONS = [
  "orbit-notes/*/*",
  "tinygrep/*/*",
  "harbor-docs/manual/guide/*",
  "harbor-docs/glossary/de",
];
const GUIDE_LIST = "/api/components/harbor-docs/manual%252Fguide/translations/";

type Records = Record<string, unknown>[];
const has = (r: unknown, text: string) => JSON.stringify(r).includes(text);

/** A record with `added` more strings to translate (none of them translated). */
function withNewStrings(record: Record<string, unknown>, added: number): Record<string, unknown> {
  const n = (k: string) => record[k] as number;
  const total = n("total") + added;
  const pct = (part: number) => (part >= total ? 100 : Math.floor((part * 1000) / total) / 10);
  return {
    ...record,
    total,
    total_words: n("total_words") + added * 3,
    translated_percent: pct(n("translated")),
    fuzzy_percent: pct(n("fuzzy")),
    failing_checks_percent: pct(n("failing_checks")),
  };
}

/** The fault cases, in order; each sets the stand-in (records, faults) for its run. */
interface Case {
  name: string;
  set(job: Job, all: Records): void;
  /** What the run must count (the rest is checked alike across outputs). */
  expected: Figures;
  /** Components with translations this run could not read: `check` tells each once. */
  unreadable: number;
  /** The build's exit code, from the same figures: 1 when any is stale, failed or invalid. */
  code: 0 | 1;
}

const CASES: Case[] = [
  {
    name: "run 1, nothing wrong",
    set: () => undefined,
    expected: { tracked: 47, stale: 0, failed: 0, removed: 0 },
    unreadable: 0,
    code: 0,
  },
  {
    name: "one translation's own request answers 500",
    set: (job) => job.server.addFault("/api/translations/harbor-docs/glossary/de/", ...failing),
    expected: { tracked: 47, stale: 1, failed: 0, removed: 0 },
    unreadable: 1,
    code: 1,
  },
  {
    name: "a component's translation list answers 500",
    set: (job) => job.server.addFault(GUIDE_LIST, ...failing),
    expected: { tracked: 47, stale: 6, failed: 0, removed: 0 },
    unreadable: 1,
    code: 1,
  },
  {
    name: "a project's component list answers 500 (after a change its probe sees)",
    set: (job, all) => {
      job.server.setRecords(
        all.map((r) =>
          has(r, '/translations/tinygrep/cli/de/"')
            ? { ...r, translated: (r as { translated: number }).translated - 1 }
            : r,
        ),
      );
      job.server.addFault("/api/projects/tinygrep/components/", ...failing);
    },
    expected: { tracked: 47, stale: 13, failed: 0, removed: 0 },
    unreadable: 2,
    code: 1,
  },
  {
    name: "the incremental probe and the component list answer 500",
    set: (job) => {
      job.server.addFault("/api/projects/orbit-notes/languages/", ...failing);
      job.server.addFault("/api/projects/orbit-notes/components/", ...failing);
    },
    expected: { tracked: 47, stale: 27, failed: 0, removed: 0 },
    unreadable: 3,
    code: 1,
  },
  {
    name: "everything answers again, one record with more fuzzy strings than strings (a warning)",
    set: (job, all) =>
      job.server.setRecords(
        all.map((r) =>
          has(r, '/translations/tinygrep/cli/de/"')
            ? { ...r, fuzzy: (r as { total: number }).total + 1 }
            : r,
        ),
      ),
    expected: { tracked: 47, ok: 47, warnings: 1, stale: 0, failed: 0, removed: 0 },
    unreadable: 0,
    code: 0,
  },
  {
    name: "the trial: a list answers 500, a project gains 5 strings, a component is removed",
    set: (job, all) => {
      job.server.setRecords(
        all
          .filter((r) => !has(r, "/orbit-notes/website/"))
          .map((r) => (has(r, "/tinygrep/") ? withNewStrings(r, 5) : r)),
      );
      job.server.addFault(GUIDE_LIST, ...failing);
    },
    expected: { tracked: 39, stale: 6, failed: 0, removed: 8 },
    unreadable: 1,
    code: 1,
  },
  {
    name: "the next run: the removal is not counted again",
    set: () => undefined,
    expected: { tracked: 39, stale: 0, failed: 0, removed: 0 },
    unreadable: 0,
    code: 0,
  },
];

const number = (text: string) => Number(text.replace(/[^\d]/g, ""));

/** The CLI's line: "translations 34: ok 33, warnings 0, stale 1, failed 0, invalid 0; removed 0". */
function fromCliLine(stdout: string): Figures {
  const line = stdout.split("\n").find((l) => l.startsWith("translations "));
  const m =
    /^translations (\d+): ok (\d+), warnings (\d+), stale (\d+), failed (\d+), invalid (\d+); removed (\d+)/.exec(
      line ?? "",
    );
  if (!m) throw new Error(`no figures line in ${JSON.stringify(stdout)}`);
  const [tracked, ok, warnings, stale, failed, invalid, removed] = m.slice(1).map(Number);
  return { tracked, ok, warnings, stale, failed, invalid, removed };
}

function fromJson(o: Record<string, number>): Figures {
  return {
    tracked: o.translations,
    ok: o.ok,
    warnings: o.warnings,
    stale: o.stale,
    failed: o.failed,
    invalid: o.invalid,
    removed: o.removed,
  };
}

/** The job summary's table of figures (its first table). */
function fromJobSummary(markdown: string): Figures {
  const lines = markdown.split("\n");
  const head = lines.findIndex((l) => l.startsWith("| translations |"));
  const cells = (l: string) =>
    l
      .split("|")
      .slice(1, -1)
      .map((c) => c.trim());
  const names = cells(lines[head]!);
  const values = cells(lines[head + 2]!);
  const get = (name: string) => number(values[names.indexOf(name)]!);
  return {
    tracked: get("translations"),
    ok: get("ok"),
    warnings: get("with warnings"),
    stale: get("stale"),
    failed: get("failed"),
    invalid: get("invalid"),
    removed: get("removed"),
  };
}

/** The Action's log line: "l10n-snapshot build: translations 34: ok 33, ...". */
const fromActionLog = (stdout: string) =>
  fromCliLine(
    stdout
      .split("\n")
      .filter((l) => l.startsWith("l10n-snapshot build: "))
      .map((l) => l.slice("l10n-snapshot build: ".length))
      .join("\n"),
  );

/** The overview's list of counts, each item marked with its state. */
async function fromOverview(out: string): Promise<Figures> {
  const page = parseHtml(await readFile(join(out, "index.html"), "utf8"));
  const count = (state: string) => {
    const li = page.querySelector(`ul.counts li[data-state="${state}"] strong`);
    return li ? number(li.text) : 0;
  };
  const summary = page.querySelector("p.summary")!.text;
  return {
    tracked: number(/across ([\d,]+) tracked/.exec(summary)?.[1] ?? "x"),
    ok: count("ok"),
    warnings: count("warnings"),
    stale: count("stale"),
    failed: count("failed"),
    invalid: count("invalid"),
    removed: count("removed"),
  };
}

/** The rows of every component page the overview links to, by the mark each carries. */
async function fromComponentPages(out: string): Promise<Figures> {
  const overview = parseHtml(await readFile(join(out, "index.html"), "utf8"));
  const links = overview.querySelectorAll("main table tbody th a");
  const figures = { tracked: 0, stale: 0 };
  for (const a of links) {
    const file = decodeURI(a.getAttribute("href")!);
    const page = parseHtml(await readFile(join(out, file), "utf8"));
    const table = page.querySelector("table#translations")!;
    for (const row of table.querySelectorAll("tbody tr:not(.notstarted)")) {
      figures.tracked += 1;
      if (row.querySelector(".tag.stale")) figures.stale += 1;
    }
  }
  return figures;
}

async function fromSummaryJson(out: string): Promise<Figures> {
  const t = JSON.parse(await readFile(join(out, "data/summary.json"), "utf8")).translations;
  return { ...fromJson({ ...t, translations: t.total }), warnings: t.warnings };
}

async function csv(out: string, name: string): Promise<Record<string, string>[]> {
  const text = await readFile(join(out, "data", name), "utf8");
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

async function fromTranslationsCsv(out: string): Promise<Figures> {
  const rows = (await csv(out, "translations.csv")).filter((r) => r.status !== "not started");
  // A failed list is no row: no wildcard in a row's names.
  expect(rows.filter((r) => [r.project, r.component, r.language].includes("*"))).toEqual([]);
  const of = (status: string) => rows.filter((r) => r.status === status).length;
  return {
    tracked: rows.length,
    ok: of("ok"),
    stale: of("stale"),
    failed: of("failed"),
    invalid: of("invalid"),
  };
}

async function fromProjectsCsv(out: string): Promise<Figures> {
  const rows = await csv(out, "projects.csv");
  const sum = (column: string) => rows.reduce((s, r) => s + Number(r[column]), 0);
  return {
    tracked: sum("translations"),
    ok: sum("ok"),
    warnings: sum("warnings"),
    stale: sum("stale"),
    failed: sum("failed"),
    invalid: sum("invalid"),
  };
}

async function fromMetrics(out: string): Promise<Figures> {
  const families = parseOpenMetricsStrict(await readFile(join(out, "data/metrics.prom"), "utf8"));
  const value = (family: string, status?: string) =>
    families
      .find((f) => f.name === family)
      ?.samples.find((s) => status === undefined || s.labels.status === status)?.value;
  const tracked = families.find((f) => f.name === "l10n_tracked_translations")!.samples;
  return {
    tracked: tracked.reduce((s, x) => s + x.value, 0),
    ok: value("l10n_tracked_translations", "ok"),
    stale: value("l10n_tracked_translations", "stale"),
    failed: value("l10n_tracked_translations", "failed"),
    invalid: value("l10n_tracked_translations", "invalid"),
    warnings: value("l10n_translations_with_warnings"),
    removed: value("l10n_removed_translations"),
  };
}

/** The feed's newest entry, when it is this run's: the translations it says were removed. */
async function fromFeed(out: string, run: string): Promise<Figures> {
  const feed = new XMLParser({ ignoreAttributes: false }).parse(
    await readFile(join(out, "feed.xml"), "utf8"),
  );
  const entries = [feed.feed.entry ?? []].flat() as { updated: string; title: unknown }[];
  const mine = entries.find((e) => e.updated === run);
  const text = String(mine?.title ?? "");
  const m = /(\d+) translations? removed/.exec(text);
  return { removed: m ? Number(m[1]) : 0 };
}

/** `check` of the published snapshot: the translations it checked and those it could not. */
async function fromCheck(job: Job): Promise<Figures> {
  let stdout = "";
  const code = await main(
    ["check", "--config", job.config, "--snapshot", join(job.out, "data/snapshot.json.gz")],
    { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: () => true }, env: {} },
  );
  expect(code === 0 || code === 1).toBe(true);
  const last = stdout.trim().split("\n").at(-1)!;
  const checked = /([\d,]+) translations? checked/.exec(last);
  const figures: Figures = { tracked: checked ? number(checked[1]!) : -1 };
  for (const state of ["stale", "failed", "invalid"] as const) {
    const m = new RegExp(`([\\d,]+) ${state}\\b`).exec(last);
    figures[state] = m ? number(m[1]!) : 0;
  }
  return figures;
}

/** The Action in this process, as the runner runs it, at the run's time; its outputs and summary. */
async function actionRun(job: Job, when: string) {
  const temp = join(job.dir, "runner");
  await mkdir(temp, { recursive: true });
  const files = { output: join(temp, "output"), summary: join(temp, "summary") };
  await writeFile(files.output, "");
  await writeFile(files.summary, "");
  let stdout = "";
  const code = await runAction({
    env: {
      GITHUB_ACTIONS: "true",
      GITHUB_OUTPUT: files.output,
      GITHUB_STEP_SUMMARY: files.summary,
      INPUT_CONFIG: job.config,
      INPUT_OUT: job.out,
      INPUT_CHECK: "true",
      INPUT_FULL: "true",
    },
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: () => true },
    cwd: job.dir,
    now: () => new Date(when),
  });
  return {
    code,
    stdout,
    outputs: keyValues(await readFile(files.output, "utf8")),
    summary: await readFile(files.summary, "utf8"),
  };
}

describe.skipIf(strictParserMissing())(
  "one tally of a run: every output gives the same figures, fault case by fault case",
  async () => {
    const options = {
      records: (b: string) => buildDemoRecords(b),
      translations: TRANSLATIONS,
      crawl: { retries: 1, timeoutMs: 3000 },
      keep: true,
    };
    const jobs = {
      cli: await scheduledJob(options),
      json: await scheduledJob(options),
      action: await scheduledJob(options),
    };
    afterAll(() => Promise.all(Object.values(jobs).map((j) => j.stop())));
    const all = (job: Job) => buildDemoRecords(job.server.baseUrl);

    CASES.forEach((c, i) => {
      it(`run ${i + 1}: ${c.name}`, async () => {
        const when = at(i * 6);
        for (const job of Object.values(jobs)) {
          job.server.clearFaults();
          c.set(job, all(job));
        }
        // Every project crawled (--full), so that each fault is met whatever the change log says.
        const cli = await jobs.cli.run(when, "--full");
        const json = await jobs.json.run(when, "--json", "--full");
        const action = await actionRun(jobs.action, when);
        const out = jobs.json.out;
        const summary = JSON.parse(json.stdout.trim().split("\n").at(-1)!);
        const outputs = action.outputs;
        const figures: Record<string, Figures> = {
          "the CLI's line": fromCliLine(cli.stdout),
          "build --json": fromJson(summary),
          "the Action's outputs": fromJson(
            Object.fromEntries(Object.entries(outputs).map(([k, v]) => [k, Number(v)])),
          ),
          "the Action's log line": fromActionLog(action.stdout),
          "the job summary": fromJobSummary(action.summary),
          "the overview": await fromOverview(out),
          "the component pages": await fromComponentPages(out),
          "data/summary.json": await fromSummaryJson(out),
          "data/translations.csv": await fromTranslationsCsv(out),
          "data/projects.csv": await fromProjectsCsv(out),
          "data/metrics.prom": await fromMetrics(out),
          "feed.xml": await fromFeed(out, when),
          check: await fromCheck(jobs.json),
        };
        // check: true in the Action: one annotation per component it could not read, then the
        // step fails after the site was written and the summary says so.
        const annotations = action.stdout.match(/^::error title=l10n-snapshot check.*$/gm) ?? [];
        expect(annotations).toHaveLength(c.unreadable);
        expect(action.code).toBe(c.unreadable > 0 ? 1 : 0);
        expect(action.summary.includes("This step failed because the check failed")).toBe(
          c.unreadable > 0,
        );
        expect(outputs["exit-code"]).toBe(String(json.code));
        expect([cli.code, json.code, summary.exitCode]).toEqual([c.code, c.code, c.code]);
        // The CLI's closing lines say what was removed: one line per component, by its names.
        const removals = cli.stdout.split("\n").filter((l) => l.startsWith("removed from"));
        expect(removals).toEqual(
          c.expected.removed
            ? ["removed from the server: component Website (Orbit Notes), 8 translations"]
            : [],
        );
        const truth = fromJson(summary);
        expect(truth).toMatchObject(c.expected);
        expect(truth.tracked).toBe(truth.ok! + truth.stale! + truth.failed! + truth.invalid!);
        for (const [where, seen] of Object.entries(figures)) {
          const defined = Object.fromEntries(
            Object.entries(seen).filter(([, v]) => v !== undefined),
          );
          const same = Object.fromEntries(Object.keys(defined).map((k) => [k, truth[k as Figure]]));
          expect({ where, ...defined }).toEqual({ where, ...same });
        }
      });
    });
  },
  300_000,
);
