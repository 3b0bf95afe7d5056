import { markdownText } from "../../text/markdown-text.js";
import type { FileToWrite as PlannedFile } from "../../output/write-files.js";
import { encodePath, fileSegment } from "../../site/site-paths.js";
import { projectRows, type ProjectRow } from "../model/project-rows.js";
import type { Badged, ProjectView, SiteModel, TranslationRow } from "../model/site-view.js";
import { measuredBadgeFiles, type BadgeFiles } from "./render-badges.js";
import { measure } from "../../model/measure.js";
import { badgeAlt, siteBase, widgetEmbeds } from "./embeds.js";
import { MeasureWords } from "../model/measure-words.js";

// badges/<project>/README.md: a Markdown table of the project's languages to paste into a
// README (the language's own name, its badge, its percent over the project's counted
// components), and the project's widgets with their snippets. Its badges are the project's
// language badges, badges/languages/<language>/<project>.svg: a folder no project can take
// ("languages" is one of the site's own names). Its words are the badges' (`site.badges.locale`):
// a file for a README, as the badges are.

/** Where the badge of a project's language is, without extension. */
export function projectLanguageBadgeBase(project: string, language: string): string {
  return `badges/languages/${fileSegment(language)}/${fileSegment(project)}`;
}

/**
 * The badge files of each project's languages (svg and json, as every badge), made as they are
 * asked for, in the same order each time. Their badges are worked out once (a project's rows sum
 * its components').
 */
export function planProjectLanguageBadges(
  model: SiteModel,
  add: BadgeFiles,
): () => Iterable<PlannedFile> {
  const badges = model.projects.flatMap((p) =>
    projectRows(p, model.site).map((row) => projectLanguageBadge(model, p, row)),
  );
  return function* () {
    for (const badged of badges)
      yield* measuredBadgeFiles(add, model, badged, "project language badges");
  };
}

/** A project's language's badge, over the project's counted components. */
function projectLanguageBadge(model: SiteModel, p: ProjectView, row: ProjectRow): Badged {
  const { site, badgeText: text } = model;
  // The row's translations in counted components (not-started ones aside); usable: those with
  // numbers.
  const counted = row.cells.filter(
    (t, c): t is TranslationRow =>
      t !== undefined && !t.notStarted && p.components[c]?.counted === true,
  );
  const usable = counted.filter((t) => t.tally);
  // Stale when every usable cell is (with the oldest age); a failure's own badge when none is.
  const asOf = usable.every((t) => t.stale)
    ? usable.map((t) => t.stale?.asOf ?? "").sort()[0]
    : undefined;
  const error = counted.find((t) => t.badge.isError);
  let badge =
    usable.length > 0
      ? text.measured(row.tally, site, site.thresholds)
      : (error?.badge ?? text.noData());
  if (asOf) badge = text.stale(badge, asOf, model.generatedAt);
  return {
    badgeBase: projectLanguageBadgeBase(p.project, row.language.code),
    tally: row.tally,
    badge,
    ...(asOf ? { stale: { asOf } } : {}),
  };
}

export function planProjectReadmes(model: SiteModel): PlannedFile[] {
  return model.projects.map((p) => ({
    path: `${p.badgeBase}/README.md`,
    render: () => readme(model, p),
  }));
}

function readme(model: SiteModel, p: ProjectView): string {
  const locale = model.badgeText.locale;
  const { messages: m, format: f } = locale;
  const words = new MeasureWords(locale, model.site);
  const rows = projectRows(p, model.site);
  const base = siteBase(model.site);
  const at = (path: string) => base + encodePath(path);
  const lines = [
    `# ${m.markdown("readme.title", { project: markdownText(p.name) })}`,
    "",
    m.markdown("readme.intro", {
      server: markdownText(model.baseUrl),
      time: markdownText(f.dateTime(model.generatedAt)),
    }),
    "",
    `| ${m.markdown("readme.language")} | ${m.markdown("readme.badge")} | ` +
      `${markdownText(words.columnOf(rows.map((r) => r.tally)))} |`,
    "| --- | --- | --- |",
  ];
  for (const row of rows) {
    const l = row.language;
    const local = f.languageName(l.code, l.name);
    const name = l.nativeName && l.nativeName !== local ? `${l.nativeName} (${local})` : local;
    const badge = at(`${projectLanguageBadgeBase(p.project, l.code)}.svg`);
    const page = at(`languages/${fileSegment(l.code)}/`);
    const measured = measure(row.tally, model.site);
    const shown = f.percent(measured.part, measured.whole);
    const alt = markdownText(badgeAlt(model.badgeText, [p.name, local]));
    lines.push(`| ${markdownText(name)} | [![${alt}](${badge})](${page}) | ${shown} |`);
  }
  lines.push("", `## ${markdownText(m.t("readme.widgets"))}`, "");
  for (const w of widgetEmbeds(p, model, "project", locale)) {
    lines.push(`### ${markdownText(w.title)}`, "", w.markdown, "");
    lines.push("```markdown", w.markdown, "```", "");
  }
  return `${lines.join("\n").trimEnd()}\n`;
}
