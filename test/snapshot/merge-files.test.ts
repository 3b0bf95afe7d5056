import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { obj } from "../../src/model/json.js";
import { must } from "../../src/model/must.js";
import { compareTriples } from "../../src/config/triple.js";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import { readSnapshot } from "../../src/snapshot/read-snapshot.js";
import { writeSnapshot } from "../../src/snapshot/snapshot-writer.js";
import { goodWeblate, json, recordFor, startHostile } from "../helpers/hostile-server.js";
import { runCli } from "../helpers/run-cli.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";
import { tempDir } from "../helpers/temp-dir.js";

// `merge` over real files: shards written by `crawl --shard` against the stand-in on 127.0.0.1,
// joined by the command, compared with one unsharded crawl of the same server, and rendered.

const demo = JSON.parse(await readFile("config/demo.json", "utf8"));

/** A folder with a config for the stand-in at `baseUrl`. */
async function setUp(baseUrl: string, translations: string[] = demo.translations) {
  const dir = await tempDir("merge-files-");
  const config = join(dir, "config.json");
  await writeFile(config, JSON.stringify({ baseUrl, translations, crawl: { retryDelayMs: 10 } }));
  return { dir, config };
}

/** Runs the command line in this process (the clock fixed); its code and what it printed. */
async function run(args: string[]) {
  const io = captureIo();
  const code = await main(args, io);
  return { code, out: io.out(), err: io.err() };
}

/** `crawl --shard I/count` for each I: the shard files. */
async function crawlShards(config: string, dir: string, count: number, name = "shard") {
  const files: string[] = [];
  for (let i = 1; i <= count; i++) {
    const file = join(dir, `${name}-${i}.json`);
    const shard = ["--shard", `${i}/${count}`];
    const { code } = await run(["crawl", "--config", config, ...shard, "--snapshot", file]);
    expect(code).toBeLessThanOrEqual(1);
    files.push(file);
  }
  return files;
}

/** Every file under `dir` by its path inside it, with its bytes. */
async function tree(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      files.set(relative(dir, path), await readFile(path));
    }
  return files;
}

/** The text of a snapshot file from its tables on: the records and entries, not the header. */
const fromTables = (text: string) => text.slice(text.indexOf('\n  "projects": '));

