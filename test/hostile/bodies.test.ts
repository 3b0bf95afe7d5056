import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { MAX_RECORD_DEPTH } from "../../src/validate/record-limits.js";
import { captureIo } from "../helpers/stand-in.js";
import {
  expectCase,
  filesUnder,
  goodWeblate,
  json,
  recordFor,
  runCase,
  snapshotOf,
} from "../helpers/hostile-server.js";

// Bodies: not JSON, the wrong type, nested deeper than any stack, huge, compressed bombs, bad
// UTF-8.

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const three = ["proj/comp/cs", "proj/comp/de", "proj/comp/fr"];

/** Good records, except the one for `language`, which `spoil` changes (as JSON text). */
const spoilOne =
  (language: string, spoil: (record: Record<string, unknown>) => string) =>
  (
    req: import("node:http").IncomingMessage,
    res: import("node:http").ServerResponse,
    server: { baseUrl: string },
  ) => {
    if (!req.url!.includes(`/${language}/`)) return goodWeblate(req, res, server as never);
    return json(res, 200, spoil(recordFor(server.baseUrl, "proj", "comp", language)));
  };

describe("hostile server: bodies", () => {
  it.each([
    ["a JSON array", "[1, 2, 3]", "expected a JSON object, found an array of 3"],
    ["a JSON string", '"hello"', 'expected a JSON object, found "hello"'],
    ["a JSON number", "42", "expected a JSON object, found 42"],
    ["null", "null", "expected a JSON object, found null"],
  ])("%s instead of a record is invalid", async (_name, body, message) => {
    const result = await runCase({ handler: (_req, res) => json(res, 200, body) });
    await expectCase(result, { code: 3, message: `invalid proj/comp/cs: (body): ${message}` });
  });

  it("an extra field nested 5,000 levels deep (a 10 KB body): that record invalid, every other one kept", async () => {
    const result = await runCase({
      translations: three,
      handler: spoilOne("de", (r) => JSON.stringify(r).replace(/^\{/, `{"deep": ${nested(5000)},`)),
    });
    await expectCase(result, {
      code: 1,
      message: `invalid proj/comp/de: (body): expected a record nested at most ${MAX_RECORD_DEPTH} levels deep`,
    });
    expect((await snapshotOf(result)).translations.map((t) => t.status)).toEqual([
      "ok",
      "invalid",
      "ok",
    ]);
  });

  it("a body nested 200,000 levels deep is refused without a crash", async () => {
    const result = await runCase({
      translations: three,
      handler: spoilOne("fr", () => `{"a": ${nested(200_000)}}`),
    });
    await expectCase(result, { code: 1, message: /^invalid proj\/comp\/fr: / });
  });

  it("a body larger than crawl.maxBodyBytes, announced by Content-Length, is refused before it is read", async () => {
    const result = await runCase({
      crawl: { maxBodyBytes: 4096 },
      handler: (_req, res) =>
        void (res.writeHead(200, { "content-length": String(1e9) }), res.write(" ".repeat(1000))),
    });
    await expectCase(result, {
      code: 3,
      message: "response body larger than 4096 bytes (crawl.maxBodyBytes)",
    });
  });

  it("an endless chunked body is cut at crawl.maxBodyBytes", async () => {
    const result = await runCase({
      crawl: { maxBodyBytes: 65536 },
      handler: (_req, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        const chunk = " ".repeat(16384);
        const pump = () => {
          while (res.write(chunk));
        };
        res.on("drain", pump);
        pump();
      },
    });
    await expectCase(result, {
      code: 3,
      message: "response body larger than 65536 bytes (crawl.maxBodyBytes)",
    });
  });

  it.each([
    ["gzip", (b: Buffer) => gzipSync(b, { level: 9 })],
    [
      "br",
      (b: Buffer) => brotliCompressSync(b, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } }),
    ],
  ])(
    "a %s bomb (100 MB of zeros in a few KB) stops at crawl.maxBodyBytes once decompressed",
    async (coding, compress) => {
      const bomb = compress(Buffer.alloc(100 * 1024 * 1024, 0x20));
      expect(bomb.length).toBeLessThan(200_000);
      const result = await runCase({
        crawl: { maxBodyBytes: 1_000_000 },
        handler: (_req, res) =>
          void (res.writeHead(200, { "content-encoding": coding }), res.end(bomb)),
      });
      await expectCase(result, {
        code: 3,
        message: "response body larger than 1000000 bytes once decompressed (crawl.maxBodyBytes)",
      });
    },
  );

  it("a body that claims gzip and is not: invalid, not retried", async () => {
    const result = await runCase({
      handler: (_req, res) =>
        void (res.writeHead(200, { "content-encoding": "gzip" }), res.end('{"not": "gzip"}')),
    });
    await expectCase(result, { code: 3, message: "response body is not valid gzip" });
    expect(result.server.requests).toHaveLength(1);
  });

  it("a coding that was not asked for", async () => {
    const result = await runCase({
      handler: (_req, res) =>
        void (res.writeHead(200, { "content-encoding": "compress" }), res.end("x")),
    });
    await expectCase(result, {
      code: 3,
      message: 'response compressed as "compress", which was not asked for',
    });
  });

  it("invalid UTF-8 in a record's strings: the record is kept, the pages are valid UTF-8", async () => {
    const result = await runCase({
      handler: (req, res, server) => {
        const text = JSON.stringify(recordFor(server.baseUrl, "proj", "comp", "cs")).replace(
          '"Jane Doe"',
          '"Jane XX Doe"',
        );
        const bytes = Buffer.from(text);
        const at = bytes.indexOf("XX");
        bytes[at] = 0xff;
        bytes[at + 1] = 0xc3;
        res.writeHead(200, { "content-type": "application/json" });
        res.end(bytes);
      },
    });
    await expectCase(result, { code: 0 });
    const page = await readFile(join(result.outDir, "proj/comp/cs/index.html"));
    expect(new TextDecoder("utf-8", { fatal: true }).decode(page)).toContain(
      "Jane \ufffd\ufffd Doe",
    );
  });

  it("a 2 MB component record under proj/comp/* for 100 languages: invalid records, a small site", async () => {
    const languages = Array.from({ length: 100 }, (_, i) => `l${i}`);
    const result = await runCase({
      translations: ["proj/comp/*"],
      handler: (req, res, server) => {
        const base = server.baseUrl;
        const component = {
          ...(recordFor(base, "proj", "comp", "cs").component as object),
          description: "x".repeat(2_000_000),
        };
        if (req.url!.startsWith("/api/components/proj/comp/translations/")) {
          return json(res, 200, {
            count: 100,
            next: null,
            previous: null,
            results: languages.map((l) => {
              const { component: _c, ...item } = recordFor(base, "proj", "comp", l);
              return item;
            }),
          });
        }
        if (req.url!.startsWith("/api/components/proj/comp/")) return json(res, 200, component);
        return json(res, 404, { detail: "Not found." });
      },
    });
    await expectCase(result, {
      code: 3,
      message: "expected a record of at most 100000 characters, found a larger one",
    });
    expect(result.server.requests.length).toBeLessThanOrEqual(3);
  });

  it("a 1 MB language name: that record is invalid, nothing large is written", async () => {
    const result = await runCase({
      translations: three,
      handler: spoilOne("cs", (r) =>
        JSON.stringify({
          ...r,
          language: { ...(r.language as object), name: "N".repeat(1_000_000) },
        }),
      ),
    });
    await expectCase(result, {
      code: 1,
      message: "invalid proj/comp/cs: (body): expected a record of at most 100000 characters",
    });
    const sizes = [...(await filesUnder(result.outDir)).values()].reduce(
      (sum, text) => sum + text.length,
      0,
    );
    expect(sizes).toBeLessThan(1_000_000);
  });

  it("a 50 KB component name (within the record limit): each page shows 200 characters of it", async () => {
    const result = await runCase({
      translations: three,
      handler: spoilOne("de", (r) =>
        JSON.stringify({
          ...r,
          component: { ...(r.component as object), name: "C".repeat(50_000) },
        }),
      ),
    });
    await expectCase(result, { code: 0 });
    for (const [file, text] of await filesUnder(result.outDir)) {
      if (file.endsWith(".html")) expect(text).not.toContain("C".repeat(201));
    }
  });

  it("keys named __proto__, constructor and duplicates do not pollute anything", async () => {
    const result = await runCase({
      handler: spoilOne("cs", (r) =>
        JSON.stringify(r).replace(
          /^\{/,
          '{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}, "total": 1,',
        ),
      ),
    });
    await expectCase(result, { code: 0 });
    expect(({} as { polluted?: number }).polluted).toBeUndefined();
  });

  it("a list with two unusable items: the crawl's own snapshot merges without an 'overlap'", async () => {
    const result = await runCase({
      command: "crawl",
      translations: ["proj/comp/*"],
      handler: (req, res, server) => {
        const base = server.baseUrl;
        if (req.url!.startsWith("/api/components/proj/comp/translations/")) {
          const good = recordFor(base, "proj", "comp", "cs");
          return json(res, 200, {
            count: 3,
            next: null,
            previous: null,
            results: [good, { language: { code: ".." } }, { language_code: 5 }],
          });
        }
        if (req.url!.startsWith("/api/components/proj/comp/"))
          return json(res, 200, recordFor(base, "proj", "comp", "cs").component);
        return json(res, 404, { detail: "Not found." });
      },
    });
    await expectCase(result, {
      code: 1,
      message: "list item 1 has no usable language code",
      allow: ["snapshot.json"],
    });
    const io = captureIo();
    const merged = join(result.outDir, "..", "merged.json");
    expect(await main(["merge", join(result.dir, "snapshot.json"), "--snapshot", merged], io)).toBe(
      1,
    );
    expect(io.err()).toBe("");
    // The good translation, and one failed "proj/comp/*" entry for the unusable items (the crawl
    // settles a triple once).
    expect(
      JSON.parse(await readFile(merged, "utf8")).translations.map(
        (t: { language: string; status: string }) => `${t.language}:${t.status}`,
      ),
    ).toEqual(["*:failed", "cs:ok"]);
    await promisify(execFile)("rm", [merged]);
  });
});
