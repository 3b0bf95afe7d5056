import { appendFile } from "node:fs/promises";
import { sanitizeText } from "../text/sanitize.js";
import type { CheckResult } from "./check.js";
import { must } from "../model/must.js";

// How a check result is told: one line per offender and a closing line; under GitHub Actions
// also an ::error annotation per offender and a Markdown table in the job's step summary.

export function checkLines(result: CheckResult): string[] {
  const lines = result.offenders.map(
    (o) => `${sanitizeText(o.translation)}: ${sanitizeText(o.message)} (${o.rule})`,
  );
  for (const note of result.notes) lines.push(`note: ${note}`);
  const rules = describeRules(result);
  lines.push(
    result.passed
      ? `check passed: ${result.checked} translation${result.checked === 1 ? "" : "s"} checked ` +
          `(${rules})`
      : `check failed: ${result.offenders.length} ` +
          `offence${result.offenders.length === 1 ? "" : "s"} in ${result.checked} ` +
          `translation${result.checked === 1 ? "" : "s"} checked (${rules})`,
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

/**
 * Workflow-command escaping: the message part, and a property value (which also may not hold ":" or
 * ",").
 */
const escapeData = (s: string) =>
  s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");

export function githubAnnotations(result: CheckResult): string[] {
  return result.offenders.map(
    (o) =>
      `::error title=${escapeProperty(`l10n-snapshot check: ${o.rule}`)}::` +
      escapeData(`${sanitizeText(o.translation)}: ${sanitizeText(o.message)}`),
  );
}

/** Text for a Markdown table cell: no HTML, no table breaks, no emphasis or links out of data. */
const cell = (s: string) =>
  sanitizeText(s)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/([\\`*_[\]|~#!])/g, "\\$1");
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
        `| ${cell(o.translation)} | ${o.rule} | ${pct(o.percent)} | ${pct(o.previous)} | ` +
          `${cell(o.message)} |`,
      );
    out.push("");
  }
  for (const note of result.notes) out.push(`> ${cell(note)}`, "");
  return `${out.join("\n")}\n`;
}

/**
 * Annotations to stdout and the table to $GITHUB_STEP_SUMMARY, when running under GitHub Actions.
 */
export async function reportToGithub(
  result: CheckResult,
  env: Record<string, string | undefined>,
  write: (text: string) => void,
): Promise<void> {
  if (env.GITHUB_ACTIONS !== "true") return;
  for (const line of githubAnnotations(result)) write(`${line}\n`);
  if (env.GITHUB_STEP_SUMMARY)
    await appendFile(env.GITHUB_STEP_SUMMARY, stepSummaryMarkdown(result));
}
