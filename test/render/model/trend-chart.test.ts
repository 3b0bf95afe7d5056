import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { trendChartSvg, type ChartWords } from "../../../src/render/model/trend-chart.js";
import { LocaleFormat } from "../../../src/i18n/locale-format.js";

const en = new LocaleFormat("en");
const words = (f: LocaleFormat, rtl = false): ChartWords => ({
  title: "Translated strings against total strings over time",
  format: f,
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

const dayTime = (iso: string) =>
  new Intl.DateTimeFormat("en", {
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  }).format(new Date(iso));
/** The x of each move and horizontal line of a path, in the plot's 1000 units. */
const xs = (svg: string, name: string) =>
  [
    ...(parse(svg).querySelector(`path.${name}`)?.getAttribute("d") ?? "").matchAll(
      /[MH]([\d.]+)/g,
    ),
  ].map((m) => Number(m[1]));

describe("trendChartSvg: the time axis spans the data", () => {
  it("runs minutes apart fill the plot, the first and the last labelled with day and time", () => {
    const points = [
      { at: minute("2026-11-20T06:00:00Z"), total: 100, translated: 40 },
      { at: minute("2026-11-20T06:05:00Z"), total: 100, translated: 50 },
    ];
    const svg = trendChartSvg(points, minute("2026-11-20T06:12:00Z"), "t", "summary", words(en));
    // A margin of a twentieth of the span each side: from 45 to 955 of 1000 (a trial saw three
    // runs minutes apart drawn in the last 0.2% of an axis a day wide).
    expect(xs(svg, "translated")).toEqual([45, 424, 955]);
    expect(labels(svg)).toEqual(["2026-11-20T06:00:00Z", "2026-11-20T06:12:00Z"].map(dayTime));
  });

  it("labels runs two days apart with their days", () => {
    const points = [{ at: minute("2026-11-18T06:00:00Z"), total: 100, translated: 40 }];
    const svg = trendChartSvg(points, minute("2026-11-20T06:00:00Z"), "t", "s", words(en));
    expect(labels(svg)).toEqual(["2026-11-18", "2026-11-19", "2026-11-20"].map(day));
  });

  it("labels a span of weeks with dates; right to left, time runs leftwards", () => {
    const points = [{ at: minute("2026-10-01T00:00:00Z"), total: 100, translated: 40 }];
    const end = minute("2026-11-01T00:00:00Z");
    const svg = trendChartSvg(points, end, "t", "summary", words(en));
    expect(labels(svg)).toEqual(["2026-10-01", "2026-10-16", "2026-11-01"].map(day));
    const rtl = xs(trendChartSvg(points, end, "t", "summary", words(en, true)), "translated");
    expect(rtl).toEqual([955, 45]);
  });

  it("draws a single run as a point in the middle, with its time", () => {
    const at = minute("2026-11-20T06:00:00Z");
    const svg = parse(
      trendChartSvg([{ at, total: 100, translated: 40 }], at, "t", "summary", words(en)),
    );
    // A dot for each line, the total's under the translated one's.
    expect(svg.querySelectorAll("circle").map((c) => [c.classNames, c.getAttribute("cx")])).toEqual(
      [
        ["total", "56.5%"],
        ["translated", "56.5%"],
      ],
    );
    expect(labels(svg.toString())).toEqual([dayTime("2026-11-20T06:00:00Z")]);
  });
});

describe("trendChartSvg: the counts", () => {
  it("writes large totals in compact form, in the page's locale", () => {
    const at = minute("2026-11-20T06:00:00Z");
    const counts = (f: LocaleFormat) =>
      parse(
        trendChartSvg(
          [{ at, total: 1_500_000, translated: 900_000 }],
          at + 60,
          "t",
          "summary",
          words(f),
        ),
      )
        .querySelectorAll("g text")
        .map((t) => t.text);
    expect(counts(en)).toEqual(["0", "500K", "1M", "1.5M"]);
    expect(counts(new LocaleFormat("de"))).toEqual([
      "0",
      "500.000",
      "1\u00a0Mio.",
      "1,5\u00a0Mio.",
    ]);
  });

  it("keeps the page's numbers where they fit", () => {
    const at = minute("2026-11-20T06:00:00Z");
    const svg = trendChartSvg([{ at, total: 8000, translated: 10 }], at + 60, "t", "s", words(en));
    expect(
      parse(svg)
        .querySelectorAll("g text")
        .map((t) => t.text),
    ).toEqual(["0", "2,000", "4,000", "6,000", "8,000"]);
  });
});
