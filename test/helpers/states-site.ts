import { writeFile } from "node:fs/promises";
import { main } from "../../src/cli/main.js";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import { StandInServer } from "../../src/demo/stand-in-server.js";

// A site that shows every state a translation can be in (docs/STATES.md), as a scheduled job
// makes it over three runs against the stand-in, each from the site the run before published:
// run 1 fetches everything; run 2 sees numbers change (the deltas and "since the last run");
// run 3 meets a failed list (orbit-notes/website's translations: stale), a translation removed
// from the server (tinygrep/man-pages/fr: removed) and one that never existed (failed). Used by
// the browser tests and by `npm run screenshots`; no test framework needed.

/** When the three runs ran. */
export const STATES_RUNS = [
  "2026-11-18T06:00:00.000Z",
  "2026-11-19T06:00:00.000Z",
  "2026-11-20T06:00:00.000Z",
] as const;

/** What each run exited with, and what it printed on stderr. */
export interface StatesRun {
  code: number;
  stderr: string;
}

/**
 * Builds the states site into `out` (a new folder; its config beside it, `<out>.json`), in `locales`
 * (default: English only), its runs at `runs` (default: STATES_RUNS, a day apart), tracking `also`
 * besides (translations the server may not have); returns the three runs' exit codes and lines.
 */
export async function buildStatesSite(
  out: string,
  options: { locales?: string[]; runs?: readonly [string, string, string]; also?: string[] } = {},
): Promise<StatesRun[]> {
  const at = options.runs ?? STATES_RUNS;
  // The stand-in itself, not the tests' helpers (vitest's hooks): `npm run screenshots` runs this.
  const server = new StandInServer({ records: buildDemoRecords });
  await server.start();
  try {
    const config = `${out}.json`;
    await writeFile(
      config,
      JSON.stringify({
        baseUrl: server.baseUrl,
        translations: [
          "orbit-notes/*/*",
          "tinygrep/*/*",
          "harbor-docs/glossary/eo",
          ...(options.also ?? []),
        ],
        site: {
          title: "Translation status",
          ...(options.locales ? { locales: options.locales } : {}),
        },
        crawl: { retries: 0, retryDelayMs: 5 },
      }),
    );
    const runs: StatesRun[] = [];
    const run = async (at: string, ...flags: string[]) => {
      let stderr = "";
      const code = await main(["build", "--config", config, "--out", out, ...flags], {
        stdout: { write: () => true },
        stderr: { write: (t: string) => (stderr += t), isTTY: false },
        env: {},
        now: () => new Date(at),
      });
      runs.push({ code, stderr });
    };
    const all = buildDemoRecords(server.baseUrl);
    const is = (r: unknown, path: string) => JSON.stringify(r).includes(`/translations/${path}/"`);
    await run(at[0], "--no-previous");
    // Run 2: work was done in tinygrep/cli/de and orbit-notes/application/fr.
    const changed = all.map((r) => {
      if (!(is(r, "tinygrep/cli/de") || is(r, "orbit-notes/application/fr"))) return r;
      const record = JSON.parse(JSON.stringify(r));
      record.translated = Math.min(record.total, record.translated + 6);
      record.translated_percent = Math.round((record.translated / record.total) * 1000) / 10;
      return record;
    });
    server.setRecords(changed);
    await run(at[1], "--previous", out);
    // Run 3: orbit-notes/website's translation list answers 500; man-pages/fr is gone.
    server.setRecords(changed.filter((r) => !is(r, "tinygrep/man-pages/fr")));
    const fail = { status: 500, body: '{"detail": "Internal server error."}' };
    server.addFault("/api/components/orbit-notes/website/translations/", fail, fail);
    await run(at[2], "--previous", out, "--full");
    return runs;
  } finally {
    await server.stop();
  }
}
