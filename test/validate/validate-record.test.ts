import { describe, expect, it } from "vitest";
import { toOlderShape } from "../../src/demo/older-shape.js";
import { translationSchema, usableRecordSchema } from "../../src/validate/contract.js";
import { isHttpUrl } from "../../src/text/http-url.js";
import { validateRecord } from "../../src/validate/validate-record.js";
import { contractRecord, set } from "../helpers/fixtures.js";

const BASE = "https://weblate.example";
const triple = { project: "proj", component: "comp", language: "cs" };
const check = (record: unknown, strict = false, t = triple) =>
  validateRecord(record, t, { baseUrl: BASE, strict });
const paths = (problems: { path: string }[]) => problems.map((p) => p.path);

describe("a record exactly as the contract describes it", () => {
  it("is ok with no warnings and no errors", () => {
    expect(check(contractRecord(BASE))).toEqual({
      status: "ok",
      errors: [],
      warnings: [],
      notes: [],
    });
  });

  it("is ok when numbers arrive as 75.0 and links carry ?format=api", () => {
    let record = contractRecord(BASE, {
      total: 100,
      stats: { translated: 75, fuzzy: 0, failingChecks: 0 },
    });
    for (const field of ["url", "file_url", "units_list_url"])
      record = set(record, field, `${record[field]}?format=api`);
    const text = JSON.stringify(record).replace(
      '"translated_percent":75',
      '"translated_percent":75.0',
    );
    expect(text).toContain('"translated_percent":75.0');
    expect(check(JSON.parse(text))).toEqual({ status: "ok", errors: [], warnings: [], notes: [] });
  });
});

describe("an Android code and a missing field: known differences of real servers", () => {
  const record = set(
    set(contractRecord(BASE, { language: "ach" }), "component.priority", undefined),
    "language_code",
    "b+ach",
  );
  const achTriple = { ...triple, language: "ach" };

  it("is ok with exactly two notes and no warning, each naming path, expectation and finding", () => {
    const result = check(record, false, achTriple);
    expect(result.status).toBe("ok");
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.notes).toEqual([
      {
        path: "language_code",
        message:
          'expected "ach", the same as language.code and the path (rule 3; repositories may use their own code, as Android\'s "b+ach" for "ach"), found "b+ach"',
      },
      { path: "component.priority", message: "expected an integer, found nothing (field missing)" },
    ]);
  });

  it("is invalid under --strict, the notes becoming errors", () => {
    const result = check(record, true, achTriple);
    expect(result.status).toBe("invalid");
    expect(paths(result.errors)).toEqual(["language_code", "component.priority"]);
    expect(result.warnings).toEqual([]);
    expect(result.notes).toEqual([]);
  });

  it("is invalid under --strict with a warning as well, every level becoming an error", () => {
    const result = check(set(record, "fuzzy_percent", 20), true, achTriple);
    expect(result.status).toBe("invalid");
    expect(paths(result.errors)).toEqual(["fuzzy_percent", "language_code", "component.priority"]);
  });
});

describe("errors: records the site cannot use are invalid", () => {
  const base = contractRecord(BASE);
  it.each([
    [
      "total missing",
      set(base, "total", undefined),
      "total",
      "expected a count (an integer >= 0), found nothing (field missing)",
    ],
    [
      "translated missing",
      set(base, "translated", undefined),
      "translated",
      "expected a count (an integer >= 0), found nothing (field missing)",
    ],
    [
      "fuzzy not a number",
      set(base, "fuzzy", "5"),
      "fuzzy",
      'expected a count (an integer >= 0), found "5"',
    ],
    [
      "failing_checks missing",
      set(base, "failing_checks", undefined),
      "failing_checks",
      "expected a count (an integer >= 0), found nothing (field missing)",
    ],
    [
      "translated_percent not a number",
      set(base, "translated_percent", null),
      "translated_percent",
      "expected a number, found null",
    ],
    [
      "translated > total",
      set(base, "translated", 92),
      "translated",
      "expected at most total (91), found 92",
    ],
    [
      "negative count",
      set(base, "fuzzy", -1),
      "fuzzy",
      "expected a count (an integer >= 0), found -1",
    ],
    [
      "another project",
      set(base, "component.project.slug", "other"),
      "component.project.slug",
      'expected "proj" (the requested project), found "other"',
    ],
    [
      "another component",
      set(base, "component.slug", "other"),
      "component.slug",
      'expected "comp" (the requested component), found "other"',
    ],
    [
      "component missing",
      set(base, "component", undefined),
      "component",
      "expected the component object, found nothing (field missing)",
    ],
    [
      "project slug missing",
      set(base, "component.project.slug", undefined),
      "component.project.slug",
      "expected the project slug (a string), found nothing (field missing)",
    ],
    [
      "another language",
      set(set(base, "language_code", "de"), "language.code", "de"),
      "language_code",
      'expected "cs" (the requested language), found "de"',
    ],
    [
      "no language code at all",
      set(set(base, "language_code", undefined), "language", undefined),
      "language_code",
      'expected the language code "cs" (language_code or language.code), found nothing (field missing)',
    ],
  ])("%s", (_name, record, path, message) => {
    const result = check(record);
    expect(result.status).toBe("invalid");
    expect(result.errors).toContainEqual({ path, message });
    // The same field is not reported again as a warning or a note.
    expect(paths(result.warnings)).not.toContain(path);
    expect(paths(result.notes)).not.toContain(path);
  });

  it.each([
    ["an array", [], "expected a JSON object, found an array of 0"],
    ["a string", "<html>", 'expected a JSON object, found "<html>"'],
    ["null", null, "expected a JSON object, found null"],
  ])("a body that is %s", (_name, body, message) => {
    expect(check(body)).toEqual({
      status: "invalid",
      errors: [{ path: "(body)", message }],
      warnings: [],
      notes: [],
    });
  });
});

