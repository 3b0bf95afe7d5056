import { createReadStream, createWriteStream, readFileSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { dirname, relative, resolve, sep } from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { siteOptionsSchema, type SiteOptions } from "../config/schema.js";
import { OutputError, UserError } from "../model/errors.js";
import type { RunTally } from "../model/tally.js";
import type { SnapshotSource } from "../snapshot/read-snapshot.js";
import { fileIsGzip, isGzip } from "../snapshot/packed-snapshot.js";
import { loadSiteLocales, type SiteLocales } from "../i18n/site-locales.js";
import { writeFiles, WriteError, type FileToWrite } from "../output/write-files.js";
import { loadOgRenderer } from "../widgets/og-image.js";
import type { History } from "../history/history.js";
import { doneTemp, madeTemp, movedAside as movedAside_ } from "../output/temp-files.js";
import type { RemovedOptions } from "./pages/render-removed.js";
import { describeFsError, outputError } from "../output/fs-errors.js";
import { lockOutDir, recoverOutDir, tempSibling } from "../output/out-dir.js";
import { assertReplaceable } from "../output/out-guard.js";
import { chooseDetail, type BudgetChoice } from "./budget/site-budget.js";
import { heardStop } from "../model/heard-stop.js";
import { asSource, planFullSite, planSiteFiles, type SiteInput } from "./site-plan.js";

export type { SiteInput } from "./site-plan.js";

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

/**
 * Every file of the site at full detail, planned (content lazy, paths checked), for callers that
 * do not budget. The Open Graph pictures need loadOgRenderer() to have finished when rendered.
 * The pages are written once per locale (`site.locales`); badges, widgets and data once.
 * `locales`: the site's locales with their catalogs (loaded from `site` when not given).
 */
export function planSite(
  input: SiteInput,
  site: SiteOptions,
  history?: History,
  locales: SiteLocales = loadSiteLocales(site),
  removed: RemovedOptions = { keepRemovedDays: 30 },
): Iterable<PlannedFile> {
  return planFullSite(input, site, history, locales, removed).files();
}

/** Every file of the site with its content, without touching the disk. */
export async function siteFiles(
  input: SiteInput,
  site: SiteOptions,
  history?: History,
  locales?: SiteLocales,
): Promise<SiteFile[]> {
  await loadOgRenderer();
  const plan = planBudgetedSite(input, site, history, locales);
  return [...plan.files()].map((f) => {
    if ("copyFrom" in f) {
      const bytes = readFileSync(f.copyFrom);
      return isGzip(bytes)
        ? { path: f.path, content: "", bytes }
        : { path: f.path, content: bytes.toString("utf8") };
    }
    const content = f.render();
    if (typeof content === "string") return { path: f.path, content };
    const parts = content instanceof Uint8Array ? [content] : [...content];
    if (parts.every((part) => typeof part === "string"))
      return { path: f.path, content: parts.join("") };
    const bytes = Buffer.concat(
      parts.map((part) => (typeof part === "string" ? Buffer.from(part) : part)),
    );
    return { path: f.path, content: "", bytes };
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
): Promise<RenderedSite> {
  await loadOgRenderer();
  const target = resolve(outDir);
  await mkdir(dirname(target), { recursive: true }).catch((error) => {
    throw outputError(`cannot write the site to ${outDir}`, error);
  });
  const release = await lockOutDir(target, outDir);
  // A plain snapshot is compressed beside the output first: measured before anything is
  // written, then copied into the site.
  const packed = madeTemp(`${tempSibling(target)}.snapshot.json.gz`);
  try {
    await recoverOutDir(target);
    await assertReplaceable(target, process.cwd(), outDir);
    const source = await packSource(asSource(input), packed, options.signal);
    // A stop (a signal) that came while the site was planned and measured is heard before
    // anything is written, and between the files as they are written.
    const plan = planSiteFiles(source, site, history, locales, options.removed);
    let choice = chooseDetail(plan, site.maxBytes);
    await heardStop(options.signal);
    for (;;) {
      const temp = madeTemp(tempSibling(target));
      const written = await writeInto(plan.files(), temp, outDir, options.signal);
      if (written.bytes <= site.maxBytes) {
        await swapIn(temp, target, outDir, options.signal);
        return { ...written, budget: choice, tally: plan.model.counts };
      }
      // Larger than measured (a sample that did not tell): one more step, written again.
      await rm(temp, { recursive: true, force: true });
      doneTemp(temp);
      choice = chooseDetail(plan, site.maxBytes, choice, written.bytes);
      await heardStop(options.signal);
    }
  } finally {
    await rm(packed, { force: true });
    doneTemp(packed);
    await release();
  }
}

/** What renderSite wrote: its files, their bytes, and what the budget left out. */
export interface RenderedSite {
  files: number;
  bytes: number;
  budget: BudgetChoice;
  /** The run's figures as the site shows them (model/tally.ts): every output reports these. */
  tally: RunTally;
}

/** The planned site, its detail chosen by the budget (site.maxBytes). */
function planBudgetedSite(
  input: SiteInput,
  site: SiteOptions,
  history?: History,
  locales?: SiteLocales,
) {
  const plan = planSiteFiles(asSource(input), site, history, locales);
  chooseDetail(plan, site.maxBytes);
  return plan;
}

/** A source whose text is a plain file, with its text compressed into `packed` (streamed). */
async function packSource(
  source: SnapshotSource,
  packed: string,
  signal: AbortSignal | undefined,
): Promise<SnapshotSource> {
  const text = source.text;
  if (!("copyFrom" in text) || fileIsGzip(text.copyFrom)) return source;
  const streams = [createReadStream(text.copyFrom), createGzip(), createWriteStream(packed)];
  await pipeline(streams, { signal }).catch((error: unknown) => {
    signal?.throwIfAborted();
    throw error;
  });
  return { ...source, text: { copyFrom: packed } };
}

/** Writes the files into the new folder `temp`; removes it when a write fails. */
async function writeInto(
  files: Iterable<PlannedFile>,
  temp: string,
  outDir: string,
  signal: AbortSignal | undefined,
): Promise<{ files: number; bytes: number }> {
  try {
    // Made on its own first: a read-only or full disk is reported as itself, not as a missing
    // folder.
    await mkdir(temp);
    return await writeFiles(temp, files, { signal });
  } catch (error) {
    await rm(temp, { recursive: true, force: true }).catch(() => undefined);
    doneTemp(temp);
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
  }
}

/** Puts the written folder `temp` in place of `target`; the previous site back on failure. */
async function swapIn(
  temp: string,
  target: string,
  outDir: string,
  signal: AbortSignal | undefined,
): Promise<void> {
  const old = `${temp}-old`;
  let movedAside = false;
  try {
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
    if (error instanceof UserError) throw error;
    throw new OutputError(`cannot write the site to ${outDir}: ${describeFsError(error)}`, {
      cause: error,
    });
  } finally {
    movedAside_(old, undefined);
    doneTemp(temp);
  }
  await rm(old, { recursive: true, force: true });
  doneTemp(old);
}
