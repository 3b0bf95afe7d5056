// `npm run docs:examples`: runs the demo and the commands the docs show, each as a user would in a
// folder of its own, and writes what they printed (and wrote) between the docs' example markers,
// with the configuration reference generated from the schema (scripts/config-reference.ts).
// test/docs/docs.test.ts runs them again and fails when the docs and a run of today part.
//
// A block the script owns:    <!-- example: NAME -->
//                             ```text
//                             ...
//                             ```
//                             <!-- /example -->
import { execFile, spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { buildDemoRecords } from "../src/demo/demo-data.js";
import { StandInServer } from "../src/demo/stand-in-server.js";
import { configReference } from "./config-reference.js";

export const root = fileURLToPath(new URL("../", import.meta.url));
const TSX = import.meta.resolve("tsx");
const DEMO_CONFIG = join(root, "config/demo.json");

/** One block of the docs: its fence's language and its text. */
export interface Example {
  lang: string;
  text: string;
}

/** Runs a command (a node script, by tsx) in `cwd`; what it printed, stdout and stderr in order. */
async function run(cwd: string, script: string, args: string[]): Promise<string> {
  const log = join(cwd, `.log-${Math.random().toString(36).slice(2)}`);
  const fd = openSync(log, "w");
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ["--import", TSX, join(root, script), ...args], {
        cwd,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: "1" },
        stdio: ["ignore", fd, fd],
      });
      child.on("error", reject);
      child.on("close", () => resolve());
    });
  } finally {
    closeSync(fd);
  }
  const text = await readFile(log, "utf8");
  await rm(log);
  return text;
}

const cli = (cwd: string, ...args: string[]) => run(cwd, "src/cli.ts", args);

/** The parts of the demo's config the examples change. */
type DemoConfig = { site: Record<string, unknown>; check?: Record<string, unknown> };

/** The demo's config with changes, written into `dir`. */
async function demoConfig(
  dir: string,
  name: string,
  change: (config: DemoConfig) => void,
): Promise<string> {
  const config = JSON.parse(await readFile(DEMO_CONFIG, "utf8")) as DemoConfig;
  change(config);
  const path = join(dir, name);
  await writeFile(path, JSON.stringify(config));
  return path;
}

/** The output of a run in `dir`, as the docs show it: from the folder, on the demo's port. */
function asShown(text: string, dir: string): string {
  return text
    .replaceAll(`${dir}/`, "")
    .replace(/127\.0\.0\.1:\d+/g, "127.0.0.1:8080")
    .trimEnd();
}

/** `init --yes` in a clone of github.com/orbit-team/notes-l10n: what it prints and writes. */
async function initExamples(dir: string, baseUrl: string): Promise<Record<string, Example>> {
  const clone = join(dir, "notes-l10n");
  await mkdir(clone);
  const git = (...args: string[]) => promisify(execFile)("git", args, { cwd: clone });
  await git("init", "--quiet");
  await git("remote", "add", "origin", "https://github.com/orbit-team/notes-l10n.git");
  const printed = await cli(clone, "init", "--yes", "--base-url", baseUrl);
  const read = (path: string) => readFile(join(clone, path), "utf8");
  return {
    init: { lang: "text", text: asShown(printed, clone) },
    "init-config": { lang: "json", text: asShown(await read("config/l10n-snapshot.json"), clone) },
    "init-workflow": {
      lang: "yaml",
      text: (await read(".github/workflows/publish.yml")).trimEnd(),
    },
  };
}

/** A catalog folder of the demo's site in French: a few messages, or one placeholder lost. */
async function frenchCatalog(dir: string, folder: string, broken: boolean): Promise<void> {
  const catalog = {
    site: { title: "État des traductions", skip: "Aller au contenu" },
    count: {
      strings_one: "{{count}} chaîne",
      strings_many: "{{count}} de chaînes",
      strings_other: broken ? "chaînes" : "{{count}} chaînes",
    },
  };
  await mkdir(join(dir, folder), { recursive: true });
  await writeFile(join(dir, folder, "fr.json"), `${JSON.stringify(catalog, null, 2)}\n`);
}

/** `render --catalog` of the demo's site in English and French: a catalog partial, then broken. */
async function catalogExamples(dir: string, snapshot: string): Promise<Record<string, Example>> {
  const config = await demoConfig(dir, "fr.json", (c) => {
    c.site.locales = ["en", "fr"];
  });
  await frenchCatalog(dir, "i18n/site", false);
  await frenchCatalog(dir, "catalog", true);
  const render = (catalog: string, out: string) =>
    cli(
      dir,
      "render",
      "--config",
      config,
      "--snapshot",
      snapshot,
      "--catalog",
      catalog,
      "--out",
      out,
    );
  return {
    "catalog-partial": { lang: "text", text: asShown(await render("i18n/site", "fr-site"), dir) },
    "catalog-problem": { lang: "text", text: asShown(await render("catalog", "fr-broken"), dir) },
  };
}

