import { constants } from "node:fs";
import { access, mkdir, readdir, stat } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { OutputError } from "../model/errors.js";
import { SITE_FILE } from "../site/site-paths.js";
import { outputError } from "./fs-errors.js";

// A run replaces its output folder whole. That is right for a site it wrote before, and wrong for
// anything else: `--out .` in a repository, or `--out docs` beside a project's documentation,
// would delete the user's files. So the folder must be new, empty, or a site (it has
// data/snapshot.json.gz), or hold what `crawl` writes there by default (data/snapshot.json, which
// `render` then reads), and must not hold the folder the command runs in.

/** Where `crawl` writes its snapshot in the output folder by default. */
const CRAWLED_SNAPSHOT = "data/snapshot.json";

/**
 * Refuses an output folder whose replacing would delete something that is not a site of ours.
 * `cwd` is the folder the command runs in; `shown` names the output folder in the message.
 */
export async function assertReplaceable(
  outDir: string,
  cwd: string,
  shown: string = outDir,
): Promise<void> {
  const target = resolve(cwd, outDir);
  const fromTarget = relative(target, resolve(cwd));
  if (fromTarget === "" || (!fromTarget.startsWith("..") && !isAbsolute(fromTarget))) {
    throw new OutputError(
      `cannot write the site to ${shown}: it is the folder you are in (or holds it), and the ` +
        `whole folder is replaced; choose a new folder such as out/`,
    );
  }
  const info = await stat(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw outputError(`cannot write the site to ${shown}`, error);
  });
  if (!info) return;
  if (!info.isDirectory())
    throw new OutputError(
      `cannot write the site to ${shown}: it is a file, not a folder; choose a new or empty folder`,
    );
  const names = await readdir(target).catch((error: unknown) => {
    throw outputError(`cannot write the site to ${shown}`, error);
  });
  if (names.length === 0) return;
  const isFile = (path: string) =>
    stat(join(target, path)).then(
      (s) => s.isFile(),
      () => false,
    );
  const isSite = (await isFile(SITE_FILE.snapshot)) || (await isFile(CRAWLED_SNAPSHOT));
  if (!isSite) {
    const some = names.sort().slice(0, 3).join(", ") + (names.length > 3 ? ", ..." : "");
    throw new OutputError(
      `cannot write the site to ${shown}: it holds files that are not a site l10n-snapshot ` +
        `wrote (${some}), and the whole folder is replaced; choose a new or empty folder`,
    );
  }
}

/**
 * Before a crawl: the output folder can be replaced and its parent written, so no request is spent
 * on a site that cannot be written.
 */
export async function checkOutDirBeforeCrawl(outDir: string, cwd: string): Promise<void> {
  await assertReplaceable(outDir, cwd);
  const parent = dirname(resolve(cwd, outDir));
  try {
    await mkdir(parent, { recursive: true });
    await access(parent, constants.W_OK);
  } catch (error) {
    throw outputError(`cannot write the site to ${outDir}`, error);
  }
}
