import { markdownText as cell } from "../text/markdown-text.js";
import { counted } from "../text/plural.js";

// The GitHub Action's job summary: Markdown for $GITHUB_STEP_SUMMARY from what
// `l10n-snapshot build --json` printed. Every text in it passes markdownText (as in check's).

export interface BuildSummary {
  command?: string;
  exitCode?: number;
  baseUrl?: string;
  translations?: number;
  ok?: number;
  warnings?: number;
  invalid?: number;
  failed?: number;
  stale?: number;
  removed?: number;
  failedLists?: number;
  requests?: number;
  seconds?: number;
  out?: string;
  files?: number;
  problems?: { translation?: string; status?: string; message?: string }[];
  /** Why the run stopped, when it stopped on a user error. */
  error?: string;
}

/**
 * What the site says of its numbers, from its data/summary.json: the percents as the site counts
 * them (site.metric, site.progress), overall and per project.
 */
export interface SiteFigures {
  metric?: unknown;
  progress?: unknown;
  percent?: unknown;
  projects?: { name?: unknown; percent?: unknown }[];
}

const UNIT: Record<string, string> = { strings: "strings", words: "words", chars: "characters" };

/** "73.8%" for a percent, "–" for anything else (nothing to count, a damaged file). */
const percentOrDash = (p: unknown) => (typeof p === "number" && Number.isFinite(p) ? `${p}%` : "–");

function figureLines(figures: SiteFigures): string[] {
  const unit = UNIT[String(figures.metric)] ?? "strings";
  const done = figures.progress === "approved" ? "approved" : "translated";
  const lines = [`**${percentOrDash(figures.percent)}** of ${unit} ${done}`, ""];
  const projects = Array.isArray(figures.projects) ? figures.projects : [];
  if (projects.length > 0) {
    lines.push(`| project | ${done} (${unit}) |`, "| --- | --- |");
    for (const p of projects.slice(0, 50))
      lines.push(`| ${cell(p.name)} | ${percentOrDash(p.percent)} |`);
    if (projects.length > 50) lines.push("", `and ${projects.length - 50} more projects`);
    lines.push("");
  }
  return lines;
}

const MEANING: Record<number, string> = {
  0: "Every translation was fetched and is valid; the site was written.",
  1:
    "Some translations could not be read; the site shows them (stale, failed or invalid) and " +
    "was written.",
  2: "Usage or config error: nothing was fetched, and no site was written.",
  3:
    "Nothing usable (every translation failed), or the output could not be written; no site " +
    "was written.",
};

/**
 * The Markdown summary; `exitCode` is the build's, which is all there is when it printed nothing.
 */
export function jobSummary(
  summary: BuildSummary | undefined,
  exitCode: number,
  figures?: SiteFigures,
): string {
  const lines = ["### l10n-snapshot", ""];
  if (summary?.error !== undefined) lines.push(`Error: ${cell(summary.error)}`, "");
  else if (summary) {
    lines.push(`Server: ${cell(summary.baseUrl)}`, "");
    // The run's figures, as every output gives them (docs/STATES.md).
    lines.push(
      "| translations | ok | with warnings | stale | failed | invalid | removed | requests | " +
        "time |",
      `|${" --- |".repeat(9)}`,
    );
    const n = (v: number | undefined) => String(v ?? 0);
    lines.push(
      `| ${n(summary.translations)} | ${n(summary.ok)} | ${n(summary.warnings)} | ` +
        `${n(summary.stale)} | ${n(summary.failed)} | ${n(summary.invalid)} | ` +
        `${n(summary.removed)} | ${n(summary.requests)} | ${(summary.seconds ?? 0).toFixed(1)} s |`,
      "",
    );
    if (summary.failedLists)
      lines.push(
        `${counted(summary.failedLists, "list")} could not be read: the translations the ` +
          "previous site had under them are stale, those it did not have failed.",
        "",
      );
    if (figures && exitCode <= 1) lines.push(...figureLines(figures));
  }
  lines.push(`Exit code ${exitCode}: ${MEANING[exitCode] ?? "unexpected; see the log."}`, "");
  const problems = summary?.problems ?? [];
  if (problems.length > 0) {
    lines.push("| translation | status | error |", "| --- | --- | --- |");
    for (const p of problems)
      lines.push(`| ${cell(p.translation)} | ${cell(p.status)} | ${cell(p.message)} |`);
    const more = (summary?.invalid ?? 0) + (summary?.failed ?? 0) - problems.length;
    lines.push("", ...(more > 0 ? [`and ${more} more (see the log)`, ""] : []));
  }
  if (summary?.out !== undefined && exitCode <= 1)
    lines.push(
      `The site is in ${cell(summary.out)} (${counted(summary.files ?? 0, "file")}), ready ` +
        "for actions/upload-pages-artifact.",
      "",
    );
  return `${lines.join("\n").trimEnd()}\n`;
}
