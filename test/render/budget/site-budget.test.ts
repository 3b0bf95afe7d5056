import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { marked, type Tokens } from "marked";
import { parse } from "node-html-parser";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { siteOptionsSchema } from "../../../src/config/schema.js";
import { parseTripleString } from "../../../src/config/triple.js";
import { syntheticRecords, syntheticTriples } from "../../../src/demo/synthetic-data.js";
import { OutputError } from "../../../src/model/errors.js";
import { toEntry } from "../../../src/pipeline/to-entry.js";
import { DROP_STEPS } from "../../../src/render/budget/site-detail.js";
import { renderSite, type RenderedSite } from "../../../src/render/render-site.js";
import { serializeSnapshot, toSnapshot } from "../../../src/snapshot/snapshot.js";
import type { Snapshot } from "../../../src/snapshot/schema.js";
import { serveSite } from "../../helpers/browser.js";
import { main } from "../../../src/cli/main.js";
import { buildDemoRecords, demoTriples } from "../../../src/demo/demo-data.js";
import { captureIo, startStandIn } from "../../helpers/stand-in.js";
import { tempDir } from "../../helpers/temp-dir.js";

// site.maxBytes: the site is measured before anything is written, and detail is left out in the
// documented order (DROP_STEPS) until it fits; every badge and widget address of the full site
// still answers; a budget nothing fits stops the run with exit 3 and one line.

const BASE = "https://weblate.example";
const size = { projects: 2, components: 3, languages: 30 };

function syntheticSnapshot(): Snapshot {
  const records = syntheticRecords(size)(BASE);
  const triples = syntheticTriples(size).map((key) => parseTripleString(key).triple!);
  const entries = triples.map((triple, i) =>
    toEntry({ triple, body: records[i] }, { baseUrl: BASE }),
  );
  return toSnapshot(entries, { baseUrl: BASE, triples, now: new Date("2026-11-21T12:00:00Z") });
}

async function files(dir: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile()) {
      const file = join(e.parentPath, e.name);
      out.set(file.slice(dir.length + 1), (await stat(file)).size);
    }
  return out;
}

async function render(snapshot: Snapshot, maxBytes: number) {
  const dir = join(await tempDir("l10n-budget-"), "out");
  const site = siteOptionsSchema.parse({ maxBytes, url: "https://me.github.io/repo/" });
  const result: RenderedSite = await renderSite(snapshot, dir, site);
  return { dir, result, files: await files(dir) };
}

const sum = (sizes: Map<string, number>) => [...sizes.values()].reduce((a, b) => a + b, 0);

