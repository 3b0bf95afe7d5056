import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { parse as parseHtml } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { contractRecord } from "../helpers/fixtures.js";
import { writeConfig } from "../helpers/run-main.js";
import { tempDir } from "../helpers/temp-dir.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";

const LANGS = ["cs", "de", "fr"];
const records = (base: string, components: string[]) =>
  components.flatMap((component) =>
    LANGS.map((language) => contractRecord(base, { component, language })),
  );

// Issue 42, point 1: a component removed on the server is one event, "removed from the server",
// on the overview and in the feed; a translation gone from a component that stays keeps its line.
describe("a component removed on the server", () => {
  it("is one event on the overview and in the feed", async () => {
    const dir = await tempDir();
    const out = join(dir, "out");
    const server = await startStandIn({ records: (b) => records(b, ["keep", "gone"]) });
    const config = await writeConfig(dir, {
      baseUrl: server.baseUrl,
      translations: ["proj/*/*"],
      crawl: { retries: 0 },
    });
    const build = async (at: string) => {
      const io = { ...captureIo(), now: () => new Date(at) };
      return main(["build", "--config", config, "--out", out, "--previous", out], io);
    };
    expect(await build("2026-11-21T06:00:00.000Z")).toBe(0);
    server.setRecords([
      ...records(server.baseUrl, ["keep"]).filter((r) => !JSON.stringify(r).includes('"fr"')),
    ]);
    expect(await build("2026-11-22T06:00:00.000Z")).toBe(0);

    const page = parseHtml(await readFile(join(out, "index.html"), "utf8"));
    const lines = (page.querySelector("section.changes")?.querySelectorAll("li") ?? []).map(
      (li) => li.text,
    );
    expect(lines).toContain("proj/gone: removed from the server");
    expect(lines.filter((l) => l.includes("gone"))).toHaveLength(1);
    expect(lines.filter((l) => l.includes("removed from the server"))).toHaveLength(2);

    const feed = new XMLParser().parse(await readFile(join(out, "feed.xml"), "utf8"));
    const entries = [feed.feed.entry].flat();
    const latest = entries[0];
    expect(latest.title).toContain("4 translations removed");
    const html = parseHtml(String(latest.content));
    const items = html.querySelectorAll("li").map((li) => li.text);
    expect(items).toContain("proj/gone: removed from the server");
    expect(items.filter((l) => l.includes("gone"))).toHaveLength(1);
  });
});
