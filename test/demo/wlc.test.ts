import { execFile, spawnSync } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import { GENERATIONS, type Generation } from "../../src/demo/generations.js";
import { startStandIn } from "../helpers/stand-in.js";
import { tempDir } from "../helpers/temp-dir.js";

// Weblate's own client, wlc (Debian's package), pointed at the stand-in of each generation: it
// lists projects, components, translations and languages and prints statistics without an error,
// which it does not for a server whose shapes it cannot read. Without wlc a local run skips this
// with the reason; CI (CI=true) fails it (.ci/run installs the package).

const WLC = process.env.WLC_PATH ?? "wlc";
const hasWlc = spawnSync(WLC, ["--version"], { stdio: "ignore" }).status === 0;
const missing = hasWlc ? undefined : "no wlc found (apt-get install wlc)";

if (missing && process.env.CI === "true") {
  it("needs wlc under CI", () => {
    expect.fail(`${missing}; .ci/run installs it`);
  });
}

/** Runs wlc on the stand-in's API with an empty home (no user config), `--format json`. */
async function wlc(
  api: string,
  args: string[],
  key?: string,
): Promise<{ code: number; json: unknown; stderr: string }> {
  const home = await tempDir("wlc-home-");
  const env = { PATH: process.env.PATH ?? "", HOME: home, XDG_CONFIG_HOME: join(home, ".config") };
  const argv = ["--format", "json", "--url", api, ...(key ? ["--key", key] : []), ...args];
  try {
    const { stdout, stderr } = await promisify(execFile)(WLC, argv, { env, timeout: 60_000 });
    return { code: 0, json: JSON.parse(stdout), stderr };
  } catch (error) {
    const e = error as { code?: number; stderr?: string; stdout?: string };
    return { code: e.code ?? 1, json: undefined, stderr: `${e.stderr ?? ""}${e.stdout ?? ""}` };
  }
}

type Row = Record<string, unknown>;
const rows = (json: unknown) => (Array.isArray(json) ? (json as Row[]) : []);

describe.skipIf(missing)(
  `wlc against the stand-in${missing ? ` (skipped: ${missing})` : ""}`,
  () => {
    describe.each(GENERATIONS.map((g) => [g]))(
      "in the shapes of Weblate %s",
      (generation: Generation) => {
        it("lists projects, components, translations and languages, and prints every kind of statistics", async () => {
          const server = await startStandIn({
            records: (base) => buildDemoRecords(base, { olderProject: false }),
            generation,
          });
          const api = `${server.baseUrl}/api/`;
          const commands = [
            ["list-projects"],
            ["list-components"],
            ["list-translations"],
            ["list-languages"],
            ["ls", "orbit-notes"],
            ["show", "orbit-notes/application/de"],
            ["stats", "orbit-notes"],
            ["stats", "orbit-notes/application"],
            ["stats", "orbit-notes/application/de"],
          ];
          const results = await Promise.all(commands.map((c) => wlc(api, c)));
          results.forEach((r, i) => {
            expect({ command: commands[i], code: r.code, stderr: r.stderr }).toEqual({
              command: commands[i],
              code: 0,
              stderr: "",
            });
          });
          const [projects, components, translations, languages, ls, show, project, component, one] =
            results.map((r) => r.json);
          expect(
            rows(projects)
              .map((p) => p.slug)
              .sort(),
          ).toEqual(["harbor-docs", "orbit-notes", "tinygrep"]);
          expect(rows(components)).toHaveLength(7);
          expect(rows(translations)).toHaveLength(50);
          expect(rows(languages).map((l) => l.code)).toContain("pt_BR");
          expect(rows(ls).map((c) => c.slug)).toEqual(["application", "website", "android"]);
          expect(show).toMatchObject({ language_code: "de", translated: expect.any(Number) });
          expect(project).toMatchObject({ name: "Orbit Notes", total: expect.any(Number) });
          expect(rows(component).map((r) => r.code)).toContain("de");
          expect(one).toMatchObject({
            code: "de",
            total: (show as Row).total,
            translated: (show as Row).translated,
            last_author: (show as Row).last_author,
          });
        }, 120_000);

        it("reads the stand-in with a token too (repository details shown)", async () => {
          const token = "wlu_standin_token_1";
          const server = await startStandIn({
            records: (base) => buildDemoRecords(base, { olderProject: false }),
            generation,
            tokens: [token],
          });
          const anonymous = await wlc(`${server.baseUrl}/api/`, [
            "show",
            "orbit-notes/application",
          ]);
          const withKey = await wlc(
            `${server.baseUrl}/api/`,
            ["show", "orbit-notes/application"],
            token,
          );
          expect(withKey).toMatchObject({ code: 0, stderr: "" });
          expect((withKey.json as Row).filemask).toBe("application/i18n/*.po");
          // A 2026 server hides repository details from anonymous clients (its ComponentSerializer).
          expect((anonymous.json as Row).filemask).toBe(
            generation === "2026" ? null : "application/i18n/*.po",
          );
          expect(server.log.some((r) => r.headers.authorization === `Token ${token}`)).toBe(true);
        }, 60_000);
      },
    );

    it("lists the projects of servers older still (the demo's project in a pre-4.2 shape)", async () => {
      const server = await startStandIn({ records: (base) => buildDemoRecords(base) });
      const listed = await wlc(`${server.baseUrl}/api/`, ["list-projects"]);
      expect(listed).toMatchObject({ code: 0, stderr: "" });
      expect(rows(listed.json).map((p) => p.slug)).toContain("tinygrep");
    }, 60_000);
  },
);