/** Every example the docs show, from runs of today. */
export async function runExamples(): Promise<Record<string, Example>> {
  const dir = await mkdtemp(join(tmpdir(), "l10n-snapshot-docs-"));
  const server = new StandInServer({
    records: (base) => buildDemoRecords(base, { olderProject: false }),
    generation: "2026",
  });
  const baseUrl = await server.start();
  try {
    const start = await run(dir, "src/demo/start.ts", ["--out", join(dir, "demo")]);
    const json = await cli(dir, "build", "--config", DEMO_CONFIG, "--base-url", baseUrl, "--json");
    const check = await demoConfig(dir, "check.json", (c) => {
      c.check = { minPercent: 90, languages: ["de", "fr"] };
    });
    const small = await demoConfig(dir, "small.json", (c) => (c.site.maxBytes = 900_000));
    const tiny = await demoConfig(dir, "tiny.json", (c) => (c.site.maxBytes = 1000));
    const snapshot = "out/data/snapshot.json.gz";
    const examples: Record<string, Example> = {
      // `npm start` takes a free port each time: shown as one, not as the stand-in's 8080.
      start: {
        lang: "text",
        text: asShown(start, dir)
          .replace(/\bdemo\//g, "out/")
          .replace("127.0.0.1:8080", "127.0.0.1:41733"),
      },
      "build-json": { lang: "json", text: asShown(JSON.stringify(JSON.parse(json), null, 2), dir) },
      check: { lang: "text", text: asShown(await cli(dir, "check", "--config", check), dir) },
      budget: {
        lang: "text",
        text: asShown(
          await cli(dir, "render", "--config", small, "--snapshot", snapshot, "--out", "small"),
          dir,
        ),
      },
      "budget-too-small": {
        lang: "text",
        text: asShown(
          await cli(dir, "render", "--config", tiny, "--snapshot", snapshot, "--out", "tiny"),
          dir,
        ),
      },
      help: { lang: "text", text: asShown(await cli(dir, "--help"), dir) },
      ...(await catalogExamples(dir, snapshot)),
      ...(await initExamples(dir, baseUrl)),
      "config-reference": { lang: "", text: configReference().trimEnd() },
    };
    return examples;
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The text with what differs from run to run masked: ports, times, durations, and the sizes in
 * bytes and kB that move with them (a page that says "at 9:58" is a byte shorter than one that
 * says "at 10:02"). The docs and a run of today must agree on the rest.
 */
export function steady(text: string): string {
  return text
    .replace(/127\.0\.0\.1:\d+/g, "127.0.0.1:PORT")
    .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "TIME")
    .replace(/\b\d+(\.\d+)? s\b/g, "N s")
    .replace(/"(seconds|bytes)": [\d.]+/g, '"$1": N')
    .replace(/\b\d+ kB\b/g, "N kB");
}

const BLOCK = /<!-- example: ([\w-]+) -->\n[\s\S]*?<!-- \/example -->/g;

/** A block as the docs hold it: fenced, or as it is for Markdown (the reference table). */
function blockOf(name: string, example: Example): string {
  // Markdown as it is (a table) stands apart from the markers by blank lines.
  const body =
    example.lang === "" ? `\n${example.text}\n` : `\`\`\`${example.lang}\n${example.text}\n\`\`\``;
  return `<!-- example: ${name} -->\n${body}\n<!-- /example -->`;
}

/** The examples a document shows, by name, as it holds them now. */
export function examplesIn(markdown: string): Map<string, string> {
  return new Map([...markdown.matchAll(BLOCK)].map((m) => [m[1] ?? "", m[0]]));
}

/** The document with each example block written anew; an unknown name is an error. */
export function fillExamples(markdown: string, examples: Record<string, Example>): string {
  return markdown.replace(BLOCK, (_, name: string) => {
    const example = examples[name];
    if (!example) throw new Error(`docs: no example named "${name}" (scripts/docs-examples.ts)`);
    return blockOf(name, example);
  });
}

/** README.md, CONTRIBUTING.md and docs/*.md, relative to the repository. */
export async function documents(): Promise<string[]> {
  const docs = (await readdir(join(root, "docs"))).filter((f) => f.endsWith(".md"));
  return ["README.md", "CONTRIBUTING.md", ...docs.sort().map((f) => `docs/${f}`)];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const examples = await runExamples();
  for (const file of await documents()) {
    const path = join(root, file);
    const before = await readFile(path, "utf8");
    const after = fillExamples(before, examples);
    // A run that differs only in times and ports leaves the file as it is.
    if (steady(after) !== steady(before)) {
      await writeFile(path, after);
      console.log(`wrote the examples of ${file}`);
    }
  }
}