describe("warnings: departures the site can live with, one test per contract rule", () => {
  const base = contractRecord(BASE);
  it.each([
    [
      "language_code differs from language.code, path matches code",
      set(base, "language.code", "cs_CZ"),
      "language.code",
      'expected the same value as language_code ("cs"), found "cs_CZ"',
    ],
    [
      "license_url a URL without a license",
      set(base, "component.license_url", "https://spdx.org/licenses/MIT"),
      "component.license_url",
      'expected null (no license is set), found "https://spdx.org/licenses/MIT"',
    ],
    [
      "enforced_checks not JSON array text",
      set(base, "component.enforced_checks", "same"),
      "component.enforced_checks",
      'expected a string holding JSON array text such as "[]", found "same"',
    ],
    [
      "translated_percent off",
      set(base, "translated_percent", 50),
      "translated_percent",
      "expected about 39.5 (36 of 91), found 50",
    ],
    [
      "translated_percent above 100",
      set(base, "translated_percent", 150),
      "translated_percent",
      "expected a percent from 0 to 100, found 150",
    ],
    [
      "fuzzy_percent off",
      set(base, "fuzzy_percent", 20),
      "fuzzy_percent",
      "expected about 5.4 (5 of 91), found 20",
    ],
    [
      "fuzzy_percent not 0 without fuzzy",
      set(set(base, "fuzzy", 0), "fuzzy_percent", 5.4),
      "fuzzy_percent",
      "expected 0 (no fuzzy strings), found 5.4",
    ],
    [
      "failing_checks_percent rounded, not cut",
      set(set(base, "failing_checks", 2), "failing_checks_percent", 2.3),
      "failing_checks_percent",
      "expected 2.1 (2 of 91, cut to one decimal), found 2.3",
    ],
    ["fuzzy above total", set(base, "fuzzy", 95), "fuzzy", "expected at most total (91), found 95"],
    [
      "failing checks above total",
      set(base, "failing_checks", 95),
      "failing_checks",
      "expected at most total (91), found 95",
    ],
    [
      "web_url off its documented path",
      set(base, "web_url", `${BASE}/projects/proj/comp/`),
      "web_url",
      `expected "${BASE}/projects/proj/comp/cs/" (the documented path), found "${BASE}/projects/proj/comp/"`,
    ],
    [
      "API link on another server",
      set(base, "component.url", "https://other.example/api/components/proj/comp/"),
      "component.url",
      `expected "${BASE}/api/components/proj/comp/" (the documented path), found "https://other.example/api/components/proj/comp/"`,
    ],
    [
      "language link",
      set(base, "language.statistics_url", `${BASE}/api/languages/cs/stats/`),
      "language.statistics_url",
      `expected "${BASE}/api/languages/cs/statistics/" (the documented path), found "${BASE}/api/languages/cs/stats/"`,
    ],
    [
      "project link",
      set(base, "component.project.languages_url", `${BASE}/api/projects/proj/`),
      "component.project.languages_url",
      `expected "${BASE}/api/projects/proj/languages/" (the documented path), found "${BASE}/api/projects/proj/"`,
    ],
    [
      "share_url",
      set(base, "share_url", `${BASE}/engage/proj/`),
      "share_url",
      `expected "${BASE}/engage/proj/cs/" (the documented path), found "${BASE}/engage/proj/"`,
    ],
    [
      "a URL that is not one",
      set(base, "translate_url", "javascript:alert(1)"),
      "translate_url",
      'expected an absolute http(s) URL, found "javascript:alert(1)"',
    ],
    [
      "filemask without *",
      set(base, "component.filemask", "po/cs.po"),
      "component.filemask",
      'expected a path with "*" standing for the language code, found "po/cs.po"',
    ],
    [
      "last_change not a timestamp",
      set(base, "last_change", "yesterday"),
      "last_change",
      'expected null or an ISO-8601 timestamp, found "yesterday"',
    ],
    [
      "last_author not a string",
      set(base, "last_author", 7),
      "last_author",
      "expected null or a string, found 7",
    ],
    [
      "direction outside ltr/rtl",
      set(base, "language.direction", "ttb"),
      "language.direction",
      'expected "ltr" or "rtl", found "ttb"',
    ],
    [
      "is_source not a boolean",
      set(base, "is_source", "no"),
      "is_source",
      'expected a boolean, found "no"',
    ],
    ["id not an integer", set(base, "id", 4.5), "id", "expected an integer, found 4.5"],
    [
      "aliases not strings",
      set(base, "language.aliases", [1]),
      "language.aliases[0]",
      "expected a string, found 1",
    ],
  ])("%s", (_name, record, path, message) => {
    const result = check(record);
    expect(result.status).toBe("ok");
    expect(result.errors).toEqual([]);
    expect(result.warnings).toContainEqual({ path, message });
    expect(paths(result.notes)).not.toContain(path);
  });

  it("keeps a record whose project the server sent nowhere: a warning, not an error", () => {
    const result = check(set(contractRecord(BASE), "component.project", undefined));
    expect(result.status).toBe("ok");
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      {
        path: "component.project",
        message: "expected a project object, found nothing (field missing)",
      },
    ]);
    expect(check(set(contractRecord(BASE), "component.project", null)).status).toBe("invalid");
  });
});

