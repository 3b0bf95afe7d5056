import { appendFile } from "node:fs/promises";
import { markdownText as cell } from "../text/markdown-text.js";
import { counted } from "../text/plural.js";
import { sanitizeText } from "../text/sanitize.js";
import { workflowCommand } from "../text/workflow-command.js";
import type { CheckResult, OlderRun } from "./check.js";
import { must } from "../model/must.js";

// How a check result is told: one line per offender and a closing line; under GitHub Actions
// each offender's line is an ::error annotation instead (the log shows it once, as the error),
// and a Markdown table goes to the job's step summary.

/**
 * The lines `check` prints: one per offender (its ::error annotation when `github`), the notes,
 * the closing line.
 */
export function checkLines(result: CheckResult, github = false): string[] {
  const lines = github
    ? githubAnnotations(result)
    : result.offenders.map(
        (o) => `${sanitizeText(o.translation)}: ${sanitizeText(o.message)} (${o.rule})`,
      );
  for (const note of result.notes) lines.push(`note: ${note}`);
  const rules = describeRules(result) + olderRunsWords(result);
  const { stale, failed, invalid } = result.unavailable;
  // The run's figures for what could not be read (model/tally.ts), as its other outputs say them.
  const unavailable =
    stale + failed + invalid > 0
      ? `, ${stale + failed + invalid} of them unavailable (${stale} stale, ${failed} failed, ` +
        `${invalid} invalid)`
      : "";
  const checked = `${counted(result.checked, "translation")} checked${unavailable}`;
  lines.push(
    result.passed
      ? `check passed: ${checked} (${rules})`
      : `check failed: ${counted(result.offenders.length, "offence")} in ${checked} (${rules})`,
  );
  return lines;
}

function describeRules(result: CheckResult): string {
  const r = result.rules;
  const parts = [
    r.minPercent !== undefined ? `minPercent ${r.minPercent}` : "",
    r.noRegression
      ? `noRegression${result.comparedWith ? ` against ${sanitizeText(result.comparedWith)}` : ""}`
      : "",
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : "no rules but availability";
}

/** Projects named in the closing line, at most; the count holds them all. */
const NAMED = 3;
/** Annotations for projects compared with an older run, at most; one more says the rest. */
const ANNOTATED = 50;

const olderRunLabel = (o: OlderRun) => (o.run ? `the run of ${o.run}` : "a part not its index's");

/** The closing line's caveat: how many projects were compared with an older run, and which. */
function olderRunsWords(result: CheckResult): string {
  const older = result.olderRuns ?? [];
  if (older.length === 0) return "";
  const named = older
    .slice(0, NAMED)
    .map((o) => `${sanitizeText(JSON.stringify(o.project.slice(0, 100)))} (${olderRunLabel(o)})`);
  const more = older.length > NAMED ? ` and ${older.length - NAMED} more` : "";
  return `; ${counted(older.length, "project")} against an older run: ${named.join(", ")}${more}`;
}

/** What comparing a project with an older part means, for an annotation or the summary. */
const olderRunMessage = (o: OlderRun) =>
  `project ${JSON.stringify(o.project.slice(0, 100))}: ` +
  `${counted(o.compared, "translation")} compared with ${olderRunLabel(o)}, not the latest run: ` +
  `${o.where} is ${o.why}. A drop since that run fails the check; one since the latest run ` +
  "alone cannot be seen (publish each run's files whole)";

/**
 * An ::error annotation per offender (its line, titled with the rule), and a ::warning per
 * project compared with an older run than the latest (a kept part of another run).
 */
export function githubAnnotations(result: CheckResult): string[] {
  const lines = result.offenders.map((o) =>
    workflowCommand("error", `l10n-snapshot check: ${o.rule}`, `${o.translation}: ${o.message}`),
  );
  const older = result.olderRuns ?? [];
  const title = "l10n-snapshot check: compared with an older run";
  for (const o of older.slice(0, ANNOTATED))
    lines.push(workflowCommand("warning", title, olderRunMessage(o)));
  if (older.length > ANNOTATED) {
    const rest = `and ${counted(older.length - ANNOTATED, "more project")} (see the job summary)`;
    lines.push(workflowCommand("warning", title, rest));
  }
  return lines;
}

const percentCell = (p: number | undefined) =>
  p === undefined ? "" : `${p >= 100 ? 100 : Math.floor(p * 10) / 10}%`;

export function stepSummaryMarkdown(result: CheckResult): string {
  const out = [
    `### Translation check ${result.passed ? "passed" : "failed"}`,
    "",
    cell(must(checkLines(result).at(-1))),
    "",
  ];
  if (result.offenders.length) {
    out.push(
      "| Translation | Rule | Translated | Previous | Problem |",
      "| --- | --- | ---: | ---: | --- |",
    );
    for (const o of result.offenders)
      out.push(
        `| ${cell(o.translation)} | ${cell(o.rule)} | ${percentCell(o.percent)} | ` +
          `${percentCell(o.previous)} | ${cell(o.message)} |`,
      );
    out.push("");
  }
  if (result.olderRuns?.length) {
    out.push(
      "Compared with an older run than the latest (a history part of another run was kept):",
      "",
      "| Project | Compared with | Translations | Part |",
      "| --- | --- | ---: | --- |",
    );
    for (const o of result.olderRuns) {
      const part = cell(`${o.where}: ${o.why}`);
      out.push(`| ${cell(o.project)} | ${cell(olderRunLabel(o))} | ${o.compared} | ${part} |`);
    }
    out.push("");
  }
  for (const note of result.notes) out.push(`> ${cell(note)}`, "");
  return `${out.join("\n")}\n`;
}

/** The table to $GITHUB_STEP_SUMMARY, when running under GitHub Actions. */
export async function reportToGithub(
  result: CheckResult,
  env: Record<string, string | undefined>,
): Promise<void> {
  if (env.GITHUB_ACTIONS !== "true") return;
  if (env.GITHUB_STEP_SUMMARY)
    await appendFile(env.GITHUB_STEP_SUMMARY, stepSummaryMarkdown(result));
}
