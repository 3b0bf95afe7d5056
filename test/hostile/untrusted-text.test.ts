import { mkdir, readFile, writeFile } from "node:fs/promises";
import { gunzipSync, gzipSync } from "node:zlib";
import { join } from "node:path";
import { XMLValidator } from "fast-xml-parser";
import { marked, type Tokens } from "marked";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { actionCheckout } from "../helpers/action-checkout.js";
import { runAction } from "../helpers/action-runner.js";
import {
  FAST,
  filesUnder,
  goodWeblate,
  json,
  recordFor,
  startHostile,
  type Handler,
} from "../helpers/hostile-server.js";
import { runCli } from "../helpers/run-cli.js";
import { tempDir } from "../helpers/temp-dir.js";

// Untrusted catalogs, records and slugs (issue 44), one case per hole: a hostile server on
// 127.0.0.1, the real CLI (or the Action's bundle) in a child process, its output read back with
// real parsers.

/** Raw controls (a line break aside), DEL, C1 controls and bidi characters. */
const UNSAFE =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

/** A folder of catalogs: `{ "de.json": {...} }`. */
async function catalogs(files: Record<string, unknown>): Promise<string> {
  const dir = join(await tempDir("l10n-snapshot-untrusted-"), "locales");
  await mkdir(dir);
  for (const [name, body] of Object.entries(files))
    await writeFile(join(dir, name), typeof body === "string" ? body : JSON.stringify(body));
  return dir;
}

/** `build` of a config (over the server's address and proj/comp/cs) in a child process. */
async function build(handler: Handler, config: Record<string, unknown> = {}) {
  const server = await startHostile(handler);
  const dir = await tempDir("l10n-snapshot-untrusted-");
  const file = join(dir, "config.json");
  await writeFile(
    file,
    JSON.stringify({
      baseUrl: server.baseUrl,
      translations: ["proj/comp/cs"],
      crawl: FAST,
      ...config,
    }),
  );
  const out = join(dir, "out");
  const run = await runCli(["build", "--config", file, "--out", out]);
  expect(run.err).not.toMatch(UNSAFE);
  expect(run.out).not.toMatch(UNSAFE);
  return { ...run, out, files: await filesUnder(out) };
}

/** Detail records of the contract, changed by `change`. */
const records =
  (change: (record: Record<string, unknown>) => Record<string, unknown>): Handler =>
  (req, res, server) => {
    const match = /^\/api\/translations\/([^/]+)\/([^/]+)\/([^/]+)\/$/.exec(req.url ?? "");
    if (!match) return json(res, 404, { detail: "Not found." });
    const [, p, c, l] = match.map((s) => decodeURIComponent(s));
    return json(res, 200, change(recordFor(server.baseUrl, p!, c!, l!)));
  };

/** A server whose project `proj` has components of these slugs, each in these languages. */
const components =
  (slugs: string[], codes = ["cs"]): Handler =>
  (req, res, server) => {
    const base = server.baseUrl;
    const url = new URL(req.url ?? "", base);
    const page = (results: unknown[]) =>
      json(res, 200, { count: results.length, next: null, previous: null, results });
    if (url.pathname === "/api/projects/proj/components/")
      return page(
        slugs.map((slug) => ({
          ...(recordFor(base, "proj", slug, "cs").component as object),
          slug,
          url: `${base}/api/components/proj/${encodeURIComponent(slug)}/`,
        })),
      );
    const list = /^\/api\/components\/proj\/([^/]+)\/translations\/$/.exec(url.pathname);
    if (list) {
      const slug = decodeURIComponent(list[1]!);
      return page(codes.map((code) => recordFor(base, "proj", slug, code)));
    }
    return goodWeblate(req, res, server);
  };

