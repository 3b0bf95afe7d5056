import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/** Every file under `dir` (its path) with the SHA-256 of its bytes: a folder's exact state. */
export async function fileHashes(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const file = join(e.parentPath, e.name);
    out.set(
      file,
      createHash("sha256")
        .update(await readFile(file))
        .digest("hex"),
    );
  }
  return out;
}
