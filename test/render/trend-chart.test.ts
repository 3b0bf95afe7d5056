import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { trendChartSvg, type ChartWords } from "../../src/render/model/trend-chart.js";
import { LocaleFormat } from "../../src/i18n/locale-format.js";

const en = new LocaleFormat("en");
const words = (f: LocaleFormat, rtl = false): ChartWords => ({
  title: "Translated strings against total strings over time",
  count: (n) => f.int(n),
  day: (m) => f.day(m),
  dayTime: (m) => f.dayTime(m),
  rtl,
});
const day = (iso: string) =>
  new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso));

const minute = (iso: string) => Date.parse(iso) / 60_000;
const labels = (svg: string) =>
  parse(svg)
    .querySelectorAll("text")
    .map((t) => t.text)
    .filter((t) => /[A-Za-z]|\//.test(t));

describe("trendChartSvg: the time axis", () => {
  it("labels a span of hours with day and time, never the same label twice", () => {
    const points = [
      { at: minute("2026-11-23T00:00:00Z"), total: 100, translated: 40 },
      { at: minute("2026-11-23T06:00:00Z"), total: 100, translated: 50 },
    ];
    const shown = labels(
      trendChartSvg(points, minute("2026-11-23T12:00:00Z"), "t", "summary", words(en)),
    );
    const dayTime = new Intl.DateTimeFormat("en", {
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone: "UTC",
    });
    // A day wide, reaching back before the first point; it ends at the last run, not after it
    // (a trial saw the axis run 18 hours past the run that built the page).
    expect(shown[0]).toBe(dayTime.format(new Date("2026-11-22T12:00:00Z")));
    expect(shown.at(-1)).toBe(dayTime.format(new Date("2026-11-23T12:00:00Z")));
    expect(new Set(shown).size).toBe(shown.length);
  });

  it("labels a span of weeks with dates", () => {
    const points = [{ at: minute("2026-10-01T00:00:00Z"), total: 100, translated: 40 }];
    const shown = labels(
      trendChartSvg(points, minute("2026-11-01T00:00:00Z"), "t", "summary", words(en)),
    );
    expect(shown).toEqual(
      ["2026-10-01", "2026-10-08", "2026-10-16", "2026-10-24", "2026-11-01"].map(day),
    );
  });
});
