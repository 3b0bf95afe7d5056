import { endpointBadgeText } from "../../badges/badge-json.js";
import { badgeSvg } from "../../badges/badge-svg.js";
import type { BadgeData } from "../../badges/badge-data.js";
import { columnsChartSvg, rowsChartSvg, type ChartItem } from "../../widgets/chart-svg.js";
import { matrixSvg } from "../../widgets/matrix-svg.js";
import { ogPng, type OgInput } from "../../widgets/og-image.js";
import type { FileToWrite as PlannedFile } from "../../output/write-files.js";
import { SITE_FILE } from "../../site/site-paths.js";
import { addCounts, emptyCounts, type Counts } from "../../model/counts.js";
import { percentBy, type Measure } from "../../model/measure.js";
import type { SiteOptions } from "../../config/schema.js";
import type { ComponentView, ProjectView, SiteModel } from "../model/site-view.js";
import type { Locale } from "../../i18n/catalogs.js";
import { widgetWords } from "../model/badge-text.js";
import { sourceLanguage } from "../model/reach.js";

// The README widgets beyond the one-number badges: multi-language charts (rows and columns),
// the project matrix, a "languages at N% or more" count badge, and Open Graph pictures. Glossary
// components are left out unless `site.includeGlossary` (model: `counted`), as Weblate's widgets
// do.

/**
 * Where a component's or project's widgets are, from its badge path (`badges/p/c`): suffixes no
 * Weblate slug can have (no dots in slugs).
 */
export function widgetPaths(badgeBase: string, variant = "") {
  const base = badgeBase + variant;
  return {
    chart: `${base}.chart.svg`,
    columns: `${base}.columns.svg`,
    matrix: `${base}.matrix.svg`,
    count: `${base}.languages.svg`,
    countJson: `${base}.languages.json`,
    og: `${badgeBase}.og.png`,
  };
}

type Variant = { suffix: string; by: Measure };

/**
 * The badge and widget variants of the other metrics a config asks for (site.badgeMetrics): each
 * under its own suffix (`badges/p/c/de.words.svg`), counted by that metric and the site's progress.
 */
export function badgeVariants(site: SiteOptions): Variant[] {
  return site.badgeMetrics
    .filter((metric) => metric !== site.metric)
    .map((metric) => ({ suffix: `.${metric}`, by: { metric, progress: site.progress } }));
}

/** Some languages' counts as chart items: those with strings, each with its percent. */
function itemsOf(counts: Iterable<[code: string, name: string, Counts | undefined]>, by: Measure) {
  const items: ChartItem[] = [];
  for (const [code, name, tally] of counts) {
    const percent = tally && percentBy(tally, by);
    if (percent !== undefined) items.push({ code, name, percent });
  }
  return items;
}

/** A component's languages as chart items: usable translations with strings. */
function componentItems(component: ComponentView, by: Measure): ChartItem[] {
  return itemsOf(
    component.translations.map((t) => [t.language, t.languageName, t.tally]),
    by,
  );
}

/** A project's languages, each with its percent over the project's counted components. */
function projectItems(project: ProjectView, by: Measure): ChartItem[] {
  const sums = new Map<string, [code: string, name: string, Counts]>();
  for (const component of project.components) {
    if (!component.counted) continue;
    for (const t of component.translations) {
      if (!t.tally) continue;
      let sum = sums.get(t.language);
      if (!sum) {
        sum = [t.language, t.languageName, emptyCounts()];
        sums.set(t.language, sum);
      }
      addCounts(sum[2], t.tally);
    }
  }
  return itemsOf(sums.values(), by);
}

/**
 * The widgets of every project and counted component, their words in `locale`
 * (`site.badges.locale`): the site's own, or a variant's (another metric, `badgeVariants`), which
 * has no Open Graph pictures. Each is drawn when written with `model.detail` as it is then (the
 * budget may cut the charts' languages and draw the count badge plain). The files are made as
 * they are asked for, the same each time: 5,000 components have 20,000 of them.
 */
export function* planWidgets(
  model: SiteModel,
  locale: Locale,
  variant?: Variant,
): Generator<PlannedFile> {
  const kit = widgetKit(model, locale, variant);
  const { m } = kit;
  for (const project of model.projects) {
    const counted = project.components.filter((c) => c.counted);
    const items = kit.itemsOf(project, (p) => projectItems(p, kit.by));
    const source = sourceLanguage(project.components);
    yield* kit.charts(project.badgeBase, project.name, items, project.languages.length + 1, source);
    yield matrixFile(kit, project, counted, items);
    if (!variant)
      yield kit.og(widgetPaths(project.badgeBase).og, () => ({
        kicker: kit.siteTitle,
        title: project.name,
        percent: percentBy(project.tally, kit.by),
        subtitle: m.t("widgets.ogProject", {
          components: m.t("count.components", { count: counted.length }),
          languages: m.t("count.languages", { count: project.languages.length }),
        }),
        languages: items(),
      }));
    for (const component of counted)
      yield* kit.charts(
        component.badgeBase,
        `${project.name} / ${component.name}`,
        kit.itemsOf(component, (c) => componentItems(c, kit.by)),
        component.translations.length + 1,
        sourceLanguage([component]),
      );
  }
  if (!variant) yield siteOg(model, kit);
}

