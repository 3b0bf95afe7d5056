import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, onTestFinished } from "vitest";

const madeOutsideTests: string[] = [];
afterAll(async () => {
  await Promise.all(
    madeOutsideTests.splice(0).map((dir) => rm(dir, { recursive: true, force: true })),
  );
});

/**
 * A new empty folder under the run's temporary folder (TMPDIR, which temp-root.ts sets): removed
 * when the test that made it ends, or after the file's tests when made outside a test (beforeAll,
 * a describe's body), so folders shared by a file's tests live as long as they do.
 */
export async function tempDir(prefix = "l10n-snapshot-test-"): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  try {
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
  } catch {
    madeOutsideTests.push(dir);
  }
  return dir;
}
