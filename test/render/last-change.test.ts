import { describe, expect, it } from "vitest";
import { minuteOf, minuteText } from "../../src/render/model/last-change.js";

/** The definition: the time parsed as a date, kept only if it is written back the same. */
function parsed(text: string): number {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})( UTC)?$/.exec(text);
  if (!match) return Number.NaN;
  const minute = Date.parse(`${match[1]}T${match[2]}:00Z`) / 60_000;
  const utc = match[3] !== undefined;
  if (!Number.isInteger(minute) || minute < 0) return Number.NaN;
  const iso = new Date(minute * 60_000).toISOString();
  if (`${iso.slice(0, 10)} ${iso.slice(11, 16)}${utc ? " UTC" : ""}` !== text) return Number.NaN;
  return utc ? minute : -minute - 1;
}

describe("a row's last change as a minute", () => {
  it("reads the two shown forms, and nothing else", () => {
    expect(minuteOf("1970-01-01 00:00 UTC")).toBe(0);
    expect(minuteOf("1970-01-01 00:01")).toBe(-2);
    expect(minuteOf("2026-10-03 08:14 UTC")).toBe(Date.parse("2026-10-03T08:14:00Z") / 60_000);
    expect(minuteText(minuteOf("2024-02-29 23:59 UTC"))).toBe("2024-02-29 23:59 UTC");
    expect(minuteText(minuteOf("2016-03-07 10:20"))).toBe("2016-03-07 10:20");
    for (const text of [
      "",
      "2023-02-29 10:00 UTC",
      "2026-04-31 10:00",
      "2026-01-01 24:00",
      "2026-01-01 10:60 UTC",
      "1969-12-31 23:59 UTC",
      "2026-1-01 10:00",
      "2026-01-01T10:00 UTC",
      "2026-01-01 10:00 utc",
      "2026-01-01 10:00 UTC ",
      "2026-01-0a 10:00",
      "２０２６-01-01 10:00",
    ])
      expect(minuteOf(text), text).toBeNaN();
  });

  it("gives what parsing the date gives, for any text of the forms' shape", () => {
    let seed = 11;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const two = (n: number) => String(n).padStart(2, "0");
    for (let i = 0; i < 50_000; i++) {
      const year = String(next(3) === 0 ? next(10_000) : 1960 + next(120)).padStart(4, "0");
      const text =
        `${year}-${two(next(14))}-${two(next(33))} ${two(next(26))}:${two(next(62))}` +
        (next(2) === 0 ? " UTC" : "");
      const expected = parsed(text);
      if (Number.isNaN(expected)) expect(minuteOf(text), text).toBeNaN();
      else expect(minuteOf(text), text).toBe(expected);
    }
  });
});
