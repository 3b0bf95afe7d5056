import { describe, expect, it } from "vitest";
import { validateRecord } from "../../src/validate/validate-record.js";
import { contractRecord } from "../helpers/fixtures.js";
import { runMain } from "../helpers/run-main.js";
import { startStandIn } from "../helpers/stand-in.js";

// The issue's row "a baseUrl host that differs from the host in the records (a proxy, a renamed
// server)": one warning line with a count, naming the setting, not a line per link field.

describe("links on another host than baseUrl", () => {
  it("are one warning per record, naming the fields, the host and baseUrl", () => {
    const record = contractRecord("http://weblate.internal:8080");
    const result = validateRecord(
      record,
      { project: "proj", component: "comp", language: "cs" },
      {
        baseUrl: "https://weblate.example",
      },
    );
    expect(result.status).toBe("ok");
    expect(result.warnings).toEqual([
      {
        path: "(links)",
        message:
          '29 links point at http://weblate.internal:8080, not at the configured server https://weblate.example ("baseUrl"): url, repository_url, file_url, statistics_url, changes_list_url...; if http://weblate.internal:8080 is the server\'s own address (behind a proxy, or renamed), set "baseUrl" to it',
      },
    ]);
  });

  it("are one line on stderr for the whole run", async () => {
    // Records that name the server as "localhost", crawled at 127.0.0.1.
    const server = await startStandIn({
      records: (base) =>
        ["cs", "de", "fr"].map((language) =>
          contractRecord(base.replace("127.0.0.1", "localhost"), { language }),
        ),
    });
    const run = await runMain({ baseUrl: server.baseUrl, translations: ["proj/comp/*"] });
    expect(run.code).toBe(0);
    const lines = run.err.trimEnd().split("\n");
    const localhost = server.baseUrl.replace("127.0.0.1", "localhost");
    expect(lines).toEqual([
      `warning (links), in 3 translations; e.g. proj/comp/cs: 29 links point at ${localhost}, not at the configured server ${server.baseUrl} ("baseUrl"): url, repository_url, file_url, statistics_url, changes_list_url...; if ${localhost} is the server's own address (behind a proxy, or renamed), set "baseUrl" to it`,
      expect.stringMatching(/^\(warnings: /),
    ]);
    expect(run.out).toMatch(/^translations 3: ok 3, warnings 3, /);
  });

  it("a link off its path on the right host is still a warning of its own field", () => {
    const record = contractRecord("https://weblate.example");
    const result = validateRecord(
      { ...record, file_url: "https://weblate.example/elsewhere/" },
      { project: "proj", component: "comp", language: "cs" },
      { baseUrl: "https://weblate.example" },
    );
    expect(result.warnings.map((w) => w.path)).toEqual(["file_url"]);
  });
});
