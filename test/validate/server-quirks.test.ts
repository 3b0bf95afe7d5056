import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contractRecord } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";
import { writeConfig } from "../helpers/run-main.js";
import { tempDir } from "../helpers/temp-dir.js";
import { startStandIn } from "../helpers/stand-in.js";

// A quirk of a server that its users cannot fix (seen on a real one: the source language's page
// link is its API address) is a note, told once a kind in a run rather than once a translation,
// and accepted by its field path with crawl.acceptQuirks.

/** A record whose source language's page link points into the API. */
function quirky(base: string, language: string): Record<string, unknown> {
  const record = contractRecord(base, { language });
  const component = record.component as { source_language: Record<string, unknown> };
  component.source_language.web_url = `${base}/api/languages/en/`;
  return record;
}

async function crawl(acceptQuirks?: string[]) {
  const server = await startStandIn({
    records: (base) => ["cs", "de", "fr"].map((l) => quirky(base, l)),
  });
  const dir = await tempDir();
  const config = await writeConfig(dir, {
    baseUrl: server.baseUrl,
    translations: ["proj/comp/*"],
    ...(acceptQuirks ? { crawl: { acceptQuirks } } : {}),
  });
  const run = await runCli(["crawl", "--config", config, "--snapshot", join(dir, "s.json")]);
  return { ...run, base: server.baseUrl };
}

describe("a quirk of the server", () => {
  it("is one note a run, not a warning on each translation", async () => {
    const { code, out, err, base } = await crawl();
    expect(code).toBe(0);
    expect(out).toMatch(/^translations 3: ok 3, warnings 0, stale 0, failed 0, invalid 0;/);
    expect(err.split("\n").filter((line) => line.startsWith("note "))).toEqual([
      "note component.source_language.web_url, in 3 translations; e.g. proj/comp/cs: a quirk " +
        "of this server, which its admins can fix (crawl.acceptQuirks accepts it): the API's " +
        `address of the page; expected "${base}/languages/en/", found "${base}/api/languages/en/"`,
    ]);
    expect(err).not.toContain("warning");
  });

  it("is neither warned of nor noted once crawl.acceptQuirks names its field", async () => {
    const { code, out, err } = await crawl(["component.source_language.web_url"]);
    expect(code).toBe(0);
    expect(out).toMatch(/^translations 3: ok 3, warnings 0, stale 0, failed 0, invalid 0;/);
    expect(err).toBe("");
  });
});