/** What every widget of one locale and metric is drawn with. */
type WidgetKit = ReturnType<typeof widgetKit>;

function widgetKit(model: SiteModel, locale: Locale, variant: Variant | undefined) {
  const { site } = model;
  const by: Measure = variant?.by ?? site;
  const { messages: m, format: f } = locale;
  const words = widgetWords(locale, by);
  const chartOptions = () => ({
    options: chartWidgetOptions(model),
    thresholds: site.thresholds,
    words,
  });
  // The languages translated into: not the one the components are written in (reach.ts).
  const countBadge = (all: ChartItem[], source: ReadonlySet<string>) =>
    countBadgeOf(all, source, site.widgets.countPercent, locale);
  const kind = "charts";
  /** A group's charts and count badge; `weight`: what their size grows with. */
  const charts = (
    base: string,
    title: string,
    items: () => ChartItem[],
    weight: number,
    source: ReadonlySet<string>,
  ): PlannedFile[] => {
    const paths = widgetPaths(base, variant?.suffix);
    const drawn = () => ({ title, items: items(), ...chartOptions() });
    const count = () => countBadge(items(), source);
    return [
      { path: paths.chart, render: () => rowsChartSvg(drawn()), kind, weight },
      { path: paths.columns, render: () => columnsChartSvg(drawn()), kind, weight },
      {
        path: paths.count,
        render: () => badgeSvg(count(), site.badgeStyle, model.detail.badges),
        kind: "count badges",
      },
      {
        path: paths.countJson,
        render: () => endpointBadgeText(count(), site.cacheSeconds, site.badgeStyle),
        kind: "count badges",
      },
    ];
  };
  /** An Open Graph picture. */
  const og = (path: string, input: () => Omit<OgInput, "words">): PlannedFile => ({
    kind: "Open Graph pictures",
    path,
    render: () => ogPng({ ...input(), words }),
  });
  const siteTitle = site.title ?? m.t("site.title");
  return { by, m, f, siteTitle, variant, chartOptions, itemsOf: lastItems(f), charts, og };
}

/** The widgets' options, with fewer languages where the site's detail is cut to fit its budget. */
function chartWidgetOptions({ site, detail }: SiteModel) {
  const cut = detail.chartLanguages;
  const max = site.widgets.maxLanguages;
  return cut > 0 && (max === 0 || cut < max)
    ? { ...site.widgets, maxLanguages: cut }
    : site.widgets;
}

/**
 * The count badge: how many of a group's languages are at `percent` or above, of those it is
 * translated into (not `source`, the languages its components are written in).
 */
function countBadgeOf(
  all: ChartItem[],
  source: ReadonlySet<string>,
  percent: number,
  { messages: m, format: f }: Locale,
): BadgeData {
  const items = all.filter((i) => !source.has(i.code));
  const at = items.filter((i) => i.percent >= percent).length;
  return {
    label: m.t("widgets.countLabel", { percent: f.percentOf(percent) }),
    message: m.t("widgets.countMessage", { count: at, total: items.length }),
    color: "blue",
  };
}

/**
 * A group's items, computed when first drawn. A group's files are written one after the other:
 * its items are computed once for all of them (the last group's kept, not every group's: a site
 * may have thousands of components).
 */
function lastItems(f: Locale["format"]) {
  let last: { of: object; items: ChartItem[] } | undefined;
  return <T extends object>(of: T, compute: (of: T) => ChartItem[]) =>
    (): ChartItem[] => {
      // Language names in the widgets' locale ("Arabisch" for German widgets).
      if (last?.of !== of)
        last = {
          of,
          items: compute(of).map((i) => ({ ...i, name: f.languageName(i.code, i.name) })),
        };
      return last.items;
    };
}

function matrixFile(
  kit: WidgetKit,
  project: ProjectView,
  counted: ComponentView[],
  items: () => ChartItem[],
): PlannedFile {
  // A component's row: each language's percent, failure or emptiness.
  const cells = (component: ComponentView) =>
    new Map(
      component.translations.map((t) => [
        t.language,
        {
          percent: t.tally && percentBy(t.tally, kit.by),
          failed: t.status !== "ok",
          empty: t.tally?.total === 0,
        },
      ]),
    );
  return {
    kind: "charts",
    weight: counted.length * project.languages.length + 1,
    path: widgetPaths(project.badgeBase, kit.variant?.suffix).matrix,
    render: () =>
      matrixSvg({
        title: project.name,
        languages: items(),
        rows: counted.map((c) => ({ name: c.name, cells: cells(c) })),
        ...kit.chartOptions(),
      }),
  };
}

function siteOg(model: SiteModel, kit: WidgetKit): PlannedFile {
  const { m, f, by } = kit;
  return kit.og(SITE_FILE.og, () => ({
    kicker: m.t("widgets.ogKicker"),
    title: kit.siteTitle,
    percent: percentBy(model.tally, by),
    subtitle: m.t("widgets.ogSite", {
      projects: m.t("count.projects", { count: model.projects.length }),
      languages: m.t("count.languages", { count: model.languages.length }),
    }),
    languages: itemsOf(
      model.languages.map((l) => [l.code, f.languageName(l.code, l.name), l.tally]),
      by,
    ),
  }));
}
