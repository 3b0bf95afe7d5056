import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { METRICS, PROGRESSES } from "../../src/model/measure.js";
import { requireTools } from "../helpers/browser.js";
import { parseOpenMetricsStrict, strictParserMissing } from "../helpers/openmetrics-strict.js";
import { render, snapshot } from "../helpers/measure-fixture.js";

// data/metrics.prom as a dashboard sees it across configs and servers, read by the Prometheus
// project's strict OpenMetrics parser: the same family names whatever site.metric and
// site.progress say (a trial found every *_ratio series renamed by a config change), samples of
// the pages' percents even where the server has no review workflow or no statistics (a trial
// found none at all), and docs/exports.md naming exactly the families written.

const missing = strictParserMissing();

async function families(
  site: Record<string, unknown>,
  review: boolean | undefined = true,
  statistics = true,
) {
  const r = await render(snapshot(review, statistics), site);
  return { r, families: parseOpenMetricsStrict(r.files.get("data/metrics.prom")!) };
}

const CONFIGS = METRICS.flatMap((metric) => PROGRESSES.map((progress) => ({ metric, progress })));

describe.skipIf(missing !== undefined && !requireTools)(
  `data/metrics.prom across configs${missing ? ` (${missing})` : ""}`,
  () => {
    it("has the same families whatever the site counts, and says what it counts", async () => {
      const names: string[][] = [];
      for (const site of CONFIGS) {
        const { families: f } = await families(site);
        names.push(f.map((x) => x.name));
        const measure = f.find((x) => x.name === "l10n_site_measure")!.samples;
        expect(measure).toEqual([{ name: "l10n_site_measure", labels: site, value: 1 }]);
      }
      for (const n of names) expect(n).toEqual(names[0]);
      expect(names[0]).toContain("l10n_translation_progress_ratio");
    });

    it.each([
      { why: "no review workflow", review: false, statistics: true },
      { why: "no statistics (a 4.x server)", review: true, statistics: false },
      { why: "neither", review: false, statistics: false },
    ])("gives the pages' percents where the server has $why", async ({ review, statistics }) => {
      for (const site of CONFIGS) {
        const { r, families: f } = await families(site, review, statistics);
        const ratios = f.find((x) => x.name === "l10n_translation_progress_ratio")!.samples;
        expect(ratios.map((s) => s.labels.language)).toEqual(["de", "fr"]);
        for (const s of ratios)
          expect(`${Math.round(s.value * 1000) / 10}%`).toBe(r.percents[s.labels.language!]);
        const component = f.find((x) => x.name === "l10n_component_progress_ratio")!.samples;
        expect(component).toHaveLength(1);
      }
    });

    it("is named in docs/exports.md, family by family", async () => {
      const page = readFileSync(new URL("../../docs/exports.md", import.meta.url), "utf8");
      const section = page.slice(page.indexOf("## The metrics"));
      const named = new Set(section.match(/\bl10n_[a-z_]+\b/g));
      const { families: f } = await families({ metric: "words", progress: "approved" });
      // A quotient in the page's example names two families already listed.
      expect([...named].sort()).toEqual(f.map((x) => x.name).sort());
    });
  },
);