describe("untrusted catalogs, records and slugs", () => {
  it("1: a catalog key with a line break, a workflow command and ESC is refused in one line; the Action's log forges nothing", async () => {
    const server = await startHostile(goodWeblate);
    const dir = await tempDir("l10n-snapshot-untrusted-");
    const action = await actionCheckout(join(dir, "action"));
    const catalog = await catalogs({
      "de.json": { "x\n::stop-commands::pwn": "y", "\u001b[2J": "z", site: { title: "Status" } },
    });
    await mkdir(join(dir, "workspace"));
    await writeFile(
      join(dir, "workspace", "status.json"),
      JSON.stringify({
        baseUrl: server.baseUrl,
        translations: ["proj/comp/cs"],
        crawl: FAST,
        site: { catalog, locales: ["en", "de"] },
      }),
    );
    const run = await runAction({
      actionPath: action,
      workspace: join(dir, "workspace"),
      temp: join(dir, "temp"),
      inputs: { config: "status.json" },
    });
    expect(run.exitCode).toBe(2);
    const lines = `${run.stdout}\n${run.stderr}`.split("\n");
    // Only the tool's own commands: none with a title other than its own, no stop-commands.
    for (const line of lines.filter((l) => l.startsWith("::")))
      expect(line).toMatch(/^::(error|warning|notice) title=l10n-snapshot::/);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(UNSAFE);
    expect(run.stdout).toContain("de.json:1: x\\u000a::stop-commands::pwn: the key has a control");
  }, 120_000);

  it("2: catalog text in badges/<project>/README.md is Markdown text: no link, image or table cell of its own", async () => {
    const catalog = await catalogs({
      "de.json": {
        readme: {
          intro:
            '<a href="https://evil.example/">x</a> ![t](https://track.example/p.png) | ' +
            "{{server}} {{time}}",
          language: "Sprache | <img src=x onerror=alert(1)>",
        },
      },
    });
    const run = await build(goodWeblate, { site: { catalog, badges: { locale: "de" } } });
    expect(run.code, run.err).toBe(0);
    const readme = run.files.get("badges/proj/README.md")!;
    const html = marked.parse(readme, { async: false });
    expect(html).not.toMatch(/evil\.example"|track\.example\/p\.png"|<img src="x"/);
    const table = marked.lexer(readme).find((t): t is Tokens.Table => t.type === "table")!;
    expect(table.header).toHaveLength(3);
    expect(marked.parseInline(table.header[0]!.text)).toBe(
      "Sprache | &lt;img src=x onerror=alert(1)&gt;",
    );
  }, 60_000);

  it("3: a 20,000-character catalog message is refused with one line; one at the cap builds, its pictures' titles cut", async () => {
    const long = await catalogs({ "de.json": { site: { title: "T".repeat(20_000) } } });
    const refused = await build(goodWeblate, { site: { catalog: long, locales: ["en", "de"] } });
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(
      /de\.json:1: site\.title: is 20000 characters long; a message may have at most 1000/,
    );
    const cap = await catalogs({ "de.json": { site: { title: "W".repeat(1000) } } });
    const built = await build(goodWeblate, { site: { catalog: cap, locales: ["de"] } });
    expect(built.code, built.err).toBe(0);
    expect(built.files.has("assets/og.png")).toBe(true);
  }, 60_000);

  it("4: repository credentials in a component record are never published", async () => {
    const run = await build(
      records((r) => ({
        ...r,
        component: {
          ...(r.component as object),
          repo: "https://bot:ghp_pushsecret1234@github.com/org/repo.git",
          push: "ssh://git:hunter2hunter@git.example.org/org/repo.git",
        },
      })),
    );
    expect(run.code, run.err).toBe(0);
    for (const [file, text] of run.files) {
      expect(text.includes("ghp_pushsecret1234"), file).toBe(false);
      expect(text.includes("hunter2hunter"), file).toBe(false);
    }
    const snapshot = JSON.parse(run.files.get("data/snapshot.json.gz")!);
    expect(JSON.stringify(snapshot)).toContain("https://github.com/org/repo.git");
    expect(JSON.stringify(snapshot)).toContain("ssh://git.example.org/org/repo.git");
  }, 60_000);

  it("4: credentials in a previous site's snapshot are not carried forward when the translation fails", async () => {
    let fail = false;
    const server = await startHostile((req, res, s) =>
      fail && req.url?.endsWith("/cs/")
        ? json(res, 500, { detail: "down" })
        : goodWeblate(req, res, s),
    );
    const dir = await tempDir("l10n-snapshot-untrusted-");
    const file = join(dir, "config.json");
    const translations = ["proj/comp/cs", "proj/comp/de"];
    await writeFile(file, JSON.stringify({ baseUrl: server.baseUrl, translations, crawl: FAST }));
    const first = join(dir, "first");
    expect((await runCli(["build", "--config", file, "--out", first])).code).toBe(0);
    // A site published before: its snapshot holds a repository's credentials.
    const packed = join(first, "data", "snapshot.json.gz");
    const text = gunzipSync(await readFile(packed)).toString("utf8");
    const secret = "ghp_carriedsecret5678";
    await writeFile(
      packed,
      gzipSync(text.replaceAll('"repo":"', `"repo":"https://bot:${secret}@github.com/`)),
    );
    expect(gunzipSync(await readFile(packed)).toString("utf8")).toContain(secret);
    fail = true;
    const out = join(dir, "second");
    const run = await runCli(["build", "--config", file, "--out", out, "--previous", first]);
    expect(run.code, run.err).toBe(1);
    const files = await filesUnder(out);
    expect(files.get("data/snapshot.json.gz")).toContain('"carried"');
    for (const [name, body] of files) expect(body.includes(secret), name).toBe(false);
  }, 60_000);

  it.each([
    ["a slug of 241 bytes once encoded (too long with a widget's suffix)", `${"!".repeat(80)}a`],
    ["a slug of 300 characters", "c".repeat(300)],
    ["a slug Windows keeps for a device", "con"],
    ["a slug differing from another only in case", "comp"],
  ])(
    "5: %s under proj/*/*: reported, the rest published",
    async (_, slug) => {
      // The site takes components in the order of their slugs: COMP before comp.
      const run = await build(components(["COMP", slug]), { translations: ["proj/*/*"] });
      expect(run.code, run.err).toBe(1);
      const invalid = run.err.split("\n").filter((l) => l.startsWith("invalid proj/"));
      expect(invalid, run.err).toHaveLength(1);
      expect(invalid[0]).toMatch(/^invalid proj\/[^/]+\/cs: \(site\): cannot be put on the site: /);
      expect(invalid[0]!.length).toBeLessThan(2000);
      expect(run.files.has("proj/COMP/cs/index.html")).toBe(true);
      expect(run.files.has("badges/proj/COMP.languages.json")).toBe(true);
    },
    60_000,
  );

  it("5: a slug of 50,000 characters under proj/*/*: one short line for it, the rest published", async () => {
    const run = await build(components(["COMP", "c".repeat(50_000)]), {
      translations: ["proj/*/*"],
    });
    expect(run.code, run.err).toBe(1);
    const lines = run.err.split("\n").filter((l) => l.includes("(50000 characters)"));
    expect(lines, run.err).toHaveLength(1);
    expect(lines[0]!.length).toBeLessThan(1000);
    expect(run.files.has("proj/COMP/cs/index.html")).toBe(true);
  }, 60_000);

  it("5: language codes differing only in case: the second reported, the first published", async () => {
    const run = await build(components(["comp"], ["de", "DE"]), { translations: ["proj/*/*"] });
    expect(run.code, run.err).toBe(1);
    expect(run.err).toContain(
      "invalid proj/comp/de: (site): cannot be put on the site: the language de differs from the language DE only in case",
    );
    expect(run.files.has("proj/comp/DE/index.html")).toBe(true);
    expect(run.files.has("proj/comp/de/index.html")).toBe(false);
  }, 60_000);

  it("6: a `;` in a text cell is quoted: a spreadsheet splitting on `;` sees no formula", async () => {
    const run = await build(
      records((r) => ({
        ...r,
        last_author: "x;=HYPERLINK(A1)",
        language: { ...(r.language as object), name: "x;=1+1" },
      })),
    );
    expect(run.code, run.err).toBe(0);
    const csv = run.files.get("data/translations.csv")!;
    for (const delimiter of [",", ";", "\t"]) {
      const cells = Papa.parse<string[]>(csv, { delimiter }).data.flat();
      expect(cells.filter((cell) => cell.startsWith("="))).toEqual([]);
    }
    const cells = Papa.parse<string[]>(csv).data.flat();
    expect(cells).toContain("x;'=1+1");
    expect(cells).toContain("x;'=HYPERLINK(A1)");
  }, 60_000);

  it("7: a project name with U+0001 leaves the feeds well-formed XML", async () => {
    const run = await build(
      records((r) => {
        const component = r.component as Record<string, unknown>;
        const project = { ...(component.project as object), name: "Pro\u0001j" };
        return { ...r, component: { ...component, project } };
      }),
    );
    expect(run.code, run.err).toBe(0);
    for (const feed of ["feed.xml", "proj/feed.xml"]) {
      const text = Buffer.from(run.files.get(feed)!, "latin1").toString("utf8");
      expect(XMLValidator.validate(text), feed).toBe(true);
      // XML 1.0's Char production (fast-xml-parser does not check it).
      expect(text, feed).toMatch(/^[\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u);
    }
    // The control character shows as a space, as on the pages.
    expect(run.files.get("proj/feed.xml")).toContain("<title>Pro j - ");
  }, 60_000);

  it("8: init refuses a project slug `*` and one with C1 and bidi characters, and prints neither raw", async () => {
    const server = await startHostile((req, res, s) => {
      const url = new URL(req.url ?? "", s.baseUrl);
      const page = (results: unknown[]) =>
        json(res, 200, { count: results.length, next: null, previous: null, results });
      if (url.pathname === "/api/projects/")
        return page([
          { slug: "*", name: "Everything" },
          { slug: "b\u0085a\u202ed", name: "Bad" },
          { slug: "good", name: "Good" },
        ]);
      if (url.pathname === "/api/projects/good/components/")
        return page([{ slug: "comp", name: "Comp" }]);
      return json(res, 404, { detail: "Not found." });
    });
    const dir = await tempDir("l10n-snapshot-untrusted-");
    const run = await runCli(["init", "--yes", "--base-url", server.baseUrl], { cwd: dir });
    expect(run.code, run.err).toBe(0);
    expect(`${run.out}${run.err}`).not.toMatch(UNSAFE);
    expect(run.err).toContain('init: project #1 left out: its slug "*" has a wildcard character');
    expect(run.err).toContain(
      'init: project #2 left out: its slug "b\\u0085a\\u202ed" has a control or bidi character',
    );
    const config = JSON.parse(await readFile(join(dir, "config/l10n-snapshot.json"), "utf8"));
    expect(config.translations).toEqual(["good/*/*"]);
  }, 60_000);
});
