import { describe, expect, it } from "vitest";
import { crawlToSnapshot } from "../../src/pipeline/crawl-step.js";
import { serverErrorDetail } from "../../src/http/request-error.js";
import { contractRecord } from "../helpers/fixtures.js";
import { startStandIn, testConfig } from "../helpers/stand-in.js";

// Error bodies of every generation turned into one line, and 423 (a locked component) retried.

describe("a server's error body, on one line", () => {
  it.each([
    ["older servers' detail", '{"detail": "Not found."}', "Not found."],
    [
      "5.10+ standardized errors, each with its field",
      JSON.stringify({
        type: "validation_error",
        errors: [
          {
            code: "max_value",
            detail: "Ensure this value is less than or equal to 1000.",
            attr: "page_size",
          },
          { code: "invalid", detail: "Invalid\n  page.", attr: null },
        ],
      }),
      "page_size: Ensure this value is less than or equal to 1000.; Invalid page.",
    ],
    [
      "a standardized error with a code only",
      '{"type":"client_error","errors":[{"code":"throttled","detail":"","attr":null}]}',
      "throttled",
    ],
    [
      "a validation error by field",
      '{"name": ["This field is required."]}',
      "name: This field is required.",
    ],
    [
      "a proxy's HTML page",
      "<html><head><title>502 Bad Gateway</title></head><body>...</body></html>",
      "502 Bad Gateway",
    ],
    ["nothing usable", "[1, 2]", undefined],
  ])("%s", (_, body, expected) => {
    expect(serverErrorDetail(body)).toBe(expected);
  });

  it("names the new error body's detail in a failed translation's one line", async () => {
    const server = await startStandIn({ records: (base) => [contractRecord(base)] });
    server.addFault("/api/translations/proj/comp/cs/", {
      status: 403,
      body: JSON.stringify({
        type: "client_error",
        errors: [
          {
            code: "permission_denied",
            detail: "You do not have permission to perform this action.",
            attr: null,
          },
        ],
      }),
    });
    const run = await crawlToSnapshot(testConfig(server.baseUrl, ["proj/comp/cs"]));
    const [entry] = run.snapshot.translations;
    expect(entry!.errors).toEqual([
      {
        path: "(request)",
        message: `[GET] "${server.baseUrl}/api/translations/proj/comp/cs/": 403 Forbidden (You do not have permission to perform this action.); set an API token in WEBLATE_TOKEN, or check the project's access control`,
      },
    ]);
  });
});

describe("423 Locked", () => {
  it("is retried: a component locked for two answers is fetched on the third", async () => {
    const server = await startStandIn({ records: (base) => [contractRecord(base)] });
    const locked = {
      status: 423,
      body: '{"type":"client_error","errors":[{"code":"locked","detail":"Component is locked.","attr":null}]}',
    };
    server.addFault("/api/translations/proj/comp/cs/", locked, locked);
    const run = await crawlToSnapshot(testConfig(server.baseUrl, ["proj/comp/cs"]));
    expect(run.snapshot.translations[0]!.status).toBe("ok");
    expect(run.stats).toMatchObject({ requests: 3, retries: 2 });
  });

  it("fails as 'locked' once the retries are spent, saying why", async () => {
    const server = await startStandIn({ records: (base) => [contractRecord(base)] });
    const locked = { status: 423, body: '{"detail":"Component is locked."}' };
    server.addFault("/api/translations/proj/comp/cs/", locked, locked, locked);
    const run = await crawlToSnapshot(testConfig(server.baseUrl, ["proj/comp/cs"], { retries: 2 }));
    const [entry] = run.snapshot.translations;
    expect(entry).toMatchObject({ status: "failed", failure: { kind: "locked", status: 423 } });
    expect(entry!.errors[0]!.message).toBe(
      `[GET] "${server.baseUrl}/api/translations/proj/comp/cs/": 423 Locked (Component is locked.); the component is locked on the server (a repository operation under way); the next run will try again`,
    );
  });
});
