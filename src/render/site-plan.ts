import type { SiteOptions } from "../config/schema.js";
import type { History } from "../history/history.js";
import type { FileToWrite as PlannedFile } from "../output/write-files.js";
import { parseTripleString } from "../config/triple.js";
import { duplicateOutput, SITE_FILE } from "../site/site-paths.js";
import type { Snapshot } from "../snapshot/schema.js";
import { snapshotSource, type SnapshotSource } from "../snapshot/read-snapshot.js";
import { fileBlocks, fileIsGzip, gzipMembers } from "../snapshot/packed-snapshot.js";
import {
  fileBytes,
  measureFiles,
  QUICK_SAMPLE_FILES,
  SAMPLE_FILES,
  type KindCost,
} from "./budget/measure-files.js";
import { FULL_DETAIL, type SiteDetail } from "./budget/site-detail.js";
import { buildHistoryView } from "./model/history-view.js";
import { planSiteModel } from "./model/site-model.js";
import type { SiteModel } from "./model/site-view.js";
import { badgeFiles, measuredBadgeFiles, planBadges } from "./pages/render-badges.js";
import { EXPORT_PATHS, hasExport, planExports } from "./pages/render-exports.js";
import { planHistoryFiles } from "./pages/render-history.js";
import { planRemoved, type RemovedOptions } from "./pages/render-removed.js";
import { loadTemplates, planPages, templatesDir } from "./pages/render-pages.js";
import { planSiteAssets } from "./pages/site-assets.js";
import { loadSiteLocales, type SiteLocales } from "../i18n/site-locales.js";
import { badgeText } from "./model/badge-text.js";
import { planProjectLanguageBadges } from "./pages/render-readme.js";
import { badgeVariants, planWidgets } from "./pages/render-widgets.js";

// Every file of the site, planned: content lazy, paths checked (two files with one path are an
// error). The aggregate files are planned once, whatever the detail (the badges and widgets made
// again, the same, each time they are asked for); each renders with the model's detail as it is
// when it is written, so the budget can measure the site at one detail after another before
// anything is written.

export type SiteInput = SnapshotSource | Snapshot;
export const asSource = (input: SiteInput): SnapshotSource =>
  "translations" in input ? snapshotSource(input) : input;

/** The site's files, at the detail last set. */
export interface SitePlan {
  model: SiteModel;
  /** Sets what the files are written with (render/budget/). */
  setDetail(detail: SiteDetail): void;
  /**
   * Every file: the aggregate ones first, then the translations' pages and badges as the snapshot
   * is read a second time, so only one translation's view is in memory at a time.
   */
  files(): Iterable<PlannedFile>;
  /**
   * What each kind of file would cost at the detail set: measured, nothing written; `quick`
   * measures a few files of each kind, for a first look.
   */
  costs(quick?: boolean): KindCost[];
}

/** The site of `input` planned; the Open Graph pictures need loadOgRenderer() to have finished. */
export function planSiteFiles(
  input: SiteInput,
  site: SiteOptions,
  history?: History,
  locales: SiteLocales = loadSiteLocales(site),
  removed: RemovedOptions = { keepRemovedDays: 30 },
): SitePlan {
  const source = asSource(input);
  const plan = planSiteModel(source, site, badgeText(locales.badges, site));
  const { model } = plan;
  const { tracked } = removed;
  if (tracked)
    model.tracked = (key) => {
      const triple = parseTripleString(key).triple;
      return triple !== undefined && tracked(triple);
    };
  const fixed = planFixedFiles(plan, source, site, history, locales, removed);
  const taken = fixedPaths(fixed);
  const check = (file: PlannedFile) => {
    if (taken.has(file.path)) throw duplicateOutput(file.path);
    return file;
  };
  return {
    model,
    setDetail(detail) {
      model.detail = detail;
      // The changes link to the translations where the site now shows them.
      if (history) model.history = buildHistoryView(model, history);
    },
    *files() {
      yield* presentFiles(fixed, model);
      if (!model.detail.translationPages) {
        // The badges alone: the rows have them, the snapshot is not read again.
        for (const { pageDir, badge, tally, stale } of plan.translationBadges()) {
          const target = { badgeBase: `badges/${pageDir}`, badge, tally, stale };
          for (const file of measuredBadgeFiles(fixed.badges, model, target)) yield check(file);
        }
        return;
      }
      for (const page of plan.translationPages()) {
        for (const p of fixed.pages) yield check(p.translationPage(page));
        for (const file of measuredBadgeFiles(fixed.badges, model, page.t)) yield check(file);
      }
    },
    costs: (quick = false) => siteCosts(plan, fixed, quick),
  };
}

