import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { siteOptionsSchema } from "../../src/config/schema.js";
import { loadSiteLocales } from "../../src/i18n/site-locales.js";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";
import { tempDir } from "../helpers/temp-dir.js";

// A locale the tool does not ship, added without forking: `--catalog DIR` (or `site.catalog`) with
// a French catalog that translates a few messages; the rest falls back to English per message.
// A broken catalog stops the build before any request, with one line naming the file, the line and
// the message.

async function setup(catalog: Record<string, string>) {
  const dir = await tempDir("l10n-catalog-cli-");
  const server = await startStandIn({ records: buildDemoRecords });
  const config = join(dir, "config.json");
  await writeFile(
    config,
    JSON.stringify({
      baseUrl: server.baseUrl,
      translations: ["orbit-notes/application/*"],
      site: { title: "Statut", locales: ["en", "fr"] },
    }),
  );
  await mkdir(join(dir, "catalog"));
  for (const [name, text] of Object.entries(catalog))
    await writeFile(join(dir, "catalog", name), text);
  return { dir, server, config, out: join(dir, "out") };
}

const titleOf = async (file: string) =>
  parse(await readFile(file, "utf8")).querySelector("title")!.text;

const french = `{
    "overview": {
        "title": "Vue d'ensemble",
        "summary": "{{progress}}, sur {{translations}}."
    },
    "count": {
        "strings_one": "{{count}} chaîne",
        "strings_many": "{{count}} de chaînes",
        "strings_other": "{{count}} chaînes"
    },
    "progress": {
        "translated": "{{percent}} de {{amount}} traduites{{note}}"
    }
}
`;

describe("a locale added with --catalog", () => {
  it("renders /fr/ from the user's catalog, falling back to English per message", async () => {
    const { dir, config, out } = await setup({ "fr.json": french });
    const io = captureIo();
    const code = await main(
      ["build", "--config", config, "--out", out, "--catalog", join(dir, "catalog")],
      io,
    );
    // One note says how much of the page is still in English (all but the 4 messages the catalog
    // translates), and which messages first.
    const english = loadSiteLocales(siteOptionsSchema.parse({})).badges.messages.keys().length;
    expect(io.err()).toBe(
      `note the locale fr shows ${english - 4} of ${english} messages in English, not ` +
        "translated in its catalogs (badge.error, badge.invalid, badge.invalidResponse, ...)\n",
    );
    expect(code).toBe(0);
    const page = parse(await readFile(join(out, "fr", "index.html"), "utf8"));
    expect(page.querySelector("html")!.getAttribute("lang")).toBe("fr");
    expect(page.querySelector("title")!.text).toBe("Vue d'ensemble - Statut");
    const summary = page.querySelector("p.summary")!.text;
    // French words and French numbers (Intl: a narrow no-break space before "%", "1 234").
    expect(summary).toMatch(/^[\d,]+\s%/);
    expect(summary).toContain(" chaînes traduites, sur ");
    // Not translated in this catalog: English.
    expect(page.querySelector("thead th")!.text).toBe("Component");
    // The English root is as it was, with the switcher to French.
    const root = parse(await readFile(join(out, "index.html"), "utf8"));
    expect(root.querySelector("title")!.text).toBe("Overview - Statut");
    expect(
      root.querySelectorAll("nav.locales a").map((a) => [a.getAttribute("lang"), a.text]),
    ).toEqual([["fr", "Français"]]);
  });

  it("is read from site.catalog, relative to the config file, when --catalog is not given", async () => {
    const { dir, config, out } = await setup({ "fr.json": french });
    const json = JSON.parse(await readFile(config, "utf8"));
    await writeFile(
      config,
      JSON.stringify({ ...json, site: { ...json.site, catalog: "catalog" } }),
    );
    const io = captureIo();
    expect(await main(["build", "--config", config, "--out", out], { ...io, cwd: tmpdir() })).toBe(
      0,
    );
    expect(await titleOf(join(out, "fr", "index.html"))).toBe("Vue d'ensemble - Statut");
    expect(dir).not.toBe("");
  });

  it("stops a build on a broken catalog before any request: exit 2, one line with file, line and message", async () => {
    const broken = french.replace("{{count}} chaînes", "chaînes");
    const { dir, server, config, out } = await setup({ "fr.json": broken });
    const io = captureIo();
    const code = await main(
      ["build", "--config", config, "--out", out, "--catalog", join(dir, "catalog")],
      io,
    );
    expect(code).toBe(2);
    expect(io.err()).toBe(
      `l10n-snapshot: catalog problem: ${join(dir, "catalog", "fr.json")}:9: count.strings: count.strings_other lacks the placeholder {{count}} of the English message; fix the catalog and run again\n`,
    );
    expect(server.requestsTo("/")).toEqual([]);
    expect(existsSync(out)).toBe(false);
  });

  it("names the locales there are when site.locales asks for one without a catalog", async () => {
    const { config, out } = await setup({});
    const io = captureIo();
    expect(await main(["build", "--config", config, "--out", out], io)).toBe(2);
    expect(io.err()).toContain('no catalog for the locale "fr" (there are: ar, de, en, ja)');
    expect(io.err().trim().split("\n")).toHaveLength(1);
  });

  it("renders a snapshot with --catalog too", async () => {
    const { dir, config, out } = await setup({ "fr.json": french });
    const io = captureIo();
    expect(
      await main(
        ["build", "--config", config, "--out", out, "--catalog", join(dir, "catalog")],
        io,
      ),
    ).toBe(0);
    const again = join(dir, "again");
    const render = captureIo();
    expect(
      await main(
        [
          "render",
          "--config",
          config,
          "--snapshot",
          join(out, "data", "snapshot.json.gz"),
          "--out",
          again,
          "--catalog",
          join(dir, "catalog"),
        ],
        render,
      ),
    ).toBe(0);
    expect(await titleOf(join(again, "fr", "index.html"))).toBe("Vue d'ensemble - Statut");
  });
});