describe("merge of real shard files", () => {
  // The records as the contract has them, and in Weblate 2026.x's shapes (some forty notes on
  // every translation, kept once each in the snapshot's notes table).
  it.each([
    ["the contract's", undefined],
    ["Weblate 2026.x", "2026"],
  ] as const)(
    "4 shards crawled and merged are one crawl's snapshot, and render the same site (%s shapes)",
    async (_name, generation) => {
      const server = await startStandIn({ records: buildDemoRecords, generation });
      const { dir, config } = await setUp(server.baseUrl);
      const whole = join(dir, "whole.json");
      const crawled = await run(["crawl", "--config", config, "--snapshot", whole]);
      const shards = await crawlShards(config, dir, 4);
      const sizes = shards.map((f) => readSnapshot(f).translations.length);
      expect(sizes.filter((n) => n > 0).length).toBeGreaterThan(1);
      // In an order of their own: the merged order is the snapshot's, not the arguments'.
      const merged = join(dir, "merged.json");
      const result = await run(["merge", ...shards.reverse(), "--snapshot", merged]);
      expect(result.err).toBe("");
      expect(result.code).toBe(crawled.code);
      expect(result.out).toBe(
        `merged 4 snapshots: 50 translations (ok ${crawled.out.match(/ok (\d+)/)?.[1]}, invalid ` +
          `${crawled.out.match(/invalid (\d+)/)?.[1]}, failed 0) into ${merged}\n`,
      );
      const text = await readFile(merged, "utf8");
      const wholeText = await readFile(whole, "utf8");
      // In 2026.x's shapes every translation has notes; each shard has its own table, numbered its
      // own way, which the merge numbers anew.
      if (generation) {
        expect(JSON.parse(wholeText).notes.length).toBeGreaterThan(30);
        for (const shard of shards) {
          const json = JSON.parse(await readFile(shard, "utf8"));
          if (json.translations.length > 0) expect(json.notes.length).toBeGreaterThan(30);
        }
      }
      // The same records and entries, byte for byte; the header the same but for what the shards
      // cannot know (when each whole project's next probe asks for changes from).
      expect(fromTables(text)).toBe(fromTables(wholeText));
      const { changesSince, ...wholeHeader } = readSnapshot(whole);
      expect(changesSince).toBeDefined();
      expect(readSnapshot(merged)).toEqual(wholeHeader);
      expect(await readdir(dir)).not.toContainEqual(expect.stringMatching(/\.tmp-/));

      // Rendered, the two give the same site (but for the copy of the snapshot the site publishes).
      const sites = [];
      for (const snapshot of [whole, merged]) {
        const out = join(dir, `site-${sites.length}`);
        const rendered = await run([
          "render",
          "--config",
          config,
          "--snapshot",
          snapshot,
          "--out",
          out,
        ]);
        expect(rendered.code).toBe(crawled.code);
        sites.push(await tree(out));
      }
      const [fromWhole, fromMerged] = sites.map((site) => {
        site.delete("data/snapshot.json.gz");
        return site;
      });
      expect(fromMerged?.size).toBeGreaterThan(100);
      expect([...(fromMerged?.keys() ?? [])].sort()).toEqual([...(fromWhole?.keys() ?? [])].sort());
      for (const [path, bytes] of fromWhole ?? [])
        expect(fromMerged?.get(path)?.equals(bytes), path).toBe(true);
    },
  );

  it("reads compressed shards as it reads plain ones", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const { dir, config } = await setUp(server.baseUrl);
    const shards = await crawlShards(config, dir, 3);
    const plain = join(dir, "plain.json");
    expect((await run(["merge", ...shards, "--snapshot", plain])).err).toBe("");
    const first = must(shards[0]);
    await writeFile(`${first}.gz`, gzipSync(await readFile(first)));
    const packed = join(dir, "packed.json");
    const result = await run(["merge", `${first}.gz`, ...shards.slice(1), "--snapshot", packed]);
    expect(result.err).toBe("");
    expect(await readFile(packed, "utf8")).toBe(await readFile(plain, "utf8"));
  });

  it("marks two translations of different shards that would take one file as one crawl does", async () => {
    // proj/x/de is a translation (component x, language de); proj/x%2Fde/cs is component de inside
    // category x, whose page would be the same file. Split in 3, they are in shards 3 and 1.
    const server = await startHostile((req, res, hostile) => {
      const match = /^\/api\/translations\/proj\/x%252Fde\/cs\/$/.exec(req.url ?? "");
      if (!match) return goodWeblate(req, res, hostile);
      const record = recordFor(hostile.baseUrl, "proj", "x%2Fde", "cs");
      const component = { ...obj(record.component), slug: "de", name: "de" };
      return json(res, 200, { ...record, component });
    });
    const { dir, config } = await setUp(server.baseUrl, ["proj/x/de", "proj/x/de/cs"]);
    const whole = join(dir, "whole.json");
    const crawled = await run(["crawl", "--config", config, "--snapshot", whole]);
    expect(crawled.code).toBe(1);
    const shards = await crawlShards(config, dir, 3);
    expect(shards.map((f) => readSnapshot(f).translations.map((t) => t.status))).toEqual([
      ["ok"],
      [],
      ["ok"],
    ]);
    const merged = join(dir, "merged.json");
    const result = await run(["merge", ...shards, "--snapshot", merged]);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/: 2 translations \(ok 1, invalid 1, failed 0\) into /);
    const entries = readSnapshot(merged).translations;
    expect(entries.map((t) => `${t.component}/${t.language}: ${t.status}`)).toEqual([
      "x/de: ok",
      "x%2Fde/cs: invalid",
    ]);
    expect(entries[1]?.errors.at(-1)?.message).toMatch(/collides with the translation proj\/x\/de/);
    const { changesSince: _since, ...wholeSnapshot } = readSnapshot(whole);
    expect(readSnapshot(merged)).toEqual(wholeSnapshot);
  });
});