type ModelPlan = ReturnType<typeof planSiteModel>;
type FixedFiles = ReturnType<typeof planFixedFiles>;

/**
 * The fixed files' paths, checked to be distinct. The translations' own files cannot collide with
 * each other (site-claims.ts keeps any that would off the site) but are checked against these.
 */
function fixedPaths(fixed: FixedFiles): Set<string> {
  const taken = new Set<string>();
  for (const f of fixed.files()) {
    if (taken.has(f.path)) throw duplicateOutput(f.path);
    taken.add(f.path);
  }
  return taken;
}

/** The fixed files the site has at its detail (the exports' form depends on it). */
function* presentFiles(fixed: FixedFiles, model: SiteModel): Generator<PlannedFile> {
  for (const f of fixed.files()) if (hasExport(f.path, model.detail)) yield f;
}

/** What each kind of file costs at the detail set: the fixed files, then the translations'. */
function siteCosts(plan: ModelPlan, fixed: FixedFiles, quick: boolean): KindCost[] {
  const { model } = plan;
  const costs = measureFiles(
    function* () {
      for (const file of presentFiles(fixed, model))
        if (!LARGE_EXPORTS.has(file.path))
          yield { file, kind: file.kind ?? "other pages and assets", weight: file.weight ?? 1 };
    },
    quick ? QUICK_SAMPLE_FILES : SAMPLE_FILES,
  );
  for (const file of fixed.data)
    if (LARGE_EXPORTS.has(file.path) && hasExport(file.path, model.detail))
      costs.push({ kind: file.kind ?? "exports", files: 1, bytes: fileBytes(file), exact: true });
  return [...costs, ...translationCosts(plan, fixed, quick)];
}

/** Every file but the translations', planned once; their content made as they are asked for. */
function planFixedFiles(
  plan: ModelPlan,
  source: SnapshotSource,
  site: SiteOptions,
  history: History | undefined,
  locales: SiteLocales,
  removed: RemovedOptions,
) {
  const { model } = plan;
  model.counts.removed = removed.inRun ?? 0;
  // Trends, feeds and data/history.json, when the run carries a history (build --previous):
  // planned first, as they set the model's history and feeds the pages show.
  const historyFiles = history ? planHistoryFiles(model, history, locales) : [];
  const eta = loadTemplates();
  // The pages once per locale (site.locales); badges, widgets and data once.
  const pages = locales.pages.map((locale) => planPages(model, locale, locales, eta));
  const badges = badgeFiles(site, () => model.detail.badges);
  const variants = badgeVariants(site);
  const languageBadges = planProjectLanguageBadges(model, badges);
  // Held: the pages (a few per project and component), the assets, the exports, the history's
  // files. Made as they are asked for: the badges and widgets of every project, component and
  // project's language, some 110,000 files at 1,000,000 translations.
  const held: PlannedFile[] = [
    ...pages.flatMap((p) => p.files),
    ...planSiteAssets(model, locales, eta, templatesDir),
  ];
  const data = planDataFiles(plan, source, historyFiles, { history, locales, removed, pages });
  // Every file is claimed: the claims' memory is not kept to the end.
  plan.endClaims();
  return {
    pages,
    badges,
    variants,
    data,
    /** In the order they are written. */
    *files(): Generator<PlannedFile> {
      yield* held;
      yield* planBadges(model, badges);
      yield* languageBadges();
      yield* planWidgets(model, locales.badges);
      for (const variant of variants) yield* planWidgets(model, locales.badges, variant);
      yield* data;
    },
  };
}

