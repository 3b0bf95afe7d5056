import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { trendChartSvg } from "../../src/render/model/trend-chart.js";

const minute = (iso: string) => Date.parse(iso) / 60_000;
const labels = (svg: string) =>
  parse(svg)
    .querySelectorAll("text")
    .map((t) => t.text)
    .filter((t) => /\d{2}-\d{2}/.test(t));

describe("trendChartSvg: the time axis", () => {
  it("labels a span of hours with day and time, never the same label twice", () => {
    const points = [
      { at: minute("2026-11-23T00:00:00Z"), total: 100, translated: 40 },
      { at: minute("2026-11-23T06:00:00Z"), total: 100, translated: 50 },
    ];
    const shown = labels(trendChartSvg(points, minute("2026-11-23T12:00:00Z"), "t", "summary"));
    expect(shown[0]).toBe("11-23 00:00");
    expect(new Set(shown).size).toBe(shown.length);
  });

  it("labels a span of weeks with dates", () => {
    const points = [{ at: minute("2026-10-01T00:00:00Z"), total: 100, translated: 40 }];
    const shown = labels(trendChartSvg(points, minute("2026-11-01T00:00:00Z"), "t", "summary"));
    expect(shown).toEqual(["2026-10-01", "2026-10-08", "2026-10-16", "2026-10-24", "2026-11-01"]);
  });
});
