import { describe, expect, it } from "vitest";
import { loadLocales } from "../../../src/i18n/catalogs.js";
import { STRINGS_TRANSLATED } from "../../../src/model/measure.js";
import { trendView } from "../../../src/render/model/history-words.js";
import { MeasureWords } from "../../../src/render/model/measure-words.js";

// The trend chart's caption: its span in days, or in days and times when the runs fall on one day,
// and the points it records (a run that changed nothing adds none), not "changes".

const minute = (iso: string) => Date.parse(iso) / 60_000;
const [en] = loadLocales(["en"]);

function caption(...at: string[]): string {
  const points = at.map((iso, i) => ({ at: minute(iso), total: 100, translated: 50 + i }));
  const data = { points, end: points.at(-1)!.at, used: STRINGS_TRANSLATED, deltas: [] };
  return trendView(data, en!, new MeasureWords(en!, STRINGS_TRANSLATED)).summary;
}

describe("the trend caption", () => {
  it("gives the times of runs on one day, and counts their points", () => {
    const text = caption("2026-11-20T06:00:00Z", "2026-11-20T06:05:00Z", "2026-11-20T06:12:00Z");
    expect(text).toMatch(/^From Nov 20, 2026, 6:00\sAM UTC to Nov 20, 2026, 6:12\sAM UTC: /);
    expect(text).toContain("(3 points recorded)");
  });

  it("gives the days of runs on different days", () => {
    const text = caption("2026-11-18T06:00:00Z", "2026-11-20T06:00:00Z");
    expect(text).toMatch(/^From Nov 18, 2026 to Nov 20, 2026: /);
    expect(text).toContain("(2 points recorded)");
  });
});
