import { appendFile } from "node:fs/promises";
import { markdownText as cell } from "../text/markdown-text.js";
import { counted } from "../text/plural.js";
import { sanitizeText } from "../text/sanitize.js";
import { workflowCommand } from "../text/workflow-command.js";
import type { CheckResult } from "./check.js";
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
  const rules = describeRules(result);
  lines.push(
    result.passed
      ? `check passed: ${counted(result.checked, "translation")} checked (${rules})`
      : `check failed: ${counted(result.offenders.length, "offence")} in ` +
          `${counted(result.checked, "translation")} checked (${rules})`,
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

/** An ::error annotation per offender (its line, titled with the rule). */
export function githubAnnotations(result: CheckResult): string[] {
  return result.offenders.map((o) =>
    workflowCommand("error", `l10n-snapshot check: ${o.rule}`, `${o.translation}: ${o.message}`),
  );
}

const pct = (p: number | undefined) =>
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
        `| ${cell(o.translation)} | ${cell(o.rule)} | ${pct(o.percent)} | ${pct(o.previous)} | ` +
          `${cell(o.message)} |`,
      );
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