describe("merge refuses shards that do not fit together", () => {
  /** Shards of a two-shard crawl, with a merged file already there (which must stay as it was). */
  async function twoShards() {
    const server = await startStandIn({ records: buildDemoRecords });
    const { dir, config } = await setUp(server.baseUrl, ["orbit-notes/*/*", "tinygrep/*/*"]);
    const [a, b] = await crawlShards(config, dir, 2);
    const target = join(dir, "merged.json");
    await writeFile(target, "the previous merge\n");
    return { server, dir, config, a: must(a), b: must(b), target };
  }

  /** The merge fails with one line matching `message`, exit 3; the target is as it was. */
  async function refused(args: string[], target: string, message: RegExp) {
    const result = await run(["merge", ...args, "--snapshot", target]);
    expect(result.code).toBe(3);
    expect(result.err).toMatch(message);
    expect(result.err.split("\n")).toHaveLength(2);
    expect(result.out).toBe("");
    expect(await readFile(target, "utf8")).toBe("the previous merge\n");
  }

  it("a shard cut short (as a failed upload leaves it), in a process of its own", async () => {
    const { dir, a, b, target } = await twoShards();
    const text = await readFile(b, "utf8");
    const lines = text.split("\n");
    // Cut in the middle of an entry's line, half-way through the entries.
    const cut = lines.slice(0, Math.floor(lines.length / 2)).join("\n").length + 40;
    await writeFile(b, text.slice(0, cut));
    const result = await runCli(["merge", a, b, "--snapshot", target]);
    expect(result.code).toBe(3);
    expect(result.err).toBe(
      `l10n-snapshot: snapshot ${b}: not valid JSON (${jsonError(text.slice(0, cut))})\n`,
    );
    expect(result.out).toBe("");
    expect(await readFile(target, "utf8")).toBe("the previous merge\n");
    expect(await readdir(dir)).not.toContainEqual(expect.stringMatching(/\.tmp-/));
  });

  it("a shard of another config, a shard given twice, a missing shard", async () => {
    const { server, dir, config, a, b, target } = await twoShards();
    const other = await setUp(server.baseUrl, ["orbit-notes/*/*"]);
    const [, otherB] = await crawlShards(other.config, other.dir, 2, "other");
    await refused(
      [a, must(otherB)],
      target,
      /^l10n-snapshot: merge: .*other-2\.json comes from another config than .*shard-1\.json \(server or translations differ\); crawl every shard with the same config\n$/,
    );
    await refused(
      [a, a],
      target,
      /^l10n-snapshot: merge: .*shard-1\.json and .*shard-1\.json are both shard 1\/2\n$/,
    );
    await refused(
      [b],
      target,
      /^l10n-snapshot: merge: shard 1 of 2 missing; pass every shard's snapshot\n$/,
    );
    const three = await crawlShards(config, dir, 3, "three");
    await refused(
      [a, must(three[1])],
      target,
      /^l10n-snapshot: merge: .*three-2\.json is shard 2\/3, but .*shard-1\.json is one of 2\n$/,
    );
    expect(await readdir(dir)).not.toContainEqual(expect.stringMatching(/\.tmp-/));
  });

  it("a translation in two shards, and a shard that is not sorted", async () => {
    const { dir, a, b, target } = await twoShards();
    const shardA = readSnapshot(a);
    const shardB = readSnapshot(b);
    const taken = must(shardA.translations.at(-1));
    const overlapping = join(dir, "overlapping.json");
    await writeSnapshot(overlapping, {
      ...shardB,
      translations: [...shardB.translations, taken].sort(compareTriples),
    });
    const key = `${taken.project}/${taken.component}/${taken.language}`;
    await refused(
      [a, overlapping],
      target,
      new RegExp(
        `^l10n-snapshot: merge: ${key} is in both .*shard-1\\.json and .*overlapping\\.json; shards must not overlap\\n$`,
      ),
    );
    const unsorted = join(dir, "unsorted.json");
    await writeSnapshot(unsorted, { ...shardB, translations: [...shardB.translations].reverse() });
    await refused(
      [a, unsorted],
      target,
      /^l10n-snapshot: merge: .*unsorted\.json is not sorted \(translation 2, .*, comes after .*\); merge joins the snapshots "crawl --shard" writes, as written\n$/,
    );
    expect(await readdir(dir)).not.toContainEqual(expect.stringMatching(/\.tmp-/));
  });
});

/** What JSON.parse says of a text. */
function jsonError(text: string): string {
  try {
    JSON.parse(text);
    return "";
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
