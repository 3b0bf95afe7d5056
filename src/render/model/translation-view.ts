import { errorBadge } from "../../badges/badge-data.js";
import { percentBy } from "../../model/measure.js";
import type { SiteOptions } from "../../config/schema.js";
import { componentPathParts, WILDCARD } from "../../config/triple.js";
import type { BadgeText } from "./badge-text.js";
import type { SnapshotEntry } from "../../snapshot/schema.js";
import { languageTag, nativeName } from "./language-names.js";
import { clipForDisplay, recordView } from "../../weblate/record-view.js";
import { entryCounts } from "../../snapshot/entry-counts.js";
import { componentDir, fileSegment, projectDir } from "../../site/site-paths.js";
import type { Counts } from "../../model/counts.js";
import type { LanguageRef, TranslationRow, TranslationView } from "./site-view.js";
import { must } from "../../model/must.js";
import { failureReason } from "./stale-summary.js";

// One snapshot entry as the pages show it: names instead of API spellings, counts, links checked,
// the badge. Pure: the same entry gives the same view.

/** A row's parts: a translation's view less what only its page shows and what is derived. */
export type RowParts = Omit<TranslationRow, "pageDir" | "percent" | "empty">;

/**
 * Everything a translation's page shows but its paths (which depend on whether it can have pages).
 */
export type EntryParts = RowParts &
  Pick<TranslationView, "links" | "filename" | "revision" | "warnings"> & {
    /** The component's source language, as the record names it. */
    sourceLanguage?: LanguageRef;
  };

export function describeEntry(
  entry: SnapshotEntry,
  site: SiteOptions,
  generatedAt: string,
  text: BadgeText,
): EntryParts {
  const carried = entry.status !== "ok" ? entry.carried : undefined;
  const record = recordView(entry.record ?? carried?.record);
  const { component, language } = record;
  const ok = entry.status === "ok" || carried !== undefined;
  // The counts check and the exports read too (snapshot/entry-counts.ts).
  const tally: Counts | undefined = entryCounts(entry, record);
  const reason = entry.status === "ok" ? undefined : failureReason(entry);
  const parts: EntryParts = {
    project: entry.project,
    component: entry.component,
    language: entry.language,
    status: ok ? "ok" : entry.status,
    projectName: component.project.name ?? clipForDisplay(entry.project),
    componentName: componentDisplayName(entry.component, component.name),
    languageName: language.name ?? clipForDisplay(entry.language),
    nativeName: nativeName(entry.language, language.name ?? clipForDisplay(entry.language)),
    lang: languageTag(entry.language),
    dir: language.direction === "rtl" ? "rtl" : "ltr",
    ...(language.population === undefined ? {} : { population: language.population }),
    tally,
    glossary: component.is_glossary,
    lastChange: formatTimestamp(record.last_change),
    lastAuthor: record.last_author,
    links: { web: record.web_url, translate: record.translate_url, share: record.share_url },
    filename: record.filename,
    revision: record.revision,
    errors: entry.errors,
    ...(reason ? { reason } : {}),
    warnings: entry.warnings,
    ...(component.source_language
      ? { sourceLanguage: languageRef(component.source_language) }
      : {}),
    badge:
      ok && tally
        ? text.measured(tally, site, site.thresholds)
        : errorBadge(text.label, text.failure(entry.status, entry.failure?.kind)),
  };
  if (!carried || !reason || entry.status === "ok") return parts;
  const { asOf, since } = carried;
  const stale = { asOf, since, status: entry.status, reason };
  return { ...parts, stale, badge: text.stale(parts.badge, asOf, generatedAt) };
}

/** A language as a record names it (a component's source language). */
function languageRef(l: { code: string; name?: string; population?: number }): LanguageRef {
  const name = l.name ?? clipForDisplay(l.code);
  return {
    code: l.code,
    name,
    nativeName: nativeName(l.code, name),
    lang: languageTag(l.code),
    dir: "ltr",
    ...(l.population === undefined ? {} : { population: l.population }),
  };
}

/** The whole view of an entry: with its folders when it is a translation that can have pages. */
export function toView(
  entry: SnapshotEntry,
  parts: EntryParts,
  publishable: boolean,
  site: SiteOptions,
): TranslationView {
  const explicit = publishable && entry.component !== WILDCARD && entry.language !== WILDCARD;
  const component = explicit
    ? `${projectDir(entry.project, site)}/${componentDir(entry.component)}`
    : "";
  const dir = explicit ? `${component}/${fileSegment(entry.language)}` : "";
  const tally = parts.tally;
  // Object.assign, not a spread with more keys after it: measured, that spread cost some 4 KB a
  // view, half of it outliving the young generation, and at 100,000 pages swelled the old one
  // by some 70 MB of peak RSS (docs/BENCHMARKS.md).
  return Object.assign({}, parts, {
    percent: tally && percentBy(tally, site),
    empty: tally?.total === 0,
    pageDir: dir,
    badgeBase: dir ? `badges/${dir}` : "",
  });
}

/**
 * The component's name; for a component inside categories, after its category path ("docs /
 * Usage").
 */
function componentDisplayName(path: string, name: string | undefined): string {
  const parts = componentPathParts(path);
  return [...parts.slice(0, -1), name ?? clipForDisplay(must(parts.at(-1)))].join(" / ");
}

/**
 * formatTimestamp's forms as ISO 8601 (zoned: "2026-10-03T08:14Z"; without a zone: local time);
 * an ISO time as it is; undefined for a text that is no time.
 */
export function isoTime(value: string): string | undefined {
  const short = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})( UTC)?$/.exec(value);
  if (short) return `${short[1]}T${short[2]}${short[3] ? "Z" : ""}`;
  return Number.isNaN(Date.parse(value)) ? undefined : value;
}

/** `2026-10-03 08:14 UTC` for a zoned timestamp, `2016-03-07 10:20` for one without a zone. */
export function formatTimestamp(value: unknown): string {
  if (typeof value !== "string") return "";
  const match =
    /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]00:?00)?$/.exec(value) ??
    /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(value);
  if (!match) return "";
  // Already in UTC: no date arithmetic needed.
  if (match[3]) return `${match[1]} ${match[2]} UTC`;
  if (!/(Z|[+-]\d{2}:?\d{2})$/.test(value)) return `${match[1]} ${match[2]}`;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return `${match[1]} ${match[2]}`;
  return `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 16)} UTC`;
}
