import { describe, expect, it } from "vitest";
import { inGeneration } from "../../src/demo/generations.js";
import { validateRecord } from "../../src/validate/validate-record.js";
import { contractRecord } from "../helpers/fixtures.js";

// Records of each server generation the stand-in plays, through the validator: a 2026 record is
// usable with no warning (its additions and the repository details it hides from anonymous
// clients are known differences: notes), a 4.x record is the contract itself.

const BASE = "https://weblate.example";
const triple = { project: "proj", component: "comp", language: "cs" };
const check = (record: unknown) => validateRecord(record, triple, { baseUrl: BASE });

describe("records of each generation", () => {
  it("2026, anonymous: ok, no warning; the hidden repository details and the new fields are notes", () => {
    const result = check(inGeneration(contractRecord(BASE), "2026", false));
    expect(result.status).toBe("ok");
    expect(result.warnings).toEqual([]);
    const paths = result.notes.map((n) => n.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "language.id",
        "language.population",
        "component.vcs",
        "component.repo",
        "component.branch",
        "component.filemask",
        "component.push",
        "component.locked",
        "component.enforced_checks",
      ]),
    );
    // The project's shape is not noted: the crawl may have it from another endpoint
    // (validate-record.ts, projectShapeNote).
    expect(paths.filter((p) => p.startsWith("component.project."))).toEqual([]);
    expect(result.notes.find((n) => n.path === "component.filemask")?.message).toBe(
      "expected a string, found null",
    );
  });

  it("2026, with a token: the repository details are there", () => {
    const result = check(inGeneration(contractRecord(BASE), "2026", true));
    expect(result.warnings).toEqual([]);
    expect(result.notes.map((n) => n.path)).not.toContain("component.filemask");
  });

  it("4.x: the contract's own shape, nothing to note", () => {
    expect(check(inGeneration(contractRecord(BASE), "4", false))).toEqual({
      status: "ok",
      errors: [],
      warnings: [],
      notes: [],
    });
  });

  it("a null where a newer server hides nothing stays a warning", () => {
    const record = contractRecord(BASE);
    const result = check({
      ...record,
      component: { ...(record.component as object), file_format: null },
    });
    expect(result.warnings.map((w) => w.path)).toEqual(["component.file_format"]);
  });
});
