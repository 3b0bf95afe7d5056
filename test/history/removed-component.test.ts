import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { parse as parseHtml } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { contractRecord, set } from "../helpers/fixtures.js";
import { writeConfig } from "../helpers/run-main.js";
import { tempDir } from "../helpers/temp-dir.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";

const LANGS = ["cs", "de", "fr"];
// Names unlike their slugs, with markup and a terminal escape: each output must name them as text.
const NAMES: Record<string, string> = {
  proj: "Orbit & <b>Co</b>",
  keep: "Kept one",
  gone: "Guide \u001b[31m<i>old</i>",
  other: "Other \u001b[2J Project",
  docs: "Docs",
};
const records = (base: string, parts: [string, string][]) =>
  parts.flatMap(([project, component]) =>
    LANGS.map((language) => {
      const r = contractRecord(base, { project, component, language });
      return set(
        set(r, "component.name", NAMES[component]),
        "component.project.name",
        NAMES[project],
      );
    }),
  );

// Issue 42, point 1: a component or project removed on the server is one event, named as the
// reader knew it (the previous run's records), under "Removed from the server", in the overview,
// the feed and the CLI's closing lines; a translation gone from a component that stays is one line
// of its own.
describe("a component and a project removed on the server", () => {
  it("are each named once in the overview, the feed and the CLI's lines", async () => {
    const dir = await tempDir();
    const out = join(dir, "out");
    const all: [string, string][] = [
      ["proj", "keep"],
      ["proj", "gone"],
      ["other", "docs"],
    ];
    const server = await startStandIn({ records: (b) => records(b, all) });
    const config = await writeConfig(dir, {
      baseUrl: server.baseUrl,
      // A project is removed by a list of the whole server: one the config names is asked for.
      translations: ["*/*/*"],
      crawl: { retries: 0 },
    });
    const build = async (at: string) => {
      const io = { ...captureIo(), now: () => new Date(at) };
      const code = await main(["build", "--config", config, "--out", out, "--previous", out], io);
      return { code, out: io.out() };
    };
    expect((await build("2026-11-21T06:00:00.000Z")).code).toBe(0);
    server.setRecords(
      records(server.baseUrl, [["proj", "keep"]]).filter(
        (r) => !JSON.stringify(r).includes('"fr"'),
      ),
    );
    const run = await build("2026-11-22T06:00:00.000Z");
    expect(run.code).toBe(0);

    const page = parseHtml(await readFile(join(out, "index.html"), "utf8"));
    const section = page.querySelector("section.changes");
    expect(section?.querySelectorAll("h3").map((h) => h.text)).toEqual(["Removed from the server"]);
    const lines = [
      `${NAMES.other}: whole project, 3 translations`,
      `${NAMES.gone} (Orbit & <b>Co</b>): whole component, 3 translations`,
      "Language fr, Kept one (Orbit & <b>Co</b>): one translation",
    ];
    // HTML and XML have no place for ESC: the pages and the feed write a space.
    const inHtml = (t: string) => t.replaceAll("\u001b", " ");
    const shown = (section?.querySelectorAll("li") ?? []).map((li) => li.text);
    expect(shown).toEqual(lines.map(inHtml));

    const feed = new XMLParser().parse(await readFile(join(out, "feed.xml"), "utf8"));
    const latest = [feed.feed.entry].flat()[0];
    expect(latest.title).toContain("7 translations removed");
    const html = parseHtml(String(latest.content));
    expect(html.querySelectorAll("h3").map((h) => h.text)).toEqual(["Removed from the server"]);
    expect(html.querySelectorAll("li").map((li) => li.text)).toEqual(lines.map(inHtml));

    // The CLI: one line each, the names sanitized for the terminal (no escape reaches it).
    const said = run.out.split("\n").filter((l) => l.startsWith("removed from the server"));
    expect(said).toHaveLength(3);
    expect(said.join("\n")).not.toContain("\u001b");
    expect(said[0]).toMatch(/^removed from the server: project Other .* Project, 3 translations$/);
    expect(said[1]).toMatch(
      /^removed from the server: component Guide .*old.*\(Orbit & <b>Co<\/b>\), 3 translations$/,
    );
    expect(said[2]).toBe(
      "removed from the server: translation Language fr of Kept one (Orbit & <b>Co</b>)",
    );
    expect(run.out).toContain("history: 7 translations removed since the last run");

    // The pages kept for what went say its names, as the history kept them, not its slugs.
    const title = async (path: string) =>
      parseHtml(await readFile(join(out, path), "utf8")).querySelector("h1")?.text;
    expect(await title("proj/gone/cs/index.html")).toBe(
      inHtml(`${NAMES.proj} / ${NAMES.gone} / Language cs removed`),
    );
    expect(await title("proj/gone/index.html")).toBe(
      inHtml(`${NAMES.proj} / ${NAMES.gone} removed`),
    );
    expect(await title("other/index.html")).toBe(inHtml(`${NAMES.other} removed`));

    // A later run's feed keeps the names in the removal's entry: the history holds them.
    server.setRecords(records(server.baseUrl, [["proj", "keep"]]));
    expect((await build("2026-11-23T06:00:00.000Z")).code).toBe(0);
    const later = new XMLParser().parse(await readFile(join(out, "feed.xml"), "utf8"));
    const removal = [later.feed.entry].flat().find((e) => e.updated === "2026-11-22T06:00:00.000Z");
    const kept = parseHtml(String(removal.content)).querySelectorAll("li");
    expect(kept.map((li) => li.text)).toEqual(lines.map(inHtml));

    // When the rest of that component and its project go too, the older entry still says what
    // went then: one translation of a component that stayed, not the whole project.
    server.setRecords(records(server.baseUrl, [["other", "docs"]]));
    expect((await build("2026-11-24T06:00:00.000Z")).code).toBe(0);
    const last = new XMLParser().parse(await readFile(join(out, "feed.xml"), "utf8"));
    const entries = [last.feed.entry].flat();
    const text = (at: string) =>
      parseHtml(String(entries.find((e) => e.updated === at).content))
        .querySelectorAll("li")
        .map((li) => li.text);
    expect(text("2026-11-22T06:00:00.000Z")).toEqual(lines.map(inHtml));
    expect(text("2026-11-24T06:00:00.000Z")).toContain(
      inHtml(`${NAMES.proj}: whole project, 3 translations`),
    );
  });
});
