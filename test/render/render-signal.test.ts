import { fileHashes } from "../helpers/file-hashes.js";
import { spawn } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { writeSnapshot } from "../../src/snapshot/snapshot-writer.js";
import { manyComponentsSnapshot } from "../helpers/many-components.js";
import { runCli } from "../helpers/run-cli.js";
import { tempDir } from "../helpers/temp-dir.js";

// `render` stopped by SIGTERM (a CI runner's cancel) in the middle of a long pass, the real CLI in
// a child process: the planning and the budget's measuring read every row in one synchronous
// pass, and Node runs a signal's handler only when the event loop turns, so the run lets it turn
// after them and between the files it writes. A signal during the planning stops the run before
// the new site's folder is made; one during the writing drops the folder. Either way
// exit 143, one line, the site in out/ as it was, nothing left beside it.

const root = fileURLToPath(new URL("../../", import.meta.url));
const cli = join(root, "src/cli.ts");
const STOPPED =
  "l10n-snapshot: stopped by SIGTERM; nothing was published, and its temporary files were removed\n";

const hashes = fileHashes;

/** A published site of 3,000 translations, and a later snapshot of them to render over it. */
async function publish() {
  const dir = await tempDir("l10n-render-signal-");
  const snapshot = manyComponentsSnapshot({ projects: 1, components: 30, languages: 100 });
  const first = join(dir, "first.json");
  await writeSnapshot(first, snapshot);
  const out = join(dir, "out");
  const made = await runCli(["render", "--snapshot", first, "--out", out, "--quiet"]);
  expect(made.code, made.err).toBe(0);
  const later = join(dir, "later.json");
  await writeSnapshot(later, { ...snapshot, generatedAt: "2026-11-22T12:00:00.000Z" });
  return { dir, out, later };
}

/** What is beside out/ while a render runs: its packed snapshot, then its new site's folder. */
const beside = (dir: string) => readdirSync(dir).filter((n) => n.startsWith(".out.tmp-"));
const siteFolder = (dir: string) => beside(dir).some((n) => !n.endsWith(".snapshot.json.gz"));

/**
 * Renders `snapshot` into `out` in a child process, polling `dir` each few ms: SIGTERM once
 * `when` says so. Tells whether the new site's folder was ever seen.
 */
function stoppedRender(
  dir: string,
  snapshot: string,
  out: string,
  when: () => boolean,
): Promise<{ code: number | null; signal: string | null; stderr: string; folder: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", cli, "render", "--snapshot", snapshot, "--out", out, "--quiet"],
      { cwd: root, stdio: ["ignore", "ignore", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    let folder = false;
    let sent = false;
    const poll = setInterval(() => {
      folder ||= siteFolder(dir);
      if (!sent && when()) sent = child.kill("SIGTERM");
    }, 2);
    child.on("close", (code, signal) => {
      clearInterval(poll);
      resolve({ code, signal, stderr, folder });
    });
  });
}

// One site for both: each run leaves it as it was (made before the tests, so that its folder
// lives as long as they do).
let site: Awaited<ReturnType<typeof publish>>;
beforeAll(async () => {
  site = await publish();
}, 120_000);

describe("render stopped by SIGTERM inside a long pass", () => {
  it("while it plans the site: stops before any page is written", async () => {
    const { dir, out, later } = site;
    const before = await hashes(out);
    // The packed snapshot appears first and grows while the snapshot is compressed; once it
    // stops growing, the planning reads every row.
    let size = -1;
    let still = 0;
    const planning = () => {
      const packed = beside(dir).find((n) => n.endsWith(".snapshot.json.gz"));
      if (packed === undefined) return false;
      const now = statSync(join(dir, packed), { throwIfNoEntry: false })?.size ?? -1;
      still = now === size && now > 0 ? still + 1 : 0;
      size = now;
      return still >= 3;
    };
    const run = await stoppedRender(dir, later, out, planning);
    expect(run.signal).toBeNull();
    expect(run.code, run.stderr).toBe(143);
    expect(run.stderr).toBe(STOPPED);
    // Heard while planning: the new site's folder was never made.
    expect(run.folder).toBe(false);
    expect(await hashes(out)).toEqual(before);
    expect(readdirSync(dir).sort()).toEqual(["first.json", "later.json", "out"]);
  }, 120_000);

  it("while it writes the site: drops what it wrote", async () => {
    const { dir, out, later } = site;
    const before = await hashes(out);
    const run = await stoppedRender(dir, later, out, () => siteFolder(dir));
    expect(run.signal).toBeNull();
    expect(run.code, run.stderr).toBe(143);
    expect(run.stderr).toBe(STOPPED);
    expect(await hashes(out)).toEqual(before);
    expect(readdirSync(dir).sort()).toEqual(["first.json", "later.json", "out"]);
  }, 120_000);
});
