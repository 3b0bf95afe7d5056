import { describe, expect, it } from "vitest";
import { crawlToSnapshot } from "../../src/pipeline/crawl-step.js";
import { syntheticRecords } from "../../src/demo/synthetic-data.js";
import type { Fault } from "../../src/demo/stand-in-fault.js";
import type { Snapshot } from "../../src/snapshot/schema.js";
import { startStandIn, testConfig } from "../helpers/stand-in.js";

// The instance list read page by page (`*/*/*`, crawl/instance-list.ts): each page settled as it
// arrives, and the list taken as the server's word only when it came whole. A real server's list
// can change between two of a client's page requests (a translation added or removed while the
// crawl pages); offset paging then repeats or skips an item. Each case is real HTTP against the
// stand-in, 40 translations in pages of 10.

const now = () => new Date("2026-11-21T12:00:00Z");
const size = { projects: 2, components: 2, languages: 10 };
const fail = { status: 500, body: '{"detail": "Internal server error."}' };
const keys = (s: Snapshot) =>
  s.translations.map((t) => `${t.project}/${t.component}/${t.language}:${t.status}`);
const config = (baseUrl: string, env: Record<string, string> = {}) =>
  testConfig(baseUrl, ["*/*/*"], { pageSize: 10, retries: 1 }, env);
/**
 * One request at a time: the pages are asked for one after another, so a change made as one page
 * is asked for is on every later page and on no earlier one.
 */
const inTurn = (baseUrl: string) =>
  testConfig(baseUrl, ["*/*/*"], { pageSize: 10, retries: 1, concurrency: 1 });

/** The records of `size` and one more language in project0/component0. */
function withExtra(base: string) {
  const more = syntheticRecords({ ...size, languages: 11 })(base);
  const have = new Set(syntheticRecords(size)(base).map((r) => JSON.stringify(r)));
  return more.find((r) => !have.has(JSON.stringify(r)));
}

