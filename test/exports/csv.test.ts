import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvRecord, csvText } from "../../src/exports/csv.js";
import {
  exportsSnapshot,
  SHOWN_COMPONENT,
  HOSTILE_PROJECT,
  QUOTED_CODE,
  renderedFiles,
} from "./fixture.js";

// data/translations.csv and data/projects.csv, read back with papaparse (an independent RFC 4180
// parser) as a spreadsheet would get them.

const parse = (text: string) => {
  const result = Papa.parse<Record<string, string>>(text, {
    header: true,
    newline: "\r\n",
    skipEmptyLines: true,
  });
  expect(result.errors).toEqual([]);
  return result;
};

describe("CSV cells", () => {
  it("quotes what RFC 4180 asks and guards formulas", () => {
    expect(csvText("plain")).toBe("plain");
    expect(csvText('a "b", c')).toBe('"a ""b"", c"');
    expect(csvText("two\nlines")).toBe('"two\nlines"');
    expect(csvText("cr\ronly")).toBe('"cr\ronly"');
    for (const start of ["=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20"])
      expect(csvText(`${start}1+1`).replace(/^"/, "")).toMatch(/^'/);
    expect(csvRecord(["a", 1.5, undefined, -2, Number.NaN])).toBe("a,1.5,,-2,\r\n");
  });
});

describe("data/translations.csv", async () => {
  const files = await renderedFiles(exportsSnapshot());
  const text = files.get("data/translations.csv")!;

  it("is UTF-8 CSV with a header, CRLF line ends, one row per tracked translation", () => {
    expect(text.split("\r\n").at(-1)).toBe("");
    const { data, meta } = parse(text);
    expect(meta.fields?.slice(0, 9)).toEqual([
      "project",
      "component",
      "language",
      "project_name",
      "component_name",
      "language_name",
      "status",
      "stale_as_of",
      "percent",
    ]);
    expect(data.map((r) => `${r.project}/${r.component}/${r.language}`)).toEqual([
      `other/manual/docs/${QUOTED_CODE}`,
      "proj/comp/cs",
      "proj/comp/de",
      "proj/comp/fr",
    ]);
  });

  it("keeps hostile names as text: quoted, and guarded against formulas", () => {
    const rows = parse(text).data;
    const cs = rows.find((r) => r.language === "cs")!;
    expect(cs.project_name).toBe(`'${HOSTILE_PROJECT}`);
    expect(cs.component_name).toBe(SHOWN_COMPONENT);
    expect(rows.find((r) => r.language === "de")!.language_name).toBe("'@German");
    expect(rows.find((r) => r.project === "other")!.language).toBe(QUOTED_CODE);
  });

  it("has the numbers of the records, and the percent the site shows", () => {
    const rows = parse(text).data;
    const cs = rows.find((r) => r.language === "cs")!;
    // 36 of 91 strings: 39.56..., floored to one decimal as the site shows it.
    expect(cs).toMatchObject({
      status: "ok",
      percent: "39.5",
      total: "91",
      translated: "36",
      fuzzy: "5",
      failing_checks: "2",
      total_words: "546",
      translated_words: "216",
      last_change: "2020-08-03T11:56Z",
      last_author: "Jane Doe",
      page: "proj/comp/cs/",
    });
    expect(rows.find((r) => r.language === "de")!.percent).toBe("100");
    // A failed translation: its status, no numbers.
    expect(rows.find((r) => r.language === "fr")).toMatchObject({
      status: "failed",
      percent: "",
      total: "",
    });
  });
});

describe("data/projects.csv", () => {
  it("has a row per project with its statuses and sums", async () => {
    const { data } = parse((await renderedFiles(exportsSnapshot())).get("data/projects.csv")!);
    expect(data).toHaveLength(2);
    const proj = data.find((r) => r.project === "proj")!;
    // cs 36/91 and de 91/91: 127 of 182 = 69.78 -> 69.7. fr failed: a failure, not a language.
    expect(proj).toMatchObject({
      name: `'${HOSTILE_PROJECT}`,
      components: "1",
      languages: "2",
      translations: "3",
      ok: "2",
      failed: "1",
      invalid: "0",
      percent: "69.7",
      total: "182",
      translated: "127",
    });
  });
});
