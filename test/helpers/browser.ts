import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { readFile, stat, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { extname, join, resolve, sep } from "node:path";
import type { AddressInfo } from "node:net";
import { chromium, type Browser } from "playwright-core";
import { main } from "../../src/cli/main.js";
import { siteOptionsSchema } from "../../src/config/schema.js";
import { parseTripleString } from "../../src/config/triple.js";
import { buildDemoRecords, demoTriples } from "../../src/demo/demo-data.js";
import { inGeneration } from "../../src/demo/generations.js";
import { StandInServer } from "../../src/demo/stand-in-server.js";
import {
  syntheticRecords,
  syntheticTriples,
  type SyntheticSize,
} from "../../src/demo/synthetic-data.js";
import { renderSite } from "../../src/render/render-site.js";
import { toSnapshot } from "../../src/snapshot/snapshot.js";
import { toEntry } from "../../src/pipeline/to-entry.js";

// What the browser checks need from the machine: Debian's chromium (driven by playwright-core,
// which never downloads a browser here) and Java for the Nu HTML checker. A developer without
// them gets the checks skipped with the reason; CI (CI=true) gets them failed, never skipped.

const CHROMIUM_PATHS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/lib/chromium/chromium",
];

export function chromiumPath(): string | undefined {
  const wanted = process.env.CHROMIUM_PATH;
  if (wanted) return existsSync(wanted) ? wanted : undefined;
  return CHROMIUM_PATHS.find((p) => existsSync(p));
}

export function hasJava(): boolean {
  return spawnSync("java", ["-version"], { stdio: "ignore" }).status === 0;
}

/**
 * Why a group of browser checks cannot run here, or undefined when they can. Under CI=true a
 * missing tool is not a reason to skip: the caller turns it into a failing test.
 */
export function missingTool(need: { chromium?: boolean; java?: boolean }): string | undefined {
  if (need.chromium && !chromiumPath())
    return "no chromium found (apt-get install chromium, or set CHROMIUM_PATH)";
  if (need.java && !hasJava()) return "no java found (apt-get install default-jre-headless)";
  return undefined;
}

export const requireTools = process.env.CI === "true";

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath()!,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css",
  ".js": "text/javascript",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
};

/**
 * Serves a site directory on 127.0.0.1 as GitHub Pages does: "dir/" is dir/index.html, and a
 * missing path gets 404.html with status 404.
 */
export async function serveSite(
  root: string,
): Promise<{ origin: string; server: Server; close: () => Promise<void> }> {
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    let file = resolve(join(base, path));
    if (path.endsWith("/")) file = join(file, "index.html");
    const found =
      file.startsWith(base + sep) &&
      (await stat(file).then(
        (s) => s.isFile(),
        () => false,
      ));
    const body = await readFile(found ? file : join(base, "404.html"));
    res.writeHead(found ? 200 : 404, {
      "content-type": TYPES[extname(found ? file : "x.html")] ?? "application/octet-stream",
    });
    res.end(body);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    server,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

const BASE = "https://weblate.example";
const DEMO_SITE: Record<string, unknown> = JSON.parse(
  readFileSync(new URL("../../config/demo.json", import.meta.url), "utf8"),
).site;

/**
 * Renders the demo site (or a synthetic one) from records, without the crawl: what the browser
 * looks at.
 */
export async function renderFixtureSite(
  out: string,
  which: "demo" | "long-names" | "hyphenated" | SyntheticSize,
  site: Record<string, unknown> = {},
): Promise<void> {
  const demo = which === "demo" || which === "long-names" || which === "hyphenated";
  // The demo as `npm start` serves it: records of a current server (languages with populations).
  const records = demo
    ? buildDemoRecords(BASE).map((r) => inGeneration(r, "2026", true))
    : syntheticRecords(which)(BASE);
  if (which === "long-names") records.forEach(giveLongNames);
  if (which === "hyphenated") giveHyphenatedNames(records);
  const keys = demo ? demoTriples() : syntheticTriples(which);
  const triples = keys.map((key) => parseTripleString(key).triple!);
  const entries = triples.map((triple, i) =>
    toEntry({ triple, body: records[i] }, { baseUrl: BASE }),
  );
  const snapshot = toSnapshot(entries, {
    baseUrl: BASE,
    triples,
    now: new Date("2026-11-21T12:00:00Z"),
  });
  await renderSite(
    snapshot,
    out,
    siteOptionsSchema.parse({
      title: which === "demo" ? "Demo translation status" : "Synthetic",
      // The demo's site options, as `npm start` renders it (not-started languages shown).
      ...(demo ? DEMO_SITE : {}),
      ...site,
    }),
  );
}

/**
 * The demo as `npm start` builds it: config/demo.json's crawl of the stand-in, a site of one run
 * (a history of one point); its config beside `out`, as `<out>.json`.
 */
export async function buildDemoSite(
  out: string,
  site: Record<string, unknown> = {},
): Promise<void> {
  const server = new StandInServer({
    records: (base) => buildDemoRecords(base, { olderProject: false }),
    generation: "2026",
  });
  const config = JSON.parse(
    readFileSync(new URL("../../config/demo.json", import.meta.url), "utf8"),
  );
  const baseUrl = await server.start();
  try {
    await writeFile(
      `${out}.json`,
      JSON.stringify({ ...config, baseUrl, site: { ...config.site, ...site } }),
    );
    const io = {
      stdout: { write: () => true },
      stderr: { write: () => true, isTTY: false },
      env: {},
    };
    const code = await main(["build", "--config", `${out}.json`, "--out", out], {
      ...io,
      now: () => new Date("2026-11-21T12:00:00Z"),
    });
    if (code !== 0) throw new Error(`the demo build exited ${code}`);
  } finally {
    await server.stop();
  }
}

/**
 * The demo's records with names a hostile or careless server could send: long, unbroken, mixed
 * direction, with a bidi override.
 */
function giveLongNames(record: unknown): void {
  const r = record as {
    component?: { name?: unknown; project?: { name?: unknown } };
    last_author?: unknown;
    filename?: unknown;
  };
  if (r.component)
    r.component.name = `\u202e${"Very-long-component-name-without-spaces-".repeat(5)} مكون طويل`;
  if (r.component?.project)
    r.component.project.name = `${"x".repeat(150)} \u05e4\u05e8\u05d5\u05d9\u05e7\u05d8`;
  r.last_author = `${"y".repeat(150)}`;
  r.filename = `po/${"a".repeat(180)}.po`;
}

/** The demo's components named "component-1", "component-2", ..., its projects "project-<slug>". */
function giveHyphenatedNames(records: unknown[]): void {
  const names = new Map<string, string>();
  for (const record of records) {
    const c = (
      record as {
        component?: { slug: string; name: string; project: { slug: string; name: string } };
      }
    ).component;
    if (!c) continue;
    if (!names.has(c.slug)) names.set(c.slug, `component-${names.size + 1}`);
    c.name = names.get(c.slug)!;
    c.project.name = `project-${c.project.slug}`;
  }
}
