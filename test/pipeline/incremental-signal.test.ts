import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { readSnapshot } from "../../src/snapshot/read-snapshot.js";
import { contractRecord } from "../helpers/fixtures.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";
import { tempDir } from "../helpers/temp-dir.js";

// The incremental crawl's change signal (the server's change log) must see every change the site
// would show, also one that moves no per-language sum: each case below left every sum of
// /api/projects/<p>/languages/ as it was. And a signal that cannot be read is a full crawl, never
// a failure of the projects (stale) and never a removal.

type Rec = Record<string, unknown>;
const rec = (
  base: string,
  component: string,
  language: string,
  translated = 36,
  options: { total?: number; author?: string } = {},
): Rec =>
  contractRecord(base, {
    project: "proj",
    component,
    language,
    total: options.total ?? 91,
    stats: {
      translated,
      fuzzy: 0,
      failingChecks: 0,
      ...(options.author ? { lastAuthor: options.author } : {}),
    },
  });
const start = (b: string) => [
  rec(b, "app", "cs"),
  rec(b, "app", "de", 50),
  rec(b, "docs", "cs"),
  rec(b, "docs", "de", 50),
];

/** Starts a new second: the server's Date header counts whole seconds (see incremental.ts). */
const nextSecond = () => new Promise((r) => setTimeout(r, 1005 - (Date.now() % 1000)));

async function setUp() {
  const server = await startStandIn({ records: start });
  const dir = await tempDir("l10n-signal-");
  const config = join(dir, "config.json");
  await writeFile(
    config,
    JSON.stringify({
      baseUrl: server.baseUrl,
      translations: ["proj/*/*"],
      // Short enough for the timeout case below, long enough for a loaded machine.
      crawl: { retries: 1, retryDelayMs: 5, timeoutMs: 2500 },
    }),
  );
  const crawl = async (name: string, previous?: string) => {
    server.resetStats();
    const io = captureIo();
    const code = await main(
      [
        "crawl",
        "--config",
        config,
        "--snapshot",
        join(dir, name),
        ...(previous ? ["--previous", join(dir, previous)] : []),
      ],
      io,
    );
    return { code, err: io.err(), urls: server.log.map((r) => r.url), file: join(dir, name) };
  };
  expect((await crawl("first.json")).code).toBe(0);
  await nextSecond();
  return { server, crawl };
}

const listsAsked = (urls: string[]) => urls.filter((u) => u.includes("/translations/"));

describe("the incremental crawl's change signal", () => {
  it.each([
    [
      "an equal-sum change (a string translated in one component, one lost in another)",
      (b: string) =>
        [rec(b, "app", "cs", 37), rec(b, "app", "de", 50), rec(b, "docs", "cs", 35)].concat([
          rec(b, "docs", "de", 50),
        ]),
    ],
    [
      "a renamed component slug",
      (b: string) =>
        [rec(b, "app", "cs"), rec(b, "app", "de", 50)].concat([
          rec(b, "guide", "cs"),
          rec(b, "guide", "de", 50),
        ]),
    ],
    [
      "a new component of 0 strings",
      (b: string) => [...start(b), rec(b, "empty", "cs", 0, { total: 0 })],
    ],
    [
      "a new last author only",
      (b: string) => [
        rec(b, "app", "cs"),
        rec(b, "app", "de", 50, { author: "Someone Else" }),
        rec(b, "docs", "cs"),
        rec(b, "docs", "de", 50),
      ],
    ],
  ])("refetches the project after %s", async (_, changed) => {
    const { server, crawl } = await setUp();
    const same = await crawl("same.json", "first.json");
    expect(listsAsked(same.urls)).toEqual([]);
    server.setRecords(changed(server.baseUrl));
    const after = await crawl("after.json", "same.json");
    expect(after.code).toBe(0);
    expect(listsAsked(after.urls).length).toBeGreaterThan(0);
    // What the incremental run wrote is what the server now has: a full crawl's translations.
    const full = await crawl("full.json");
    expect(readSnapshot(after.file).translations).toEqual(readSnapshot(full.file).translations);
  });

  it("refetches the project after its component was removed, and removes it", async () => {
    const { server, crawl } = await setUp();
    server.setRecords(start(server.baseUrl).slice(0, 2));
    const after = await crawl("after.json", "first.json");
    expect(after.code).toBe(0);
    const kept = readSnapshot(after.file).translations.map((t) => t.component);
    expect(kept).toEqual(["app", "app"]);
  });

  it("leaves a project whose language list fails unharmed: the signal does not ask it", async () => {
    const { server, crawl } = await setUp();
    server.addFault("/api/projects/proj/languages/", { status: 500 }, { status: 500 });
    server.setRecords([...start(server.baseUrl).slice(1), rec(server.baseUrl, "app", "cs", 40)]);
    const after = await crawl("after.json", "first.json");
    expect(after.code).toBe(0);
    expect(after.urls.some((u) => u.includes("/languages/"))).toBe(false);
    const entries = readSnapshot(after.file).translations;
    expect(entries.map((t) => t.status)).toEqual(["ok", "ok", "ok", "ok"]);
  });

  it.each([
    ["answers 500 after its retries", { status: 500 }],
    ["times out", { delayMs: 4000 }],
    ["is not there (404)", { status: 404 }],
    ["is not a list", { body: '{"detail": "Not found."}' }],
  ])(
    "crawls every project when the change log %s: nothing stale, nothing failed",
    async (_, fault) => {
      const { server, crawl } = await setUp();
      server.addFault("/api/changes/", fault, fault);
      const after = await crawl("after.json", "first.json");
      expect(after.code).toBe(0);
      expect(after.err).not.toContain("failed");
      expect(listsAsked(after.urls).length).toBeGreaterThan(0);
      // No per-project probe: the project's language list is never asked for.
      expect(after.urls.some((u) => u.includes("/languages/"))).toBe(false);
      const entries = readSnapshot(after.file).translations;
      expect(entries.map((t) => t.status)).toEqual(["ok", "ok", "ok", "ok"]);
      expect(entries.some((t) => t.carried !== undefined)).toBe(false);
    },
    20_000,
  );
});