/** The exports, the snapshot, the history's files and what was removed lately. */
function planDataFiles(
  plan: ModelPlan,
  source: SnapshotSource,
  historyFiles: PlannedFile[],
  removal: {
    history: History | undefined;
    locales: SiteLocales;
    removed: RemovedOptions;
    pages: ReturnType<typeof planPages>[];
  },
): PlannedFile[] {
  const { model } = plan;
  const { history, locales, removed, pages } = removal;
  return [
    ...planExports(model).map((f) => ({ ...f, kind: exportKind(f.path) })),
    { path: SITE_FILE.snapshot, ...packedData(source.text), kind: "data" },
    ...historyFiles.map((f) => ({ ...f, kind: f.path.startsWith("data/") ? "data" : "feeds" })),
    // What was removed lately keeps its URLs, saying so (checked against the site's claims).
    ...(history ? planRemoved(model, history, pages, locales, plan.claimElsewhere, removed) : []),
  ];
}

/** What the translations' badges and pages cost at the detail set. */
function translationCosts(plan: ModelPlan, fixed: FixedFiles, quick: boolean): KindCost[] {
  let translations = 0;
  let badgeBytes = 0;
  for (const [badge, uses] of plan.badgeUses()) {
    translations += uses;
    badgeBytes += uses * fixed.badges.bytes(badge);
  }
  // Each other metric's badges (site.badgeMetrics) say other percents in the same form.
  const forms = 1 + fixed.variants.length;
  const costs: KindCost[] = [
    {
      kind: "translation badges",
      files: 2 * forms * translations,
      bytes: forms * badgeBytes,
      exact: forms === 1,
    },
  ];
  if (!plan.model.detail.translationPages) return costs;
  const sample = plan.pageSample;
  const measured = quick ? sample.spread(QUICK_SAMPLE_FILES * 4) : sample.items;
  // Each locale's page of each sampled translation.
  let bytes = 0;
  for (const t of measured)
    bytes += fixed.pages.reduce((m, p) => m + fileBytes(p.translationPage(t)), 0);
  const exact = sample.whole && measured.length === sample.items.length;
  costs.push({
    kind: "translation pages",
    files: translations * fixed.pages.length,
    bytes: exact ? bytes : Math.ceil((bytes / Math.max(1, measured.length)) * translations),
    exact,
  });
  return costs;
}

/** The exports whose size grows with the translations. */
const LARGE_EXPORTS = new Set<string>([
  EXPORT_PATHS.translations,
  EXPORT_PATHS.translationsGz,
  EXPORT_PATHS.metrics,
]);

/** The budget's kind of an export file. */
function exportKind(path: string): string {
  if (path === EXPORT_PATHS.translations || path === EXPORT_PATHS.translationsGz)
    return "translations.csv";
  if (path === EXPORT_PATHS.metrics) return "metrics.prom";
  return "other exports";
}

/** A plan at full detail, for callers that do not budget (tests, siteFiles' users). */
export function planFullSite(
  input: SiteInput,
  site: SiteOptions,
  history?: History,
  locales?: SiteLocales,
  removed?: RemovedOptions,
): SitePlan {
  const plan = planSiteFiles(input, site, history, locales, removed);
  plan.setDetail(FULL_DETAIL);
  return plan;
}

/**
 * data/snapshot.json.gz: a compressed source copied as it is, anything else compressed as it is
 * written (packed-snapshot.ts).
 */
function packedData(
  text: SnapshotSource["text"],
): { copyFrom: string } | { render: () => Iterable<Uint8Array> } {
  if ("copyFrom" in text) {
    const file = text.copyFrom;
    return fileIsGzip(file) ? { copyFrom: file } : { render: () => gzipMembers(fileBlocks(file)) };
  }
  return { render: () => gzipMembers(text.chunks()) };
}
