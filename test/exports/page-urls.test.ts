import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { contractRecord } from "../helpers/fixtures.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";
import { serveDirectory } from "../helpers/static-site.js";
import { tempDir } from "../helpers/temp-dir.js";

// The `page` of data/translations.csv, data/projects.csv and data/summary.json is the address the
// site's own links use: percent-encoded as served (the folder of "sr@latin" is "sr%40latin", so
// its address has "sr%2540latin"), absolute with site.url. Each one is fetched over HTTP from the
// built site. (A trial found folder names that 404 when served.)

const LANGUAGES = ["cs", "sr@latin"];

async function build(site: Record<string, unknown>) {
  const server = await startStandIn({
    records: (base) => LANGUAGES.map((language) => contractRecord(base, { language })),
  });
  const dir = await tempDir("l10n-pages-");
  const config = join(dir, "config.json");
  await writeFile(
    config,
    JSON.stringify({ baseUrl: server.baseUrl, translations: ["proj/*/*"], site }),
  );
  const out = join(dir, "out");
  // No previous site: site.url is not reachable from a test.
  const io = captureIo();
  expect(
    await main(["build", "--config", config, "--out", out, "--no-previous"], io),
    io.err(),
  ).toBe(0);
  await server.stop();
  const csv = async (name: string) =>
    Papa.parse<Record<string, string>>(await readFile(join(out, `data/${name}.csv`), "utf8"), {
      header: true,
      skipEmptyLines: true,
    }).data;
  const summary = JSON.parse(await readFile(join(out, "data/summary.json"), "utf8"));
  const pages = [
    ...(await csv("translations")).map((r) => r.page!),
    ...(await csv("projects")).map((r) => r.page!),
    ...summary.projects.map((p: { page: string }) => p.page),
    ...summary.languages.map((l: { page: string }) => l.page),
  ];
  return { out, pages };
}

describe("the pages named by the exports", () => {
  it("are served at the address given, relative to the site's root", async () => {
    const { out, pages } = await build({});
    expect(pages).toContain("proj/comp/sr%2540latin/");
    expect(pages).toContain("languages/sr%2540latin/");
    // Stopped after the test (test/helpers/static-site.ts).
    const site = await serveDirectory(out);
    for (const page of pages) {
      const response = await fetch(new URL(page, site.url));
      expect(response.status, page).toBe(200);
      expect(await response.text()).toMatch(/^<!doctype html>/i);
    }
  });

  it("are absolute with site.url, as the snippets are", async () => {
    const { pages } = await build({ url: "https://me.github.io/repo" });
    expect(pages.length).toBeGreaterThan(4);
    for (const page of pages) expect(page).toMatch(/^https:\/\/me\.github\.io\/repo\/[^/]/);
    expect(pages).toContain("https://me.github.io/repo/languages/sr%2540latin/");
  });
});
