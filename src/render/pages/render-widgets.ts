import { endpointBadgeText } from "../../badges/badge-json.js";
import { badgeSvg } from "../../badges/badge-svg.js";
import type { BadgeData } from "../../badges/badge-data.js";
import { columnsChartSvg, rowsChartSvg, type ChartItem } from "../../widgets/chart-svg.js";
import { matrixSvg } from "../../widgets/matrix-svg.js";
import { ogPng } from "../../widgets/og-image.js";
import type { FileToWrite as PlannedFile } from "../../output/write-files.js";
import { SITE_FILE } from "../../site/site-paths.js";
import { percentOf } from "../../model/counts.js";
import type { ComponentView, ProjectView, SiteModel } from "../model/site-model.js";

// The README widgets beyond the one-number badges: multi-language charts (rows and columns),
// the project matrix, a "languages at N% or more" count badge, and Open Graph pictures. Glossary
// components are left out unless `site.includeGlossary` (model: `counted`), as Weblate's widgets
// do.

/**
 * Where a component's or project's widgets are, from its badge path (`badges/p/c`): suffixes no
 * Weblate slug can have (no dots in slugs).
 */
export function widgetPaths(badgeBase: string) {
  return {
    chart: `${badgeBase}.chart.svg`,
    columns: `${badgeBase}.columns.svg`,
    matrix: `${badgeBase}.matrix.svg`,
    count: `${badgeBase}.languages.svg`,
    countJson: `${badgeBase}.languages.json`,
    og: `${badgeBase}.og.png`,
  };
}

/** A component's languages as chart items: usable translations with strings. */
export function componentItems(component: ComponentView): ChartItem[] {
  return component.translations.flatMap((t) =>
    t.percent === undefined ? [] : [{ code: t.language, name: t.languageName, percent: t.percent }],
  );
}

/** A project's languages, each with its percent over the project's counted components. */
export function projectItems(project: ProjectView): ChartItem[] {
  const sums = new Map<string, { name: string; translated: number; total: number }>();
  for (const component of project.components) {
    if (!component.counted) continue;
    for (const t of component.translations) {
      if (!t.tally) continue;
      const sum = sums.get(t.language) ?? { name: t.languageName, translated: 0, total: 0 };
      sum.translated += t.tally.translated;
      sum.total += t.tally.total;
      sums.set(t.language, sum);
    }
  }
  return [...sums].flatMap(([code, s]) => {
    const percent = percentOf(s);
    return percent === undefined ? [] : [{ code, name: s.name, percent }];
  });
}

export function planWidgets(model: SiteModel): PlannedFile[] {
  const { site } = model;
  const files: PlannedFile[] = [];
  const chartOptions = { options: site.widgets, thresholds: site.thresholds };
  const countBadge = (items: ChartItem[]): BadgeData => {
    const at = items.filter((i) => i.percent >= site.widgets.countPercent).length;
    return {
      label: `languages ≥${site.widgets.countPercent}%`,
      message: `${at} of ${items.length}`,
      color: "blue",
    };
  };
  // A group's files are written one after the other: its items are computed once for all of
  // them (the last group's kept, not every group's: a site may have thousands of components).
  let last: { of: object; items: ChartItem[] } | undefined;
  const itemsOf =
    <T extends object>(of: T, compute: (of: T) => ChartItem[]) =>
    (): ChartItem[] => {
      if (last?.of !== of) last = { of, items: compute(of) };
      return last.items;
    };
  const charts = (base: string, title: string, items: () => ChartItem[]) => {
    const paths = widgetPaths(base);
    files.push({
      path: paths.chart,
      render: () => rowsChartSvg({ title, items: items(), ...chartOptions }),
    });
    files.push({
      path: paths.columns,
      render: () => columnsChartSvg({ title, items: items(), ...chartOptions }),
    });
    files.push({ path: paths.count, render: () => badgeSvg(countBadge(items()), site.badgeStyle) });
    files.push({
      path: paths.countJson,
      render: () => endpointBadgeText(countBadge(items()), site.cacheSeconds, site.badgeStyle),
    });
  };
  for (const project of model.projects) {
    const counted = project.components.filter((c) => c.counted);
    const paths = widgetPaths(project.badgeBase);
    const items = itemsOf(project, projectItems);
    charts(project.badgeBase, project.name, items);
    files.push({
      path: paths.matrix,
      render: () =>
        matrixSvg({
          title: project.name,
          languages: items(),
          rows: counted.map((c) => ({
            name: c.name,
            cells: new Map(
              c.translations.map((t) => [
                t.language,
                { percent: t.percent, failed: t.status !== "ok", empty: t.empty },
              ]),
            ),
          })),
          ...chartOptions,
        }),
    });
    files.push({
      path: paths.og,
      render: () =>
        ogPng({
          kicker: model.title,
          title: project.name,
          percent: percentOf(project.tally),
          subtitle:
            `${counted.length} component${counted.length === 1 ? "" : "s"}, ` +
            `${project.languages.length} language${project.languages.length === 1 ? "" : "s"}`,
          languages: items(),
        }),
    });
    for (const component of counted)
      charts(
        component.badgeBase,
        `${project.name} / ${component.name}`,
        itemsOf(component, componentItems),
      );
  }
  files.push({
    path: SITE_FILE.og,
    render: () =>
      ogPng({
        kicker: "Translation status",
        title: model.title,
        percent: percentOf(model.tally),
        subtitle:
          `${model.projects.length} project${model.projects.length === 1 ? "" : "s"}, ` +
          `${model.languages.length} language${model.languages.length === 1 ? "" : "s"}`,
        languages: model.languages.flatMap((l) => {
          const p = percentOf(l.tally);
          return p === undefined ? [] : [{ code: l.code, name: l.name, percent: p }];
        }),
      }),
  });
  return files;
}