describe("*/*/*: the instance list read page by page", () => {
  it("reads 40 translations in 4 pages, each once, all fresh", async () => {
    const server = await startStandIn({ records: syntheticRecords(size) });
    const run = await crawlToSnapshot(config(server.baseUrl), { now });
    expect(run.snapshot.translations).toHaveLength(40);
    expect(new Set(keys(run.snapshot)).size).toBe(40);
    expect(keys(run.snapshot).every((k) => k.endsWith(":ok"))).toBe(true);
    expect(server.log.map((r) => r.url).sort()).toEqual([
      "/api/translations/?page_size=10",
      "/api/translations/?page_size=10&page=2",
      "/api/translations/?page_size=10&page=3",
      "/api/translations/?page_size=10&page=4",
    ]);
  });

  it("asks for the pages after the first ahead, a few at a time, the count known from page 1", async () => {
    const server = await startStandIn({
      records: syntheticRecords({ ...size, languages: 40 }),
      latencyMs: 30,
    });
    const run = await crawlToSnapshot(
      testConfig(server.baseUrl, ["*/*/*"], { pageSize: 10, concurrency: 8 }),
      { now },
    );
    expect(run.snapshot.translations).toHaveLength(160);
    expect(server.log).toHaveLength(16);
    // 2 ahead at most (of 8 request slots): more than one at a time.
    expect(server.maxInFlight).toBeGreaterThan(1);
    expect(server.maxInFlight).toBeLessThanOrEqual(2);
  });

  it("a numbered page that links elsewhere than the next number fails the list", async () => {
    const server = await startStandIn({ records: syntheticRecords(size) });
    const next = `${server.baseUrl}/api/translations/?page_size=10&page=4`;
    server.addFault("/api/translations/", {
      query: "page=2",
      body: JSON.stringify({ count: 40, next, previous: null, results: [] }),
    });
    server.addFault("/api/projects/", fail, fail);
    const run = await crawlToSnapshot(inTurn(server.baseUrl), { now });
    expect(run.snapshot.translations.find((t) => t.status !== "ok")?.errors[0]?.message).toContain(
      "the list's pages do not follow each other: page 2 of 4 links to another page",
    );
  });

  it("a numbered page whose next writes its query otherwise (order, encoding) still follows", async () => {
    const server = await startStandIn({ records: syntheticRecords(size) });
    // Page 2 as the stand-in serves it, its next link's query in another order and with a digit
    // percent-encoded: the same page 3 of the same list, written as another server would. The
    // projects' lists refused, so the instance list is the only way.
    const page2 = await (
      await fetch(`${server.baseUrl}/api/translations/?page_size=10&page=2`)
    ).json();
    const next = `${server.baseUrl}/api/translations/?page=3&page_size=1%30`;
    server.addFault("/api/translations/", {
      query: "page=2",
      body: JSON.stringify({ ...page2, next }),
    });
    server.addFault("/api/projects/", fail, fail);
    const run = await crawlToSnapshot(inTurn(server.baseUrl), { now });
    expect(run.snapshot.translations).toHaveLength(40);
    expect(keys(run.snapshot).every((k) => k.endsWith(":ok"))).toBe(true);
  });

  it("a translation added while the list is read (its count changes): the project lists instead, the new one too", async () => {
    const server = await startStandIn({ records: syntheticRecords(size) });
    const extra = withExtra(server.baseUrl);
    server.onRequest = (url) => {
      if (url.search.includes("page=3") && extra) server.setTranslation(extra);
    };
    const run = await crawlToSnapshot(inTurn(server.baseUrl), { now });
    server.onRequest = undefined;
    expect(run.snapshot.translations).toHaveLength(41);
    expect(new Set(keys(run.snapshot)).size).toBe(41);
    expect(keys(run.snapshot).every((k) => k.endsWith(":ok"))).toBe(true);
    // The list stopped at the page whose count differs; the projects' lists were read instead.
    expect(server.requestsTo("/api/translations/")).toHaveLength(3);
    expect(server.requestsTo("/api/projects/?")).toHaveLength(1);
  });

  it("the same with no other way: */*/* fails saying the list changed, its pages' translations kept", async () => {
    const server = await startStandIn({ records: syntheticRecords(size) });
    const extra = withExtra(server.baseUrl);
    server.onRequest = (url) => {
      if (url.search.includes("page=3") && extra) server.setTranslation(extra);
    };
    server.addFault("/api/projects/", fail, fail);
    const run = await crawlToSnapshot(inTurn(server.baseUrl), { now });
    const failed = run.snapshot.translations.filter((t) => t.status !== "ok");
    expect(keys({ ...run.snapshot, translations: failed })).toEqual(["*/*/*:failed"]);
    expect(failed[0]?.errors[0]?.message).toContain(
      "the list changed while it was read: its first page says 40 items, page 3 says 41",
    );
    expect(run.snapshot.translations).toHaveLength(1 + 20);
  });

  it("a list that shifts with its count unchanged (one item repeated, one skipped) is not whole", async () => {
    const server = await startStandIn({ records: syntheticRecords(size) });
    const records = syntheticRecords(size)(server.baseUrl);
    // After page 1, the last translation moves to the front: page 2 repeats page 1's last item,
    // and the moved one is on no page read.
    server.onRequest = (url) => {
      if (url.search.includes("page=2")) {
        server.onRequest = undefined;
        server.setRecords([...records.slice(-1), ...records.slice(0, -1)]);
      }
    };
    server.addFault("/api/projects/", fail, fail);
    const run = await crawlToSnapshot(config(server.baseUrl), { now });
    const failed = run.snapshot.translations.find((t) => t.status !== "ok");
    expect(failed?.errors[0]?.message).toContain(
      "list cut short: its first page says 40 items, its pages held 39 different (40)",
    );
    // Each translation the pages gave is there once: the repeat settled once.
    expect(run.snapshot.translations).toHaveLength(1 + 39);
    expect(new Set(keys(run.snapshot)).size).toBe(40);
  });

  it("a page cut short (fewer items than the count says) fails the list; a page that fails too", async () => {
    const server = await startStandIn({ records: syntheticRecords(size) });
    const next = `${server.baseUrl}/api/translations/?page_size=10&page=3`;
    server.addFault("/api/translations/", {
      query: "page=2",
      body: JSON.stringify({ count: 40, next, previous: null, results: [] }),
    });
    server.addFault("/api/projects/", fail, fail);
    const short = await crawlToSnapshot(config(server.baseUrl), { now });
    expect(
      short.snapshot.translations.find((t) => t.status !== "ok")?.errors[0]?.message,
    ).toContain("list cut short: its first page says 40 items, its pages held 30");
    server.addFault(
      "/api/translations/",
      { ...fail, query: "page=4" },
      { ...fail, query: "page=4" },
    );
    server.addFault("/api/projects/", fail, fail);
    const broken = await crawlToSnapshot(config(server.baseUrl), { now });
    expect(keys(broken.snapshot).filter((k) => !k.endsWith(":ok"))).toEqual(["*/*/*:failed"]);
    expect(broken.snapshot.translations).toHaveLength(1 + 30);
  });

  it("waits out a 429 on a page and goes on: the list whole, one request more", async () => {
    const server = await startStandIn({ records: syntheticRecords(size) });
    server.addFault("/api/translations/", {
      query: "page=2",
      status: 429,
      headers: { "retry-after": "0" },
      body: '{"detail": "Request was throttled."}',
    });
    const run = await crawlToSnapshot(config(server.baseUrl), { now });
    expect(run.snapshot.translations).toHaveLength(40);
    expect(keys(run.snapshot).every((k) => k.endsWith(":ok"))).toBe(true);
    expect(server.requestsTo("/api/translations/")).toHaveLength(5);
  });

  it("never follows a `next` link to another origin, so the token goes nowhere else", async () => {
    const server = await startStandIn({ records: syntheticRecords(size) });
    const elsewhere = await startStandIn({ records: syntheticRecords(size) });
    server.addFault("/api/translations/", {
      body: JSON.stringify({
        count: 40,
        next: `${elsewhere.baseUrl}/api/translations/?page_size=10&page=2`,
        previous: null,
        results: [],
      }),
    });
    server.addFault("/api/projects/", fail, fail);
    const token = "wlu_instance_pages_token";
    const run = await crawlToSnapshot(config(server.baseUrl, { WEBLATE_TOKEN: token }), { now });
    expect(elsewhere.log).toEqual([]);
    expect(keys(run.snapshot)).toEqual(["*/*/*:failed"]);
    expect(server.log.every((r) => r.headers.authorization === `Token ${token}`)).toBe(true);
  });

  it("fallbacks: four projects whose component lists are refused share the paged reads of the instance list", async () => {
    const four = { projects: 4, components: 2, languages: 10 };
    const server = await startStandIn({ records: syntheticRecords(four) });
    const refused = { status: 403, body: '{"detail": "You do not have permission."}' };
    const projects = ["project0", "project1", "project2", "project3"];
    for (const project of projects)
      server.addFault(`/api/projects/${project}/components/`, refused, refused);
    server.addFault("/api/components/", refused, refused);
    const run = await crawlToSnapshot(
      testConfig(
        server.baseUrl,
        projects.map((p) => `${p}/*/*`),
        { pageSize: 10, retries: 1 },
      ),
      { now },
    );
    expect(run.snapshot.translations).toHaveLength(80);
    expect(keys(run.snapshot).every((k) => k.endsWith(":ok"))).toBe(true);
    // The refusals that come together share a read; those that come while it runs share the
    // next one (they arrive in one turn or two, as the machine's load has it): two reads at most,
    // each of the 8 pages whole, where a read for each fallback would make four.
    const asked = server.requestsTo("/api/translations/?").map((r) => r.url);
    const reads = asked.filter((url) => url === "/api/translations/?page_size=10").length;
    expect(reads).toBeGreaterThanOrEqual(1);
    expect(reads).toBeLessThanOrEqual(2);
    const pages = ["/api/translations/?page_size=10"].concat(
      Array.from({ length: 7 }, (_, i) => `/api/translations/?page_size=10&page=${i + 2}`),
    );
    expect(asked.sort()).toEqual(pages.flatMap((url) => Array(reads).fill(url)).sort());
  });

  it("fallbacks: a share of a list that changes while it is read fails its project, its pages kept", async () => {
    const server = await startStandIn({ records: syntheticRecords(size) });
    const refused = { status: 403, body: '{"detail": "You do not have permission."}' };
    server.addFault("/api/projects/project1/components/", refused, refused);
    server.addFault("/api/components/", refused, refused);
    // Page 4 answers as the list does once a translation was added.
    server.addFault("/api/translations/", {
      query: "page=4",
      body: JSON.stringify({ count: 41, next: null, previous: null, results: [] }),
    });
    const run = await crawlToSnapshot(
      testConfig(server.baseUrl, ["project1/*/*"], { pageSize: 10, retries: 1 }),
      { now },
    );
    expect(keys(run.snapshot).filter((k) => !k.endsWith(":ok"))).toEqual(["project1/*/*:failed"]);
    // The project's own answer is its failure; the page of its translations read before the
    // change stays settled, fresh (project1's are on pages 3 and 4).
    expect(run.snapshot.translations.find((t) => t.status !== "ok")?.errors[0]?.message).toContain(
      "403",
    );
    expect(run.snapshot.translations).toHaveLength(1 + 10);
  });

  it("fallbacks: one that comes while a read runs waits for it, then shares the next read", async () => {
    const { server, run, reads } = await fallbackDuringRead();
    expect(reads.overlaps).toBe(0);
    expect(reads.started).toBe(2);
    expect(server.requestsTo("/api/translations/?")).toHaveLength(2 * 4);
    expect(run.snapshot.translations).toHaveLength(40);
    expect(keys(run.snapshot).every((k) => k.endsWith(":ok"))).toBe(true);
  });

  it("fallbacks: one that comes while a read runs that then fails is told that failure, nothing read again", async () => {
    const { server, run, reads } = await fallbackDuringRead([fail, fail, fail]);
    expect(reads.overlaps).toBe(0);
    expect(reads.started).toBe(1);
    expect(server.requestsTo("/api/translations/?page_size=10&page=3")).toHaveLength(1);
    expect(keys(run.snapshot).filter((k) => !k.endsWith(":ok"))).toEqual([
      "project0/*/*:failed",
      "project1/*/*:failed",
    ]);
  });
});