describe("notes: known differences of real servers (older and newer versions), one test each", () => {
  const base = contractRecord(BASE);
  it.each([
    [
      "extra field from a newer server",
      set(base, "language.population", 1000),
      "language.population",
      "expected no such field (it is not in the contract), found 1000",
    ],
    [
      "component.category",
      set(base, "component.category", null),
      "component.category",
      "expected no such field (it is not in the contract), found null",
    ],
    [
      "missing field of an older server",
      set(base, "units_list_url", undefined),
      "units_list_url",
      "expected an absolute http(s) URL, found nothing (field missing)",
    ],
    [
      "license_url empty",
      set(base, "license_url", ""),
      "license_url",
      'expected no such field (it is not in the contract), found ""',
    ],
    [
      "component.license_url empty",
      set(base, "component.license_url", ""),
      "component.license_url",
      'expected null, or a URL when a license is set, found ""',
    ],
    [
      "enforced_checks a real array",
      set(base, "component.enforced_checks", []),
      "component.enforced_checks",
      'expected a string holding JSON array text such as "[]", found an array of 0',
    ],
    [
      "name differs from slug",
      set(base, "component.name", "Comp"),
      "component.name",
      'expected the same value as component.slug ("comp"), found "Comp"',
    ],
    [
      "two revisions joined by a comma",
      set(base, "revision", "abc123,def456"),
      "revision",
      'expected one revision (this looks like two hashes joined by a comma: file and template), found "abc123,def456"',
    ],
    [
      "filemask of another shape",
      set(base, "component.filemask", "po/*.po"),
      "component.filemask",
      'expected the shape "<component_slug>/i18n/*.po" ("comp/i18n/*.po"), found "po/*.po"',
    ],
    [
      "unknown template placeholder",
      set(base, "component.add_message", "Added {{ author }}"),
      "component.add_message",
      expect.stringMatching(
        /^expected placeholders among language_name, .*addon_name, found "\{\{ author \}\}"$/,
      ),
    ],
    [
      "plural replaced by nplurals",
      set(base, "language.plural", undefined),
      "language.plural",
      "expected an object {id, source, number, formula, type}, found nothing (field missing)",
    ],
  ])("%s", (_name, record, path, message) => {
    const result = check(record);
    expect(result.status).toBe("ok");
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.notes).toContainEqual({ path, message });
  });

  it.each([
    ["no zone", "2016-03-07T10:20:05.499"],
    ["Z", "2020-08-03T11:56:20.257895Z"],
    ["an offset", "2020-08-03T11:56:20+02:00"],
    ["null", null],
  ])("last_change with %s is fine, also when last_author alone is null", (_name, value) => {
    const record = set(set(contractRecord(BASE), "last_change", value), "last_author", null);
    expect(check(record).warnings).toEqual([]);
  });

  it("accepts a right-to-left language", () => {
    expect(check(set(contractRecord(BASE), "language.direction", "rtl")).warnings).toEqual([]);
  });

  it("accepts translated_percent 100 at total 0 and warns on 0.0 (older servers)", () => {
    const empty = contractRecord(BASE, {
      total: 0,
      stats: { translated: 0, fuzzy: 0, failingChecks: 0 },
    });
    expect(check(empty)).toEqual({ status: "ok", errors: [], warnings: [], notes: [] });
    expect(check(set(empty, "translated_percent", 0)).warnings).toEqual([
      {
        path: "translated_percent",
        message: "expected 100 (translated equals total, also when total is 0), found 0",
      },
    ]);
  });

  it("keeps a record in an older server's shape, with a note per missing or extra field and no warning", () => {
    const result = check(toOlderShape(contractRecord(BASE)));
    expect(result.status).toBe("ok");
    expect(result.warnings).toEqual([]);
    expect(paths(result.notes)).toEqual(
      expect.arrayContaining([
        "id",
        "is_source",
        "statistics_url",
        "changes_list_url",
        "units_list_url",
        "language.plural",
        "language.aliases",
        "language.nplurals",
        "language.pluralequation",
        "component.id",
        "component.priority",
      ]),
    );
    // Its project's shape is not noted: the crawl may have it from another endpoint.
    expect(paths(result.notes).filter((p) => p.startsWith("component.project."))).toEqual([]);
  });

  it("keeps a record of a newer server, with a note per added field", () => {
    let record = contractRecord(BASE);
    const added = {
      "language.id": 7,
      "language.population": 10_000_000,
      "component.category": null,
      "component.is_glossary": false,
      "component.links_url": `${BASE}/api/components/proj/comp/links/`,
      "component.task_url": null,
      announcements_url: `${BASE}/api/translations/proj/comp/cs/announcements/`,
    };
    for (const [path, value] of Object.entries(added)) record = set(record, path, value);
    const result = check(record);
    expect(result.status).toBe("ok");
    expect(result.warnings).toEqual([]);
    expect(paths(result.notes).sort()).toEqual(Object.keys(added).sort());
  });
});

