import { describe, expect, it } from "vitest";
import { crawlToSnapshot } from "../../src/pipeline/crawl-step.js";
import { contractRecord } from "../helpers/fixtures.js";
import { startStandIn, testConfig } from "../helpers/stand-in.js";

// Authorization: Token (every Weblate) or Bearer (newer ones), as the config says; "auto" sends
// Token and switches to Bearer only when the server refuses Token asking for Bearer: no request
// is spent finding out on a server that takes Token.

const TOKEN = "wlu_0123456789abcdef";
const records = (base: string) => [
  contractRecord(base, { language: "cs" }),
  contractRecord(base, { language: "de" }),
];
const config = (baseUrl: string, authScheme?: string) =>
  testConfig(
    baseUrl,
    ["proj/comp/cs", "proj/comp/de"],
    { concurrency: 1 },
    { WEBLATE_TOKEN: TOKEN },
    authScheme,
  );

describe("the token's scheme", () => {
  it("auto: Token on a 2026 server, no request spent finding out", async () => {
    const server = await startStandIn({ records, generation: "2026", tokens: [TOKEN] });
    const run = await crawlToSnapshot(config(server.baseUrl));
    expect(run.snapshot.translations.map((t) => t.status)).toEqual(["ok", "ok"]);
    expect(server.log.map((r) => r.headers.authorization)).toEqual([
      `Token ${TOKEN}`,
      `Token ${TOKEN}`,
    ]);
  });

  it('"Bearer" sends Bearer, which a 2026 server takes', async () => {
    const server = await startStandIn({ records, generation: "2026", tokens: [TOKEN] });
    const run = await crawlToSnapshot(config(server.baseUrl, "Bearer"));
    expect(run.snapshot.translations.map((t) => t.status)).toEqual(["ok", "ok"]);
    expect(server.log.map((r) => r.headers.authorization)).toEqual([
      `Bearer ${TOKEN}`,
      `Bearer ${TOKEN}`,
    ]);
  });

  it("auto: behind a proxy that takes only Bearer, one request is asked again with Bearer, the rest go with it", async () => {
    const server = await startStandIn({
      records,
      generation: "2026",
      tokens: [TOKEN],
      bearerOnly: true,
    });
    const run = await crawlToSnapshot(config(server.baseUrl));
    expect(run.snapshot.translations.map((t) => t.status)).toEqual(["ok", "ok"]);
    expect(server.log.map((r) => r.headers.authorization)).toEqual([
      `Token ${TOKEN}`,
      `Bearer ${TOKEN}`,
      `Bearer ${TOKEN}`,
    ]);
    expect(run.stats.requests).toBe(3);
  });

  it('"Token" forced where the server asks for Bearer: the hint names authScheme', async () => {
    const server = await startStandIn({
      records,
      generation: "2026",
      tokens: [TOKEN],
      bearerOnly: true,
    });
    await expect(crawlToSnapshot(config(server.baseUrl, "Token"))).rejects.toThrow(
      `[GET] "${server.baseUrl}/api/components/proj/comp/translations/?page_size=1000": 401 Unauthorized (Bearer token required.); the server asks for "Authorization: Bearer": set "authScheme" to "Bearer" (or "auto")`,
    );
  });

  it("a token the server refuses: the run stops at the first 401, the hint names the variable", async () => {
    const server = await startStandIn({
      records,
      generation: "2026",
      tokens: ["wlu_another_token_1"],
    });
    await expect(crawlToSnapshot(config(server.baseUrl))).rejects.toThrow(
      `API token refused (WEBLATE_TOKEN): [GET] "${server.baseUrl}/api/components/proj/comp/translations/?page_size=1000": 401 Unauthorized (Invalid token.); check the API token in WEBLATE_TOKEN: the server refused it (a new one is under your Weblate profile, API access); the crawl stopped at this first 401 and sent no more requests`,
    );
    // Nothing more is asked after the first 401. Refused with a Token challenge: no switch to
    // Bearer.
    expect(server.log).toHaveLength(1);
    expect(server.log.every((r) => r.headers.authorization === `Token ${TOKEN}`)).toBe(true);
  });
});

describe('"Bearer" on a Weblate 4.x server, which ignores it', () => {
  // 4.x reads only Token: a Bearer header is not refused, the crawl is served as anonymous, and
  // a private project is simply not there (404). The failure says that the scheme may be why.
  const both = (base: string) => [
    contractRecord(base, { project: "public", language: "cs" }),
    contractRecord(base, { project: "secret", language: "cs" }),
  ];
  const start = () =>
    startStandIn({
      records: both,
      generation: "4",
      tokens: [TOKEN],
      privateProjects: ["secret"],
    });
  const crawl = (baseUrl: string, authScheme: string) =>
    crawlToSnapshot(
      testConfig(
        baseUrl,
        ["public/comp/cs", "secret/comp/cs"],
        { concurrency: 1 },
        { WEBLATE_TOKEN: TOKEN },
        authScheme,
      ),
    );

  it("a private project fails naming authScheme and what to set", async () => {
    const server = await start();
    const run = await crawl(server.baseUrl, "Bearer");
    const secret = run.snapshot.translations.find((t) => t.project === "secret");
    expect(secret?.status).toBe("failed");
    expect(secret?.errors[0]?.message).toMatch(
      /: 404 Not Found \(Not found\.\); "authScheme" is "Bearer", which Weblate 4\.x ignores without a word \(the crawl is then anonymous and sees public projects only\); on such a server set "authScheme" to "auto"/,
    );
    expect(run.snapshot.translations.find((t) => t.project === "public")?.status).toBe("ok");
  });

  it('with "auto" (Token) the same server serves the private project, and no hint is given', async () => {
    const server = await start();
    const run = await crawl(server.baseUrl, "auto");
    expect(run.snapshot.translations.map((t) => t.status)).toEqual(["ok", "ok"]);
  });
});
