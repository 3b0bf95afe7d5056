import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { marked } from "marked";
import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { main } from "../../../src/cli/main.js";
import { buildDemoRecords } from "../../../src/demo/demo-data.js";
import { parseOpenMetricsStrict, strictParserMissing } from "../../helpers/openmetrics-strict.js";
import { requireTools } from "../../helpers/browser.js";
import { captureIo, startStandIn } from "../../helpers/stand-in.js";
import { tempDir } from "../../helpers/temp-dir.js";

// A triple that fails (here a typo of a language code, which the server answers 404) is a failure
// of its component, never a language the project has: with site.notStarted, no component shows
// it as "not started", and it has no language page, no row in the project's README, no language
// in data/summary.json or data/metrics.prom. (A trial found all of these.)

const TYPO = "xq";

describe("a failed triple with site.notStarted, built from the stand-in over HTTP", async () => {
  const server = await startStandIn({ records: buildDemoRecords });
  const dir = await tempDir("l10n-typo-");
  const config = join(dir, "config.json");
  await writeFile(
    config,
    JSON.stringify({
      baseUrl: server.baseUrl,
      translations: ["orbit-notes/*/*", `orbit-notes/application/${TYPO}`],
      site: { notStarted: true, metric: "words", progress: "approved" },
      crawl: { retryDelayMs: 10 },
    }),
  );
  const out = join(dir, "out");
  const io = captureIo();
  // The typo fails: exit 1 (some translations failed), the site is written.
  const code = await main(["build", "--config", config, "--out", out, "--no-previous"], io);
  await server.stop();
  const read = (path: string) => readFile(join(out, path), "utf8");

  it("fails the build's count, and is shown as a failure of its component and project", async () => {
    expect(code).toBe(1);
    expect(io.err()).toContain(`failed orbit-notes/application/${TYPO}`);
    const component = parse(await read("orbit-notes/application/index.html"));
    const row = component
      .querySelectorAll("table.translations tbody tr")
      .find((tr) => tr.textContent.includes(TYPO));
    expect(row?.textContent).toContain("failed");
    const project = parse(await read("orbit-notes/index.html"));
    const failed = project.querySelectorAll("p.failed-line a");
    expect(failed.map((a) => a.getAttribute("href"))).toEqual([`application/${TYPO}/index.html`]);
    expect(existsSync(join(out, `orbit-notes/application/${TYPO}/index.html`))).toBe(true);
  });

  it("is not a not-started language of the other components", async () => {
    for (const component of ["android", "website"]) {
      const page = parse(await read(`orbit-notes/${component}/index.html`));
      const rows = page.querySelectorAll("table.translations tbody tr");
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((tr) => tr.textContent.includes(TYPO))).toEqual([]);
    }
    const csv = await read("data/translations.csv");
    expect(csv.split("\r\n").filter((line) => line.includes(`,${TYPO},`))).toEqual([
      expect.stringMatching(new RegExp(`^orbit-notes,application,${TYPO},.*,failed,`)),
    ]);
  });

  it("has no language page, no matrix row, no README row", async () => {
    expect(existsSync(join(out, `languages/${TYPO}`))).toBe(false);
    const languages = parse(await read("languages/index.html"));
    expect(languages.querySelectorAll(`a[href^="${TYPO}/"]`)).toEqual([]);
    const matrix = parse(await read("orbit-notes/index.html")).querySelectorAll(
      "table.matrix tbody tr th a",
    );
    expect(matrix.length).toBeGreaterThan(0);
    expect(matrix.map((a) => a.getAttribute("href"))).not.toContain(
      `../languages/${TYPO}/index.html`,
    );
    const readme = marked.lexer(await read("badges/orbit-notes/README.md"));
    const table = readme.find((t) => t.type === "table");
    expect(table?.type).toBe("table");
    const rows = table && "rows" in table ? (table.rows as { text: string }[][]) : [];
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((r) => r.some((cell) => cell.text.includes(TYPO)))).toEqual([]);
    expect(existsSync(join(out, `badges/languages/${TYPO}`))).toBe(false);
  });

  it("is no language in data/summary.json", async () => {
    const summary = JSON.parse(await read("data/summary.json"));
    const codes = (summary.languages as { code: string }[]).map((l) => l.code);
    expect(codes.length).toBeGreaterThan(10);
    expect(codes).not.toContain(TYPO);
    expect(summary.translations.failed).toBe(1);
  });

  const missing = strictParserMissing();
  it.skipIf(missing !== undefined && !requireTools)(
    "is no language in data/metrics.prom",
    async () => {
      const families = parseOpenMetricsStrict(await read("data/metrics.prom"));
      const withTypo = families.flatMap((f) =>
        f.samples.filter((s) => Object.values(s.labels).includes(TYPO)).map((s) => s.name),
      );
      expect(withTypo).toEqual([]);
      const tracked = families.find((f) => f.name === "l10n_tracked_translations")!.samples;
      expect(tracked.find((s) => s.labels.status === "failed")?.value).toBe(1);
    },
  );
});
