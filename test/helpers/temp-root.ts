import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * vitest's global setup: every temporary file of a test run goes under one folder of its own
 * (TMPDIR, which os.tmpdir() reads and child processes inherit), removed when the run ends, so a
 * run leaves nothing in the system's temporary folder however its tests end.
 */
export default function setup(): () => void {
  const before = process.env.TMPDIR;
  const root = mkdtempSync(join(tmpdir(), "l10n-snapshot-tests-"));
  process.env.TMPDIR = root;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(root, { recursive: true, force: true });
  };
}
