import { tempDir } from "../helpers/temp-dir.js";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { contractRecord, set } from "../helpers/fixtures.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";

// What the CLI prints of the three levels: errors always, warnings grouped (each with --verbose),
// notes only with --verbose; every line with server text sanitized.

async function configFor(baseUrl: string, translations: string[]): Promise<string> {
  const dir = await tempDir("l10n-levels-");
  const file = join(dir, "config.json");
  await writeFile(file, JSON.stringify({ baseUrl, translations }));
  return file;
}

describe("errors, warnings and notes on the command line", () => {
  const records = (base: string) => [
    // A note (name differs from slug) and a warning (a percent off its rule).
    set(
      set(contractRecord(base, { language: "cs" }), "component.name", "Comp"),
      "fuzzy_percent",
      20,
    ),
    // Only a note.
    set(contractRecord(base, { language: "de" }), "revision", "abc,def"),
    // An error whose found value carries a terminal escape and a line break.
    set(
      contractRecord(base, { language: "fr" }),
      "component.slug",
      "\u001b[2Jother\u202e\nfetched 99, ok 99",
    ),
  ];

  it("lists warnings and errors, counts notes in the summary only, sanitizing server text", async () => {
    const server = await startStandIn({ records, listsDisabled: true });
    const config = await configFor(server.baseUrl, [
      "proj/comp/cs",
      "proj/comp/de",
      "proj/comp/fr",
    ]);
    const io = captureIo();
    expect(
      await main(
        ["crawl", "--config", config, "--snapshot", join(tmpdir(), `levels-${process.pid}.json`)],
        io,
      ),
    ).toBe(1);
    expect(io.out()).toMatch(
      /^translations 3: ok 2, warnings 1, stale 0, failed 0, invalid 1; removed 0;/,
    );
    const lines = io.err().trimEnd().split("\n");
    expect(lines).toEqual([
      'invalid proj/comp/fr: component.slug: expected "comp" (the requested component), found "\\u001b[2Jother\\u202e\\nfetched 99, ok 99"',
      "warning fuzzy_percent, in 1 translation: proj/comp/cs: expected about 5.4 (5 of 91), found 20",
      expect.stringMatching(/^\(warnings: .*--verbose lists each, and the notes/),
    ]);
    // JSON quoting escapes controls; the sanitizer the bidi override JSON leaves as it is.
    expect(io.err()).not.toMatch(/[\u001b\u202e]/);
  });

  it("lists every warning and every note with --verbose, and makes both errors with --strict", async () => {
    const server = await startStandIn({ records, listsDisabled: true });
    const config = await configFor(server.baseUrl, ["proj/comp/cs", "proj/comp/de"]);
    const verbose = captureIo();
    await main(
      [
        "crawl",
        "--verbose",
        "--config",
        config,
        "--snapshot",
        join(tmpdir(), `levels-v-${process.pid}.json`),
      ],
      verbose,
    );
    expect(verbose.err().split("\n").filter(Boolean)).toEqual([
      "warning proj/comp/cs: fuzzy_percent: expected about 5.4 (5 of 91), found 20",
      'note proj/comp/cs: component.name: expected the same value as component.slug ("comp"), found "Comp"',
      'note proj/comp/de: revision: expected one revision (this looks like two hashes joined by a comma: file and template), found "abc,def"',
    ]);
    const strict = captureIo();
    expect(
      await main(
        [
          "crawl",
          "--strict",
          "--config",
          config,
          "--snapshot",
          join(tmpdir(), `levels-s-${process.pid}.json`),
        ],
        strict,
      ),
    ).toBe(3);
    expect(strict.out()).toMatch(
      /^translations 2: ok 0, warnings 0, stale 0, failed 0, invalid 2; removed 0;/,
    );
  });
});
