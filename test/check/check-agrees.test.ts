import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { runCheck } from "../../src/check/check.js";
import { checkOptionsSchema, siteOptionsSchema } from "../../src/config/schema.js";
import { METRICS, PROGRESSES } from "../../src/model/measure.js";
import { render, snapshot } from "../helpers/measure-fixture.js";

// `check` judges the percent the site shows: for every measure, with and without a review
// workflow, with and without the components' statistics (characters, approved), each
// translation's percent and the note on what it fell back to are those of the component page, of
// data/translations.csv and of the translation's badge. (A trial found check falling back to
// strings where the pages fell back only to translated words: a gate passing what the site shows
// below the minimum.)

const CASES = METRICS.flatMap((metric) =>
  PROGRESSES.flatMap((progress) =>
    [true, false].flatMap((review) =>
      [true, false].map((statistics) => ({ metric, progress, review, statistics })),
    ),
  ),
);

describe.each(CASES)(
  "$metric $progress, review $review, statistics $statistics",
  ({ metric, progress, review, statistics }) => {
    it("check counts what the page, the CSV and the badge show, with the page's note", async () => {
      const snap = snapshot(review, statistics);
      const site = siteOptionsSchema.parse({ metric, progress });
      const r = await render(snap, { metric, progress });
      const csv = Papa.parse<Record<string, string>>(r.files.get("data/translations.csv")!, {
        header: true,
        skipEmptyLines: true,
      }).data;
      // Every translation offends a minimum of 100%: check says its percent.
      const offenders = runCheck(
        snap,
        checkOptionsSchema.parse({ minPercent: 100 }),
        undefined,
        site,
      ).offenders;
      expect(offenders.map((o) => o.translation)).toEqual(["proj/comp/de", "proj/comp/fr"]);
      for (const o of offenders) {
        const code = o.translation.split("/")[2]!;
        const shown = r.percents[code];
        expect(o.message.endsWith(", below the minimum of 100%")).toBe(true);
        const said = o.message.replace(/, below the minimum of 100%$/, "");
        expect(said.startsWith(`${shown} of `), `${said} vs the page's ${shown}`).toBe(true);
        // In the page's words, with the page's note (both translations count alike here).
        expect(said.endsWith(` ${unitWords(r.summary)}`), `${said} vs ${r.summary}`).toBe(true);
        expect(`${csv.find((row) => row.language === code)?.percent}%`).toBe(shown);
        expect(r.badges[code as "de" | "fr"]).toBe(shown);
      }
    });
  },
);

/** "strings translated (its note)" from "65% of 20 strings translated (its note) in 2 languages". */
function unitWords(summary: string): string {
  const m = /of [\d,]+ (\w+ \w+(?: \([^)]*\))?)/.exec(summary);
  return m?.[1] ?? "";
}
