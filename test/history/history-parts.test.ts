import { describe, expect, it } from "vitest";
import { emptyHistory, type Counts, type History } from "../../src/history/history.js";
import { HistoryFormatError } from "../../src/history/history-file.js";
import { historyFiles, StalePart } from "../../src/history/history-parts.js";
import { readHistory } from "../helpers/read-history.js";
import { mergeRun } from "../../src/history/merge-run.js";

// The history split by project (history-parts.ts): written as an index and a part per project,
// read back whole; a tampered index or part is refused or cleaned, never followed.

const counts = (translated: number): Counts => ({
  total: 10,
  translated,
  fuzzy: 0,
  failingChecks: 0,
  totalWords: 60,
  translatedWords: translated * 6,
  totalChars: -1,
  translatedChars: -1,
  approved: -1,
  approvedWords: -1,
  approvedChars: -1,
});
const entry = (key: string, translated: number) => {
  const [project = "", component = "", language = ""] = key.split("/");
  return { project, component, language, counts: counts(translated) };
};

function twoProjects(): History {
  const h = emptyHistory("https://weblate.example");
  mergeRun(
    h,
    "2026-11-01T06:00:00Z",
    [entry("a/c/de", 1), entry("a/c/fr", 2), entry("b/c/de", 3)],
    {
      threshold: 90,
    },
  );
  mergeRun(h, "2026-11-02T06:00:00Z", [entry("a/c/de", 4), entry("b/c/de", 3)], { threshold: 90 });
  return h;
}

/** The files as parsed JSON, by path. */
function written(h: History): Map<string, Record<string, unknown>> {
  return new Map(historyFiles(h).map((f) => [f.path, JSON.parse(f.render())]));
}

const partsOf = (files: Map<string, Record<string, unknown>>) =>
  new Map([...files].filter(([p]) => p !== "history.json").map(([p, j]) => [String(j.project), j]));

describe("the history split by project", () => {
  it("writes an index and a part per project, and reads them back to the same history", () => {
    const h = twoProjects();
    const files = written(h);
    expect([...files.keys()]).toEqual(["history.json", "history/a.json", "history/b.json"]);
    const index = files.get("history.json")!;
    expect(index).toMatchObject({ schemaVersion: 3, lastRun: "2026-11-02T06:00:00Z" });
    expect(index.parts).toEqual({
      a: { path: "history/a.json", series: 2 },
      b: { path: "history/b.json", series: 1 },
    });
    expect(Object.keys(files.get("history/a.json")!.series as object)).toEqual([
      "a/c/de",
      "a/c/fr",
    ]);
    expect(files.get("history/a.json")!.gone).toEqual({ "a/c/fr": expect.any(Number) });
    const back = readHistory(index, "data/history.json", [], partsOf(files));
    expect([...back.series]).toEqual([...h.series]);
    expect([...back.gone]).toEqual([...h.gone]);
    expect(back.runs).toEqual(h.runs);
    expect(back.previousRun).toBe(h.previousRun);
  });

  it("refuses an index whose part paths are not its projects', a part of another project, a part missing", () => {
    const files = written(twoProjects());
    const index = files.get("history.json")!;
    const parts = partsOf(files);
    const refused =
      (json: unknown, p = parts) =>
      () =>
        readHistory(json, "data/history.json", [], p);
    expect(refused({ ...index, parts: { a: { path: "../../etc/passwd", series: 1 } } })).toThrow(
      'history data/history.json: "parts.a": not the path of a project\'s part',
    );
    expect(
      refused({ ...index, parts: { "../x": { path: "history/../x.json", series: 1 } } }),
    ).toThrow(HistoryFormatError);
    expect(refused(index, new Map([...parts, ["b", { ...parts.get("b"), project: "a" }]]))).toThrow(
      'history data/history/b.json: "project": not b',
    );
    expect(refused(index, new Map([...parts].filter(([p]) => p === "a")))).toThrow(
      "history/b.json not read",
    );
    expect(refused({ ...index, schemaVersion: 4 })).toThrow(
      "schemaVersion 4 is newer than this version of l10n-snapshot reads (3)",
    );
  });

  it("takes a part only from its index's run and with the count it lists", () => {
    const files = written(twoProjects());
    const index = files.get("history.json")!;
    const parts = partsOf(files);
    const a = parts.get("a")!;
    expect(a.run).toBe("2026-11-02T06:00:00Z");
    const read = (part: unknown) => () =>
      readHistory(index, "data/history.json", [], new Map([...parts, ["a", part]]));
    expect(read({ ...a, run: "2026-11-01T06:00:00Z" })).toThrow(StalePart);
    expect(
      read({ ...a, series: { "a/c/de": (a.series as Record<string, string>)["a/c/de"] } }),
    ).toThrow("history data/history/a.json: holds 1 series where the index lists 2");
    // Every part names its run: one without is not a part of this format.
    const { run: _, ...unstamped } = a;
    expect(read(unstamped)).toThrow('history data/history/a.json: "run": Invalid input');
  });

  it("drops a series a part holds for another project, saying so", () => {
    const files = written(twoProjects());
    const parts = partsOf(files);
    const b = parts.get("b")!;
    const series = { ...(b.series as Record<string, string>), "a/c/de": "AAAA" };
    const warnings: string[] = [];
    // The index counts what the part holds (tampered alike), so the part is read.
    const index = files.get("history.json")!;
    const refs = { ...(index.parts as object), b: { path: "history/b.json", series: 2 } };
    const h = readHistory(
      { ...index, parts: refs },
      "data/history.json",
      warnings,
      new Map([...parts, ["b", { ...b, series }]]),
    );
    expect(h.series.get("a/c/de")).toEqual(twoProjects().series.get("a/c/de"));
    expect(warnings).toEqual([
      expect.stringMatching(
        /^history data\/history\.json: 1 series and 0 changes .* dropped, e\.g\. "a\/c\/de"/,
      ),
    ]);
  });
});
