import { projectRows } from "./project-rows.js";
import type { SiteOptions } from "../../config/schema.js";
import { compareText, type Counts } from "../../model/counts.js";
import { percentBy, type Measure } from "../../model/measure.js";
import type { ComponentView, LanguageRef, ProjectView, SiteModel } from "./site-view.js";

// Reach: the share of the world's people who can use a project in their language, from the
// `population` (speakers) newer Weblate servers give each language. A language counts when the
// project is translated into it at least `site.reachThreshold` percent; the language its
// components are written in is not translated into and does not count (Weblate lists it as a
// translation, `is_source`). Where no language has a population figure, there is no reach:
// nothing is shown rather than a guess.

/**
 * The world's population the shares are of: 8.2 billion, the United Nations' estimate for 2025
 * (World Population Prospects 2024).
 */
export const WORLD_POPULATION = 8_200_000_000;

export interface ReachLanguage extends LanguageRef {
  population: number;
  /** Translated percent; undefined with nothing to translate. */
  percent?: number;
}

export interface ReachView {
  threshold: number;
  /** Speakers of the languages reached, added up (a speaker of two counts twice). */
  population: number;
  /** population / WORLD_POPULATION, at most 1. */
  share: number;
  /** The languages translated into that are reached, with a population figure. */
  reached: ReachLanguage[];
  /** Up to three languages below the threshold whose speakers would add most, most first. */
  next: ReachLanguage[];
  /** Tracked languages without a population figure: not counted. */
  unknown: number;
}

interface Candidate {
  language: LanguageRef;
  tally?: Counts;
}

/** Reach over some languages; undefined when none has a population figure. */
function computeReach(
  candidates: Iterable<Candidate>,
  threshold: number,
  by: Measure,
  source: ReadonlySet<string> = new Set(),
): ReachView | undefined {
  const byCode = new Map<string, { c: Candidate; percent?: number }>();
  for (const c of candidates)
    if (!source.has(c.language.code))
      byCode.set(c.language.code, { c, percent: c.tally && percentBy(c.tally, by) });
  const reached: ReachLanguage[] = [];
  const below: ReachLanguage[] = [];
  let unknown = 0;
  for (const { c, percent } of byCode.values()) {
    const population = c.language.population;
    // Nothing to translate in it (a glossary's language only): neither reached nor behind.
    if (percent === undefined) continue;
    if (population === undefined) {
      unknown += 1;
      continue;
    }
    const item = { ...c.language, population, percent };
    if (percent >= threshold) reached.push(item);
    else if (population > 0) below.push(item);
  }
  if (reached.length + below.length === 0) return undefined;
  const population = reached.reduce((sum, l) => sum + l.population, 0);
  const byPopulation = (a: ReachLanguage, b: ReachLanguage) =>
    b.population - a.population || compareText(a.name, b.name);
  return {
    threshold,
    population,
    share: Math.min(1, population / WORLD_POPULATION),
    reached: reached.sort(byPopulation),
    next: below.sort(byPopulation).slice(0, 3),
    unknown,
  };
}

/** A project's reach: its languages over its counted components, but the one they are in. */
export function projectReach(project: ProjectView, site: SiteOptions): ReachView | undefined {
  return computeReach(
    projectRows(project, site),
    site.reachThreshold,
    site,
    sourceLanguage(project.components),
  );
}

/** The site's reach: every language over the counted components but the one they are in. */
export function siteReach(model: SiteModel): ReachView | undefined {
  return computeReach(
    model.languages.map((l) => ({ language: l, tally: l.tally })),
    model.site.reachThreshold,
    model.site,
    sourceLanguage(model.projects.flatMap((p) => p.components)),
  );
}

/**
 * The language the counted components are all written in (a set of one), or none when they are
 * written in several: a language translated into somewhere then counts.
 */
export function sourceLanguage(components: readonly ComponentView[]): ReadonlySet<string> {
  const codes = new Set<string | undefined>();
  for (const c of components) if (c.counted) codes.add(c.sourceLanguage?.code);
  const [code] = codes;
  return codes.size === 1 && code !== undefined ? new Set([code]) : new Set();
}