describe("site.maxBytes", () => {
  const snapshot = syntheticSnapshot();

  it("leaves detail out in the documented order, and every badge and widget address answers", async () => {
    const full = await render(snapshot, 1_000_000_000);
    expect(full.result.budget.leftOut).toEqual([]);
    // What GitHub Pages counts: the sum of the files' sizes, measured before writing (a quick
    // look, far below the budget) within a few percent.
    expect(full.result.bytes).toBe(sum(full.files));
    expect(Math.abs(full.result.budget.bytes / full.result.bytes - 1)).toBeLessThan(0.05);
    const embeddable = [...full.files.keys()].filter(
      (p) => p.startsWith("badges/") && /\.(svg|json|png)$/.test(p),
    );
    // Every translation has its two badges, its component its charts.
    expect(
      embeddable.filter((p) => p.split("/").length === 4 && !p.startsWith("badges/languages/"))
        .length,
    ).toBe(2 * 180);
    expect(embeddable).toContain("badges/project1/component2.chart.svg");
    expect(full.files.has("data/translations.csv")).toBe(true);
    expect(full.files.has("data/translations.csv.gz")).toBe(false);
    // The exports as a gzip-compressed site has them: their rows, each translation's address.
    const csvRows = async (dir: string) =>
      Papa.parse<Record<string, string>>(
        gunzipSync(await readFile(join(dir, "data/translations.csv.gz"))).toString("utf8"),
        { header: true, skipEmptyLines: true },
      ).data;

    const checks: ((site: Awaited<ReturnType<typeof render>>) => Promise<void>)[] = [
      // 1. badge gloss: the same badges, drawn plain.
      async ({ dir, files }) => {
        const svg = await readFile(join(dir, "badges/project0/component1/l005.svg"), "utf8");
        expect(svg).not.toContain("linearGradient");
        expect(files.has("project0/component1/l005/index.html")).toBe(true);
      },
      // 2. per-translation exports: the CSV compressed, the metrics without a series per
      // translation (the components' stay).
      async ({ dir, files }) => {
        expect(files.has("data/translations.csv")).toBe(false);
        const rows = await csvRows(dir);
        expect(rows).toHaveLength(180);
        expect(rows.find((r) => r.language === "l005" && r.component === "component1")?.page).toBe(
          "https://me.github.io/repo/project0/component1/l005/",
        );
        const metrics = await readFile(join(dir, "data/metrics.prom"), "utf8");
        expect(metrics).not.toContain("l10n_translation_");
        expect(metrics).toContain(
          'l10n_component_strings{project="project0",component="component1"}',
        );
        expect(metrics.endsWith("# EOF\n")).toBe(true);
      },
      // 3. translation pages: rows with anchors on the component's page, links lead there.
      async ({ dir, files }) => {
        expect(
          [...files.keys()].filter((p) => p.split("/").length === 4 && p.endsWith(".html")),
        ).toEqual([]);
        const component = parse(
          await readFile(join(dir, "project0/component1/index.html"), "utf8"),
        );
        const row = component.querySelector("#t-l005")!;
        expect(row.tagName).toBe("TR");
        expect(row.querySelector("a")!.getAttribute("href")).toBe("index.html#t-l005");
        const language = await readFile(join(dir, "languages/l005/index.html"), "utf8");
        expect(language).toContain('href="../../project0/component1/index.html#t-l005"');
        const project = await readFile(join(dir, "project0/index.html"), "utf8");
        expect(project).toContain('href="component1/index.html#t-l005"');
        expect(project).not.toMatch(/href="component1\/l005\//);
        expect(await readFile(join(dir, "404.html"), "utf8")).toContain('"project0/component1"');
        const rows = await csvRows(dir);
        expect(rows.find((r) => r.language === "l005" && r.component === "component1")?.page).toBe(
          "https://me.github.io/repo/project0/component1/#t-l005",
        );
      },
      // 4. language pages' components: a row per project.
      async ({ dir }) => {
        const page = parse(await readFile(join(dir, "languages/l005/index.html"), "utf8"));
        const rows = page.querySelectorAll("#components tbody tr");
        expect(rows.map((r) => r.querySelector("th a")!.text).sort()).toEqual([
          "Project 0",
          "Project 1",
        ]);
        // Each project's link leads to this language's row of the project's matrix.
        const link = rows.find((r) => r.querySelector("th a")!.text === "Project 0")!;
        expect(link.querySelector("th a")!.getAttribute("href")).toBe(
          "../../project0/index.html#t-l005",
        );
        const project = parse(await readFile(join(dir, "project0/index.html"), "utf8"));
        const row = project.querySelector("#matrix #t-l005")!;
        expect(row.tagName).toBe("TR");
        expect(row.querySelector("th a")!.getAttribute("href")).toBe(
          "../languages/l005/index.html",
        );
      },
      // 5. chart languages: 20 of the 30.
      async ({ dir }) => {
        const chart = await readFile(join(dir, "badges/project0/component1.chart.svg"), "utf8");
        expect(chart.match(/>Language \d{3}</g)?.length).toBe(20);
      },
      // 6. component pages' detail columns: each row keeps its anchor, language, bar, percent,
      // needs review and failing checks; the rest is in data/translations.csv.gz, which the page
      // links to.
      async ({ dir, files }) => {
        const page = parse(await readFile(join(dir, "project0/component1/index.html"), "utf8"));
        const heads = page.querySelectorAll("#translations thead th").map((th) => th.text);
        expect(heads).toEqual([
          "Language",
          "Translated",
          "Progress",
          "Needs review",
          "Failing checks",
        ]);
        const rows = page.querySelectorAll("#translations tbody tr");
        expect(rows).toHaveLength(30);
        const row = page.querySelector("#t-l005")!;
        expect(row.querySelector("th a")!.getAttribute("href")).toBe("#t-l005");
        expect(row.querySelector("th")!.text).toBe("Language 005");
        const cells = row.querySelectorAll("td");
        expect(cells).toHaveLength(4);
        expect(cells[1]!.querySelector(".bar")).not.toBeNull();
        expect(cells[0]!.text).toMatch(/^\d+(\.\d)?%$/);
        expect(page.querySelectorAll('#translations a[href^="https://"]')).toEqual([]);
        const link = page.querySelector('a[href="../../data/translations.csv.gz"]');
        expect(link?.text).toBe("data/translations.csv.gz");
        expect(files.has("data/translations.csv.gz")).toBe(true);
        const csv = (await csvRows(dir)).find(
          (r) => r.language === "l005" && r.component === "component1" && r.project === "project0",
        );
        expect(csv).toMatchObject({
          suggestions: "0",
          comments: "0",
          last_change: "2026-10-01T10:00Z",
          last_author: "Bench",
          translate_url: `${BASE}/translate/project0/component1/l005/`,
          page: "https://me.github.io/repo/project0/component1/#t-l005",
        });
        // The row's numbers are the CSV's: its percent and its needs review.
        expect(cells[0]!.text).toBe(`${csv!.percent}%`);
        expect(cells[2]!.text).toBe(csv!.fuzzy);
      },
    ];
    expect(checks.length).toBe(DROP_STEPS.length);

    let max = full.result.bytes - 1;
    for (const [i, check] of checks.entries()) {
      const site = await render(snapshot, max);
      expect(site.result.budget.leftOut.map((l) => l.step.name)).toEqual(
        DROP_STEPS.slice(0, i + 1).map((s) => s.name),
      );
      expect(site.result.bytes).toBeLessThanOrEqual(max);
      expect(site.result.bytes).toBe(sum(site.files));
      await check(site);
      // Served as GitHub Pages serves it: every badge and widget of the full site answers.
      const server = await serveSite(site.dir);
      try {
        for (const path of embeddable) {
          const response = await fetch(`${server.origin}/${path}`);
          expect(response.status, path).toBe(200);
          const type = response.headers.get("content-type");
          expect(type, path).toBe(path.endsWith(".json") ? "application/json" : type);
          await response.arrayBuffer();
        }
      } finally {
        await server.close();
      }
      max = site.result.bytes - 1;
    }

    // Smaller than the smallest form: nothing is written.
    const dir = join(await tempDir("l10n-budget-"), "out");
    const site = siteOptionsSchema.parse({ maxBytes: max, url: "https://me.github.io/repo/" });
    const error = await renderSite(snapshot, dir, site).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutputError);
    expect((error as OutputError).exitCode).toBe(3);
    expect(existsSync(dir)).toBe(false);
  }, 240_000);

  it("is documented in docs/site.md in the order it takes the steps", async () => {
    const root = fileURLToPath(new URL("../../../", import.meta.url));
    const tokens = marked.lexer(await readFile(join(root, "docs/site.md"), "utf8"));
    const at = tokens.findIndex(
      (t) => t.type === "heading" && t.text === "A site that fits its host",
    );
    const table = tokens.slice(at).find((t): t is Tokens.Table => t.type === "table");
    expect(table?.header.map((h) => h.text)).toEqual(["step", "what the site has instead"]);
    expect(table?.rows.map((r) => r[0]?.text)).toEqual(
      DROP_STEPS.map((step, i) => `${i + 1}. ${step.name}`),
    );
  });

  it("stops the command with exit 3 and one line when nothing fits, writing nothing", async () => {
    const dir = await tempDir("l10n-budget-cli-");
    const file = join(dir, "snapshot.json");
    await writeFile(file, serializeSnapshot(snapshot));
    const config = join(dir, "config.json");
    await writeFile(
      config,
      JSON.stringify({ baseUrl: BASE, translations: ["*/*/*"], site: { maxBytes: 100_000 } }),
    );
    const root = fileURLToPath(new URL("../../../", import.meta.url));
    const out = join(dir, "out");
    const result = await promisify(execFile)(
      process.execPath,
      [
        "--import",
        "tsx",
        join(root, "src/cli.ts"),
        "render",
        "--snapshot",
        file,
        "--config",
        config,
        "--out",
        out,
      ],
      { cwd: root },
    ).then(
      () => ({ code: 0, stderr: "" }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(result.code).toBe(3);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^l10n-snapshot: the site would be [\d.]+ [kMG]?B even at its smallest \(.*\), over site\.maxBytes \(100 kB\): raise site\.maxBytes or track fewer translations; nothing was written$/,
    );
    expect(existsSync(out)).toBe(false);
  }, 60_000);

  it("has build say what it left out and why, and publish the rest", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const dir = await tempDir("l10n-budget-build-");
    const run = async (name: string, maxBytes?: number) => {
      const config = join(dir, `${name}.json`);
      await writeFile(
        config,
        JSON.stringify({
          baseUrl: server.baseUrl,
          translations: demoTriples(),
          site: { maxBytes },
        }),
      );
      const io = captureIo();
      const out = join(dir, name);
      const code = await main(["build", "--config", config, "--out", out, "--no-previous"], io);
      return { code, err: io.err(), out: io.out(), bytes: sum(await files(out)) };
    };
    const full = await run("full");
    expect(full.code).toBe(0);
    expect(full.err).not.toContain("site.maxBytes");
    const cut = await run("cut", full.bytes - 1);
    expect(cut.code).toBe(0);
    expect(cut.bytes).toBeLessThan(full.bytes);
    const lines = cut.err.trim().split("\n");
    expect(lines[0]).toMatch(
      /^site\.maxBytes: the whole site would be \d+ kB, over its budget of \d+ kB; left out, in this order:$/,
    );
    expect(lines[1]).toMatch(/^ {2}- badge gloss \(\d+ kB\): badges drawn plain: /);
    expect(lines.at(-1)).toMatch(
      /^ {2}the site is \d+ kB as planned; every badge and widget address still answers$/,
    );
  }, 60_000);
});
