import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import { writeConfig } from "../helpers/run-main.js";
import { tempDir } from "../helpers/temp-dir.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";

interface Entry {
  project: string;
  component: string;
  language: string;
  status: "ok" | "failed" | "invalid";
  warnings: unknown[];
  carried?: unknown;
}

/** The figures of a run, counted from its snapshot by the rule docs/snapshot.md gives. */
function countAsDocumented(entries: readonly Entry[]) {
  const n = { tracked: 0, ok: 0, warnings: 0, stale: 0, failed: 0, invalid: 0, failedLists: 0 };
  for (const e of entries) {
    // An entry with a `*` is a list that could not be read: never a translation.
    if ([e.project, e.component, e.language].includes("*")) {
      n.failedLists += 1;
      continue;
    }
    n.tracked += 1;
    // Failed or invalid with `carried`: stale, as every other output calls it.
    const state = e.status !== "ok" && e.carried !== undefined ? "stale" : e.status;
    n[state] += 1;
    if (state === "ok" && e.warnings.length > 0) n.warnings += 1;
  }
  return n;
}

// Issue 42: the published snapshot keeps a failed list as an entry `project/component/*` and a
// stale translation as failed with `carried`; counted as docs/snapshot.md says, it gives the
// figures data/summary.json gives.
describe("the published snapshot of a run with a failed list", () => {
  it("counts, by the documented rule, to the figures of data/summary.json", async () => {
    const dir = await tempDir();
    const out = join(dir, "out");
    const server = await startStandIn({ records: buildDemoRecords });
    const config = await writeConfig(dir, {
      baseUrl: server.baseUrl,
      translations: ["tinygrep/*/*"],
      crawl: { retries: 0 },
    });
    const build = (at: string) =>
      main(["build", "--config", config, "--out", out, "--previous", out, "--full"], {
        ...captureIo(),
        now: () => new Date(at),
      });
    expect(await build("2026-11-21T06:00:00.000Z")).toBe(0);
    server.addFault("/api/components/tinygrep/cli/translations/", {
      status: 500,
      body: '{"detail": "Internal server error."}',
    });
    expect(await build("2026-11-21T12:00:00.000Z")).toBe(1);

    const gz = await readFile(join(out, "data", "snapshot.json.gz"));
    const snapshot = JSON.parse(gunzipSync(gz).toString("utf8")) as { translations: Entry[] };
    const list = snapshot.translations.filter((e) => e.language === "*");
    expect(list.map((e) => [e.project, e.component, e.status])).toEqual([
      ["tinygrep", "cli", "failed"],
    ]);
    const counted = countAsDocumented(snapshot.translations);
    expect(counted.stale).toBeGreaterThan(0);
    const summary = JSON.parse(await readFile(join(out, "data", "summary.json"), "utf8"));
    const { total, removed: _removed, ...figures } = summary.translations;
    const { tracked, ...rest } = counted;
    expect({ total: tracked, ...rest }).toEqual({ total, ...figures });
  });
});