/**
 * project0's and project1's component lists refused, project1's answer held until the read of the
 * instance list for project0's fallback has asked its first page: project1's fallback comes while
 * that read runs. That read's later pages (page 2 answering `pageFaults` first) are held until a
 * second read starts, or half a second after the first of them is asked, so it runs long. Counts
 * the reads started (first pages asked), and those started before an earlier read's last page
 * (page 4) was answered.
 */
async function fallbackDuringRead(pageFaults: Fault[] = []) {
  const server = await startStandIn({ records: syntheticRecords(size) });
  const refused = { status: 403, body: '{"detail": "You do not have permission."}' };
  for (const project of ["project0", "project1"])
    server.addFault(`/api/projects/${project}/components/`, refused, refused);
  server.addFault("/api/components/", refused, refused);
  for (const fault of pageFaults)
    server.addFault("/api/translations/", { ...fault, query: "page=2" });
  const firstAsked = opened();
  const pagesHeld = opened();
  let timer: NodeJS.Timeout | undefined;
  const reads = { started: 0, overlaps: 0 };
  let reading = false;
  server.onRequest = async (url) => {
    if (url.pathname === "/api/projects/project1/components/") return firstAsked.wait;
    if (url.pathname !== "/api/translations/") return;
    const page = url.searchParams.get("page");
    if (page === null) {
      reads.started += 1;
      if (reading) reads.overlaps += 1;
      reading = true;
      if (reads.started === 1) firstAsked.open();
      else pagesHeld.open();
      return;
    }
    if (reads.started === 1) {
      timer ??= setTimeout(pagesHeld.open, 500);
      await pagesHeld.wait;
    }
    if (page === "4") reading = false;
  };
  const run = await crawlToSnapshot(
    testConfig(server.baseUrl, ["project0/*/*", "project1/*/*"], { pageSize: 10, retries: 1 }),
    { now },
  );
  clearTimeout(timer);
  return { server, run, reads };
}

/** A gate: `wait` settles once `open` is called. */
function opened(): { wait: Promise<void>; open: () => void } {
  let open = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}
