import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { describe, expect, it } from "vitest";
import { escapeOpenMetrics, gaugeHeader, sample } from "../../src/exports/openmetrics.js";
import { requireTools } from "../helpers/browser.js";
import { parseOpenMetricsStrict, strictParserMissing } from "../helpers/openmetrics-strict.js";
import { exportsSnapshot, QUOTED_CODE, renderedFiles } from "./fixture.js";

// data/metrics.prom, read by two real parsers: the npm Prometheus text-format parser, and the
// Prometheus project's strict OpenMetrics parser (client_python), which refuses what the format
// does not allow.

const text = (await renderedFiles(exportsSnapshot())).get("data/metrics.prom")!;

describe("OpenMetrics pieces", () => {
  it("escapes backslash, quote and line feed in label values", () => {
    expect(escapeOpenMetrics('a\\b"c\nd')).toBe('a\\\\b\\"c\\nd');
    expect(sample("x", [["l", 'q"x']], 0.5)).toBe('x{l="q\\"x"} 0.5\n');
  });

  it("refuses a name that is no metric name, and a unit the name does not end with", () => {
    expect(() => gaugeHeader("bad-name", "x")).toThrow(/metric name/);
    expect(() => gaugeHeader("x_ratio", "x", "seconds")).toThrow(/unit/);
  });
});

describe("data/metrics.prom", () => {
  it("ends with # EOF and has no blank line", () => {
    expect(text.endsWith("\n# EOF\n")).toBe(true);
    expect(text.split("\n").slice(0, -1)).not.toContain("");
  });

  it("parses with the Prometheus text-format parser, labels round-tripped", () => {
    const families = parsePrometheusTextFormat(text);
    const byName = new Map(families.map((f) => [f.name, f]));
    expect(byName.get("l10n_project_strings")?.type).toBe("GAUGE");
    expect(byName.get("l10n_project_strings")?.metrics).toEqual([
      { labels: { project: "other" }, value: "10" },
      { labels: { project: "proj" }, value: "182" },
    ]);
    const ratios = byName.get("l10n_translation_progress_ratio")!.metrics;
    // The failed translation has no numbers, so no sample; 36/91, 91/91, 3/10 as ratios, to four
    // decimals.
    expect(ratios).toEqual([
      {
        labels: { project: "other", component: "manual/docs", language: QUOTED_CODE },
        value: "0.3",
      },
      { labels: { project: "proj", component: "comp", language: "cs" }, value: "0.3956" },
      { labels: { project: "proj", component: "comp", language: "de" }, value: "1" },
    ]);
    expect(byName.get("l10n_tracked_translations")?.metrics).toEqual([
      { labels: { status: "ok" }, value: "3" },
      { labels: { status: "stale" }, value: "0" },
      { labels: { status: "failed" }, value: "1" },
      { labels: { status: "invalid" }, value: "0" },
    ]);
    expect(byName.get("l10n_language_translated_words")?.metrics).toContainEqual({
      labels: { language: "cs" },
      value: "216",
    });
  });

  const missing = strictParserMissing();
  it.skipIf(missing !== undefined && !requireTools)(
    `parses with the strict OpenMetrics parser${missing ? ` (${missing})` : ""}`,
    () => {
      const families = parseOpenMetricsStrict(text);
      const ratio = families.find((f) => f.name === "l10n_translation_progress_ratio");
      expect(ratio).toMatchObject({ type: "gauge", unit: "ratio" });
      expect(ratio?.samples.map((s) => s.labels.language)).toEqual([QUOTED_CODE, "cs", "de"]);
      expect(
        families.find((f) => f.name === "l10n_snapshot_timestamp_seconds")?.samples[0]?.value,
      ).toBe(Date.parse("2026-11-21T12:00:00Z") / 1000);
      // And it refuses a file without its end, so the check above means something.
      expect(() => parseOpenMetricsStrict(text.replace("# EOF\n", ""))).toThrow(/EOF/);
    },
  );
});