describe("a component inside a category (newer servers)", () => {
  const inDocs = { ...triple, component: "docs%2Fcomp" };
  const record = contractRecord(BASE, { category: "docs" });

  it("is asked for by its path and has its API links at docs%252Fcomp, its web links at docs/comp", () => {
    expect(record.url).toBe(`${BASE}/api/translations/proj/docs%252Fcomp/cs/`);
    expect(record.web_url).toBe(`${BASE}/projects/proj/docs/comp/cs/`);
    const result = check(record, false, inDocs);
    expect(result.status).toBe("ok");
    expect(result.errors).toEqual([]);
    // Only the category link itself, which the contract does not list: a newer server's field.
    expect(result.warnings).toEqual([]);
    expect(result.notes).toEqual([
      {
        path: "component.category",
        message: `expected no such field (it is not in the contract), found "${BASE}/api/categories/2/"`,
      },
    ]);
  });

  it("is another component when its slug is not the last part of the path", () => {
    const result = check(set(record, "component.slug", "other"), false, inDocs);
    expect(result.status).toBe("invalid");
    expect(result.errors).toEqual([
      {
        path: "component.slug",
        message: 'expected "comp" (the requested component, in docs/comp), found "other"',
      },
    ]);
  });

  it("warns about links that point elsewhere, as the same slug in another category would have them", () => {
    const result = check(contractRecord(BASE, { category: "guides" }), false, inDocs);
    expect(result.status).toBe("ok");
    expect(paths(result.warnings)).toEqual(
      expect.arrayContaining([
        "url",
        "web_url",
        "translate_url",
        "component.url",
        "component.web_url",
      ]),
    );
  });
});

