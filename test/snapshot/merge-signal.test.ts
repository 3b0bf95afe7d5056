import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { SnapshotEntry } from "../../src/snapshot/schema.js";
import { writeSnapshot } from "../../src/snapshot/snapshot-writer.js";
import { tempDir } from "../helpers/temp-dir.js";

// A merge stopped from outside (a CI runner's cancel), with the real CLI in a child process: it
// stops between entries, removes the lines it had written and the target's temporary sibling,
// leaves the target as it was, exits 143 and says so in one line.

const root = fileURLToPath(new URL("../../", import.meta.url));
const cli = join(root, "src/cli.ts");
const TSX = import.meta.resolve("tsx");

/** A shard of 2 as `crawl --shard` writes one: `count` ok entries, sorted, of shared records. */
async function shard(file: string, index: number, count: number): Promise<void> {
  const component = { slug: `c${index}`, name: `C${index}`, project: { slug: "p", name: "P" } };
  const translations: SnapshotEntry[] = [];
  for (let i = 0; i < count; i++) {
    const language = `l${String(i).padStart(6, "0")}`;
    translations.push({
      project: "p",
      component: `c${index}`,
      language,
      status: "ok",
      record: { language: { code: language, name: language }, component, total: 10 + i },
      warnings: [],
      errors: [],
      notes: [],
    });
  }
  await writeSnapshot(file, {
    schemaVersion: 3,
    generatedAt: "2026-11-21T12:00:00.000Z",
    source: { baseUrl: "http://127.0.0.1:1", configHash: "0123456789abcdef" },
    shard: { index, count: 2 },
    translations,
  });
}

describe("merge stopped by a signal", () => {
  it("SIGTERM while it writes: exit 143, one line, no temporary file, the target as it was", async () => {
    const dir = await tempDir("merge-signal-");
    const files = [join(dir, "shard-1.json"), join(dir, "shard-2.json")];
    for (const [i, file] of files.entries()) await shard(file, i + 1, 60_000);
    const target = join(dir, "merged.json");
    await writeFile(target, "the previous merge\n");
    const child = spawn(
      process.execPath,
      ["--import", TSX, cli, "merge", ...files, "--snapshot", target],
      { env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: "1" } },
    );
    let err = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (err += chunk));
    const temporary = () => readdirSync(dir).filter((name) => name.includes(".tmp-"));
    // Stopped once it is writing: its lines' temporary file is there.
    let sent = false;
    const poll = setInterval(() => {
      if (!sent && temporary().length > 0) sent = child.kill("SIGTERM");
    }, 5);
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    clearInterval(poll);
    expect(sent).toBe(true);
    expect(code).toBe(143);
    expect(err).toMatch(/^l10n-snapshot: stopped by SIGTERM[^\n]*\n$/);
    expect(temporary()).toEqual([]);
    expect(await readFile(target, "utf8")).toBe("the previous merge\n");
    expect(existsSync(join(dir, "merged.json.gz"))).toBe(false);
  });
});
