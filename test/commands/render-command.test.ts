import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import { main } from "../../src/cli/main.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";
import { tempDir } from "../helpers/temp-dir.js";

describe("render", () => {
  it("takes the site's options from the default config when it is there, as build does", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const dir = await tempDir("l10n-render-");
    await mkdir(join(dir, "config"));
    await writeFile(
      join(dir, "config", "l10n-snapshot.json"),
      JSON.stringify({
        baseUrl: server.baseUrl,
        translations: ["tinygrep/*/*"],
        site: { title: "Tinygrep status" },
      }),
    );
    const io = () => ({ ...captureIo(), cwd: dir });
    expect(
      await main(
        [
          "crawl",
          "--config",
          join(dir, "config", "l10n-snapshot.json"),
          "--snapshot",
          join(dir, "snapshot.json"),
          "--quiet",
        ],
        io(),
      ),
    ).toBe(0);
    expect(
      await main(
        ["render", "--snapshot", join(dir, "snapshot.json"), "--out", join(dir, "site"), "--quiet"],
        io(),
      ),
    ).toBe(0);
    const page = parse(await readFile(join(dir, "site", "index.html"), "utf8"));
    expect(page.querySelector("h1")!.text).toBe("Tinygrep status");
  });
});