describe("records of one list, sharing one component object", () => {
  const shared = set(
    contractRecord(BASE),
    "component.lock_url",
    `${BASE}/api/components/proj/comp/locked/`,
  ).component;
  const withShared = (language: string) => ({
    ...contractRecord(BASE, { language }),
    component: shared,
  });

  it("each carry the component's departures", () => {
    for (const language of ["cs", "de", "cs"]) {
      const result = check(withShared(language), false, { ...triple, language });
      expect(result.status).toBe("ok");
      expect(paths(result.warnings)).toEqual(["component.lock_url"]);
    }
  });

  it("have the component's links checked against the component each one was asked for", () => {
    check(withShared("cs"));
    const other = { ...triple, component: "other" };
    const result = check(withShared("cs"), false, other);
    expect(paths(result.errors)).toEqual(["component.slug"]);
    expect(paths(result.warnings)).toContain("component.url");
    expect(paths(result.warnings)).toContain("component.translations_url");
    expect(paths(check(withShared("cs")).warnings)).toEqual(["component.lock_url"]);
  });
});

describe("isHttpUrl", () => {
  // The reference: what the WHATWG URL parser says, whatever the fast path does.
  const reference = (value: string) => {
    try {
      return ["http:", "https:"].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  };
  const cases = [
    "https://weblate.example/api/",
    "HTTP://WEBLATE.EXAMPLE",
    "http://[::1]:8080/x",
    "http://127.0.0.1",
    " http://x/",
    "http:/x",
    "http:///x",
    "http://",
    "https://a b/",
    "ftp://x/",
    "mailto:a@b",
    "javascript:alert(1)",
    "//x/",
    "",
    "http://x:99999/",
    "https://%zz/",
    "http://1.2.3.4/",
    "http://255.255.255.255:65535/x",
    "http://1.2.3.256/",
    "http://01.2.3.4/",
    "http://1.2.3/",
    "http://0x7f.1/",
    "http://a.0x7f/",
    "http://example.123/",
    "http://a.b1/",
    "http://xn--zz/",
    "http://XN--ZZ.example/",
    "http://xn--bcher-kva.example/",
    "http://a..b/",
    "http://example.com./",
    "http://-a-/",
    "http://example.com:65536/",
    "http://example.com:0/",
    "http://example.com:08/",
    "http://example.com:/",
    "https://a-b.example/x y?q=1#f",
    "http://a\\b/",
    "http://a\tb/",
    "http://ex ample/",
    "http://user:pw@host/",
    "http://host\n/",
    "https://weblate.example/api/translations/p/c/b+ach/",
    "http://[::1/",
    "http://ä.example/",
    "http://a%41.example/",
  ];

  it.each(cases)("answers %j as the URL parser does", (value) => {
    expect(isHttpUrl(value)).toBe(reference(value));
  });

  it("answers as the URL parser does right after a link of the same server passed", () => {
    const suffixes = [
      "",
      "/",
      "/x",
      "?q",
      "#f",
      ":80/",
      ":99999/",
      "0/",
      ".x/",
      "-/",
      "\\x",
      " x",
      "\tx",
      "@h/",
      "%41/",
      "./",
      ":/",
    ];
    for (const origin of [
      "http://127.0.0.1",
      "https://weblate.example:8443",
      "HTTP://Weblate.Example",
    ]) {
      for (const suffix of suffixes) {
        expect(isHttpUrl(`${origin}/api/`)).toBe(true);
        expect(isHttpUrl(`${origin}${suffix}`), `${origin}${suffix}`).toBe(
          reference(`${origin}${suffix}`),
        );
      }
    }
  });
});

describe("the usable schema", () => {
  // validateRecord skips it for a record that meets the contract, which is sound only if the
  // contract refuses everything the usable schema refuses.
  const fields = [
    "component",
    "component.slug",
    "component.project",
    "component.project.slug",
    "total",
    "translated",
    "fuzzy",
    "failing_checks",
    "translated_percent",
  ];
  const values = [undefined, null, "", "x", -1, 1.5, 101, {}, []];

  it("refuses nothing that the contract accepts", () => {
    let refused = 0;
    for (const path of fields) {
      for (const value of values) {
        const record = set(contractRecord(BASE), path, value);
        if (usableRecordSchema.safeParse(record).success) continue;
        refused += 1;
        const own = translationSchema.safeParse(record).success;
        expect(own, `${path} = ${JSON.stringify(value)}`).toBe(false);
        expect(check(record).status, `${path} = ${JSON.stringify(value)}`).toBe("invalid");
      }
    }
    expect(refused).toBeGreaterThan(40);
  });
});
