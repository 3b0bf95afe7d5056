import { execFile } from "node:child_process";
import { cp, mkdir } from "node:fs/promises";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { bundle } from "../../scripts/bundle.js";

// The Action as a workflow's `uses: <owner>/l10n-snapshot@<ref>` gets it: the runner downloads the
// repository at that ref - the files git tracks, no node_modules, nothing built. For the tests,
// the files of this working tree that git tracks or would track (new files not ignored), copied
// into a folder outside it, where no node_modules can be found up the tree; its dist/ is bundled
// from the working tree's src/ (what `npm run bundle` commits; .ci/run checks the committed one
// is the same), so the tests run the code under test even before dist/ is bundled again.

const root = fileURLToPath(new URL("../../", import.meta.url));

/** Copies the repository's files to `dest` (made if needed); returns `dest`. */
export async function actionCheckout(dest: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
    { cwd: root, maxBuffer: 64 * 1024 * 1024 },
  );
  const files = stdout.split("\0").filter((f) => f !== "" && existsSync(join(root, f)));
  for (const file of files.filter((f) => !f.startsWith("dist/"))) {
    await mkdir(dirname(join(dest, file)), { recursive: true });
    await cp(join(root, file), join(dest, file));
  }
  await bundle(join(dest, "dist"));
  return dest;
}
