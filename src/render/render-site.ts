import { readFileSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { dirname, relative, resolve, sep } from "node:path";
import { siteOptionsSchema, type SiteOptions } from "../config/schema.js";
import { OutputError, UserError } from "../model/errors.js";
import type { Snapshot } from "../snapshot/snapshot.js";
import { snapshotSource, type SnapshotSource } from "../snapshot/read-snapshot.js";
import { fileBlocks, fileIsGzip, gzipPieces, isGzip } from "../snapshot/packed-snapshot.js";
import { badgeFiles, measuredBadgeFiles, planBadges } from "./pages/render-badges.js";
import { badgeVariants } from "./pages/render-widgets.js";
import { loadTemplates, planPages, templatesDir } from "./pages/render-pages.js";
import { planSiteAssets } from "./pages/site-assets.js";
import { loadSiteLocales, type SiteLocales } from "../i18n/site-locales.js";
import { badgeText } from "./model/badge-text.js";
import { planWidgets } from "./pages/render-widgets.js";
import { planExports } from "./pages/render-exports.js";
import { planProjectLanguageBadges } from "./pages/render-readme.js";
import { planSiteModel } from "./model/site-model.js";
import { assertUniqueOutputPaths, duplicateOutput, SITE_FILE } from "../site/site-paths.js";
import { writeFiles, WriteError, type FileToWrite } from "../output/write-files.js";
import { loadOgRenderer } from "../widgets/og-image.js";
import { doneTemp, madeTemp, movedAside as movedAside_ } from "../output/temp-files.js";
import type { History } from "../history/history.js";
import { planHistoryFiles } from "./pages/render-history.js";
import { planRemoved, type RemovedOptions } from "./pages/render-removed.js";
import { describeFsError, outputError } from "../output/fs-errors.js";
import { lockOutDir, recoverOutDir, tempSibling } from "../output/out-dir.js";
import { assertReplaceable } from "../output/out-guard.js";

export interface SiteFile {
  /** Path relative to the output directory, with "/" separators. */
  path: string;
  /** The text of the file ("" for a binary one). */
  content: string;
  /** The bytes of a binary file (a PNG). */
  bytes?: Uint8Array;
}

/**
 * A file of the site whose content is rendered only when it is written, so the site is never all
 * in memory: the content whole or in pieces (a large file is written piece by piece), or a copy of
 * a file (the snapshot, when it was read from one).
 */
export type PlannedFile = FileToWrite;

type SiteInput = SnapshotSource | Snapshot;
const asSource = (input: SiteInput): SnapshotSource =>
  "translations" in input ? snapshotSource(input) : input;

/**
 * Every file of the site, planned: content lazy, paths checked (two files with one path are an
 * error); the Open Graph pictures need loadOgRenderer() to have finished when they are rendered.
 * The aggregate pages come first; the translations' pages and badges follow as the snapshot is
 * read a second time, so only one translation's view is in memory at a time. The pages are
 * written once per locale (`site.locales`); badges, widgets and data once. `locales`: the site's
 * locales with their catalogs (loaded from `site` when not given).
 */
export function planSite(
  input: SiteInput,
  site: SiteOptions,
  history?: History,
  locales: SiteLocales = loadSiteLocales(site),
  removed: RemovedOptions = { keepRemovedDays: 30 },
): Iterable<PlannedFile> {
  const source = asSource(input);
  const plan = planSiteModel(source, site, badgeText(locales.badges, site));
  const { model } = plan;
  // Trends, feeds and data/history.json, when the run carries a history (build --previous).
  const historyFiles = history ? planHistoryFiles(model, history, locales) : [];
  const eta = loadTemplates();
  const pages = locales.pages.map((locale) => planPages(model, locale, locales, eta));
  const badges = badgeFiles(site);
  const fixed: PlannedFile[] = [
    ...pages.flatMap((p) => p.files),
    ...planSiteAssets(model, locales, eta, templatesDir),
    ...planBadges(model, badges),
    ...planProjectLanguageBadges(model, badges),
    ...planWidgets(model, locales.badges),
    ...badgeVariants(site).flatMap((variant) => planWidgets(model, locales.badges, variant)),
    ...planExports(model),
    { path: SITE_FILE.snapshot, ...packedData(source.text) },
    ...historyFiles,
    // What was removed lately keeps its URLs, saying so (checked against the site's claims).
    ...(history ? planRemoved(model, history, pages, locales, plan.claimElsewhere, removed) : []),
  ];
  assertUniqueOutputPaths(fixed.map((f) => f.path));
  // The translations' own files cannot collide with each other (site-claims.ts keeps any that
  // would off the site) but are checked against the rest, which is small enough to hold.
  const taken = new Set(fixed.map((f) => f.path));
  return {
    *[Symbol.iterator]() {
      yield* fixed;
      for (const page of plan.translationPages()) {
        for (const file of [
          ...pages.map((p) => p.translationPage(page)),
          ...measuredBadgeFiles(badges, model, page.t),
        ]) {
          if (taken.has(file.path)) throw duplicateOutput(file.path);
          yield file;
        }
      }
    },
  };
}

/**
 * data/snapshot.json.gz: a compressed source copied as it is, anything else compressed as it is
 * written (packed-snapshot.ts).
 */
function packedData(
  text: SnapshotSource["text"],
): { copyFrom: string } | { render: () => Uint8Array } {
  if ("copyFrom" in text) {
    const file = text.copyFrom;
    return fileIsGzip(file) ? { copyFrom: file } : { render: () => gzipPieces(fileBlocks(file)) };
  }
  return { render: () => gzipPieces(text.chunks()) };
}

/** Every file of the site with its content, without touching the disk. */
export async function siteFiles(
  input: SiteInput,
  site: SiteOptions,
  history?: History,
  locales?: SiteLocales,
): Promise<SiteFile[]> {
  await loadOgRenderer();
  return [...planSite(input, site, history, locales)].map((f) => {
    if ("copyFrom" in f) {
      const bytes = readFileSync(f.copyFrom);
      return isGzip(bytes)
        ? { path: f.path, content: "", bytes }
        : { path: f.path, content: bytes.toString("utf8") };
    }
    const content = f.render();
    if (content instanceof Uint8Array) return { path: f.path, content: "", bytes: content };
    return { path: f.path, content: typeof content === "string" ? content : [...content].join("") };
  });
}

/**
 * Renders the site into a temporary sibling of `outDir`, which replaces `outDir` only when every
 * file was written: a failed run leaves the previous site as it was.
 */
export async function renderSite(
  input: SiteInput,
  outDir: string,
  site: SiteOptions = siteOptionsSchema.parse({}),
  history?: History,
  locales?: SiteLocales,
  options: { signal?: AbortSignal; removed?: RemovedOptions } = {},
): Promise<{ files: number }> {
  await loadOgRenderer();
  const files = planSite(input, site, history, locales, options.removed);
  const target = resolve(outDir);
  await mkdir(dirname(target), { recursive: true }).catch((error) => {
    throw outputError(`cannot write the site to ${outDir}`, error);
  });
  const release = await lockOutDir(target, outDir);
  try {
    await recoverOutDir(target);
    await assertReplaceable(target, process.cwd(), outDir);
    return await swapIn(files, target, outDir, options.signal);
  } finally {
    await release();
  }
}

async function swapIn(
  files: Iterable<PlannedFile>,
  target: string,
  outDir: string,
  signal: AbortSignal | undefined,
): Promise<{ files: number }> {
  const temp = madeTemp(tempSibling(target));
  const old = `${temp}-old`;
  let movedAside = false;
  let count = 0;
  try {
    // Made on its own first: a read-only or full disk is reported as itself, not as a missing
    // folder.
    await mkdir(temp);
    count = await writeFiles(temp, files, { signal });
    // The last moment to stop: from here the two renames run through.
    signal?.throwIfAborted();
    // Known before the rename: a run that dies between the two puts the previous site back.
    movedAside_(madeTemp(old), target);
    await rename(target, old).then(
      () => (movedAside = true),
      (error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      },
    );
    await rename(temp, target);
  } catch (error) {
    // Put the previous site back if it was already moved aside.
    if (movedAside) await rename(old, target).catch(() => undefined);
    doneTemp(old);
    await rm(temp, { recursive: true, force: true }).catch(() => undefined);
    // Found while the translations were read again (a path taken twice, a snapshot replaced), or
    // the run was stopped.
    if (error instanceof UserError) throw error;
    const where =
      error instanceof WriteError
        ? ` (writing ${relative(temp, error.file).split(sep).join("/")})`
        : "";
    throw new OutputError(`cannot write the site to ${outDir}: ${describeFsError(error)}${where}`, {
      cause: error,
    });
  } finally {
    movedAside_(old, undefined);
    doneTemp(temp);
  }
  await rm(old, { recursive: true, force: true });
  doneTemp(old);
  return { files: count };
}
