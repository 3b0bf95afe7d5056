import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { main } from "../../../src/cli/main.js";
import { siteOptionsSchema } from "../../../src/config/schema.js";
import type { Triple } from "../../../src/config/triple.js";
import { buildDemoRecords, demoTriples } from "../../../src/demo/demo-data.js";
import { toEntry } from "../../../src/pipeline/to-entry.js";
import { siteFiles } from "../../../src/render/render-site.js";
import { toSnapshot } from "../../../src/snapshot/snapshot.js";
import { contractRecord } from "../../helpers/fixtures.js";
import { captureIo, startStandIn } from "../../helpers/stand-in.js";
import { tempDir } from "../../helpers/temp-dir.js";

// Not-started languages (site.notStarted): a language the project has (any of its components
// tracks it) but a component lacks is a 0% row of that component, its total the component's
// source strings; on the component page, the project's matrix and the charts; never a failure,
// never a page or badge of its own, and no request.

const BASE = "https://weblate.example";

// app (100 strings): de 50, fr 100, ja failed. web (40 strings): de 20.
function snapshot() {
  const rec = (component: string, language: string, total: number, translated: number) =>
    contractRecord(BASE, { component, language, total, stats: { translated, fuzzy: 0 } });
  const triples: Triple[] = [
    { project: "proj", component: "app", language: "de" },
    { project: "proj", component: "app", language: "fr" },
    { project: "proj", component: "app", language: "ja" },
    { project: "proj", component: "web", language: "de" },
  ];
  const entries = [
    toEntry({ triple: triples[0]!, body: rec("app", "de", 100, 50) }, { baseUrl: BASE }),
    toEntry({ triple: triples[1]!, body: rec("app", "fr", 100, 100) }, { baseUrl: BASE }),
    toEntry({ triple: triples[2]!, error: new Error("reset") }, { baseUrl: BASE }),
    toEntry({ triple: triples[3]!, body: rec("web", "de", 40, 20) }, { baseUrl: BASE }),
  ];
  return toSnapshot(entries, { baseUrl: BASE, triples, now: new Date("2026-11-21T12:00:00Z") });
}

async function render(notStarted: boolean) {
  const files = await siteFiles(snapshot(), siteOptionsSchema.parse({ notStarted }));
  const byPath = new Map(files.map((f) => [f.path, f.content]));
  return { byPath, html: (path: string) => parse(byPath.get(path)!) };
}

const rowText = (tr: { textContent: string }) => tr.textContent.replace(/\s+/g, " ").trim();

const { byPath, html } = await render(true);
const off = await render(false);

describe("not-started languages", () => {
  it("are 0% rows of the component, marked, with the component's source strings as total", () => {
    const page = html("proj/web/index.html");
    const rows = page.querySelectorAll("table.translations tbody tr");
    // ja's only triple failed: no language the project has, so not "not started" anywhere.
    expect(rows.map((r) => rowText(r.querySelector("th")!))).toEqual([
      "Language de Deutsch",
      "Language fr français not started",
    ]);
    const byCode = (code: string) =>
      rows.find((r) => rowText(r).includes(` ${code} `) || rowText(r).startsWith(`${code} `))!;
    expect(rowText(byCode("de"))).toContain("50%");
    for (const code of ["fr"]) {
      const row = byCode(code);
      expect(row.classList.contains("notstarted")).toBe(true);
      expect(rowText(row)).toContain("not started");
      expect(row.querySelectorAll("td")[0]!.textContent).toBe("0%");
      expect(row.querySelector("th a")).toBeNull();
      expect(row.querySelector(".bar")!.getAttribute("aria-label")).toBe(
        "0% translated, 0% needs review",
      );
    }
    expect(page.querySelector("p.summary")!.textContent).toContain(
      "in 1 language; not started in 1 more of the project's languages.",
    );
  });

  it("have no page or badge, and leave the totals and badges as the server counts them", () => {
    expect(byPath.has("proj/web/fr/index.html")).toBe(false);
    expect(byPath.has("badges/proj/web/fr.svg")).toBe(false);
    // web: 20 of 40 (the not-started rows' 40 strings each are not added).
    expect(JSON.parse(byPath.get("badges/proj/web.json")!).message).toBe("50%");
    expect(byPath.get("index.html")).toEqual(off.byPath.get("index.html"));
  });

  it("are never a failure: the counts and the CSV say what the server said", () => {
    const counts = JSON.parse(byPath.get("data/summary.json")!).translations;
    expect(counts).toEqual({
      total: 4,
      ok: 3,
      warnings: 0,
      invalid: 0,
      failed: 1,
      stale: 0,
      removed: 0,
      failedLists: 0,
    });
    const csv = byPath.get("data/translations.csv")!;
    expect(csv).toContain("proj,web,fr,proj,web,Language fr,not started,,0,40,0,");
    // ja failed in app, so it is app's (failed), not a not-started language there.
    expect(csv).toContain("proj,app,ja,proj,app,ja,failed,");
    expect(csv).not.toContain("proj,web,ja,");
  });

  it("show in the project's matrix, and count in each language's share of the project", () => {
    const rows = html("proj/index.html").querySelectorAll("table.matrix tbody tr");
    const fr = rows.find((r) => rowText(r).startsWith("Language fr"))!;
    // fr: app 100 of 100, web not started (0 of 40): 100 of 140 = 71.4%.
    expect(fr.querySelectorAll("td").map((td) => td.textContent.trim())).toEqual([
      "71.4%",
      "100%",
      "0% (not started)",
    ]);
  });

  it("show in the charts at 0%", () => {
    const chart = byPath.get("badges/proj/web.chart.svg")!;
    for (const name of [">Language de<", ">Language fr<"]) expect(chart).toContain(name);
    expect(chart).not.toContain(">ja<");
    expect(byPath.get("badges/proj/web.languages.json")).toContain('"0 of 2"');
    expect(off.byPath.get("badges/proj/web.languages.json")).toContain('"0 of 1"');
  });

  it("are off by default", () => {
    const page = off.html("proj/web/index.html");
    expect(page.querySelectorAll("table.translations tbody tr")).toHaveLength(1);
    expect(page.textContent).not.toContain("not started");
  });
});

describe("not-started languages in a build from the stand-in", () => {
  it("cost no request", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const dir = await tempDir("l10n-notstarted-");
    const requests: number[] = [];
    for (const notStarted of [false, true]) {
      const config = join(dir, `config-${notStarted}.json`);
      await writeFile(
        config,
        JSON.stringify({
          baseUrl: server.baseUrl,
          translations: demoTriples(),
          site: { notStarted },
        }),
      );
      server.resetStats();
      const io = captureIo();
      expect(
        await main(["build", "--config", config, "--out", join(dir, `out-${notStarted}`)], io),
      ).toBe(0);
      requests.push(server.requestsTo("/api/").length);
    }
    expect(requests[1]).toBe(requests[0]);
    const page = await import("node:fs/promises").then((fs) =>
      fs.readFile(join(dir, "out-true/orbit-notes/website/index.html"), "utf8"),
    );
    // orbit-notes has 19 languages; its website component 8 of them.
    expect(parse(page).querySelectorAll("table.translations tr.notstarted")).toHaveLength(11);
  }, 60_000);
});
