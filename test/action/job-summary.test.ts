import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";
import { parse as parseHtml } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { jobSummary } from "../../src/action/job-summary.js";
import type { CheckResult } from "../../src/check/check.js";
import { stepSummaryMarkdown } from "../../src/check/report-check.js";
import { markdownText } from "../../src/text/markdown-text.js";
import { sanitizeText } from "../../src/text/sanitize.js";

// The job summaries (the Action's and check's): Markdown that GitHub renders, read back here with
// micromark and its GFM extension (tables, autolink literals, strikethrough, the tag filter), the
// CommonMark parser closest to GitHub's cmark-gfm, raw HTML allowed as GitHub allows some: every
// text from a server shows as itself, and makes no element of its own.

/** The HTML GitHub would make of a summary (raw HTML passed through, as the worst case). */
const render = (markdown: string) =>
  parseHtml(
    micromark(markdown, {
      allowDangerousHtml: true,
      extensions: [gfm()],
      htmlExtensions: [gfmHtml()],
    }),
  );

const HOSTILE = [
  "<img src=x onerror=alert(1)>",
  "<script>alert(1)</script>",
  "a | b || c",
  "[link](https://evil.example) and ![pic](https://evil.example/p.png)",
  "see https://evil.example/login?next=1 or www.evil.example or mail@evil.example",
  "`code` **bold** _em_ ~~gone~~ [^1]",
  "&lt;b&gt; &#42; &amp;",
  "back\\slash \\| \\",
  "# heading > quote - item 1. item",
  "line\nbreak\r\n::error::forged",
];
/** What a reader sees of a hostile text: itself, sanitized, on one line. */
const shown = (text: string) => sanitizeText(text.replace(/\s+/g, " ").trim());

/** The elements a summary may hold; anything else came from the data. */
const ALLOWED = new Set(["h3", "p", "table", "thead", "tbody", "tr", "th", "td", "blockquote"]);
function expectOnlyOwnMarkup(html: ReturnType<typeof parseHtml>) {
  const tags = html.querySelectorAll("*").map((e) => e.tagName.toLowerCase());
  expect(tags.filter((t) => !ALLOWED.has(t))).toEqual([]);
}

describe("the action's job summary", () => {
  it("tabulates the build's summary and lists what failed", () => {
    const text = jobSummary(
      {
        command: "build",
        exitCode: 1,
        baseUrl: "https://weblate.example",
        translations: 3,
        ok: 2,
        warnings: 1,
        invalid: 0,
        failed: 1,
        requests: 4,
        seconds: 1.234,
        out: "out",
        files: 1,
        problems: [
          {
            translation: "p/c/xx",
            status: "failed",
            message: '[GET] "https://weblate.example/api/translations/p/c/xx/": 404 Not Found',
          },
        ],
      },
      1,
    );
    expect(text).toBe(`### l10n-snapshot

Server: https\\:\\/\\/weblate\\.example

| translations | ok | with warnings | stale | failed | invalid | removed | requests | time |
| --- | --- | --- | --- | --- | --- | --- | --- | --- |
| 3 | 2 | 1 | 0 | 1 | 0 | 0 | 4 | 1.2 s |

Exit code 1: Some translations could not be read; the site shows them (stale, failed or invalid) and was written.

| translation | status | error |
| --- | --- | --- |
| p\\/c\\/xx | failed | \\[GET\\] \\"https\\:\\/\\/weblate\\.example\\/api\\/translations\\/p\\/c\\/xx\\/\\"\\: 404 Not Found |

The site is in out (1 file), ready for actions/upload-pages-artifact.
`);
    // As GitHub shows it: the texts as they were.
    const html = render(text);
    expect(html.querySelector("p")?.text).toBe("Server: https://weblate.example");
    expect(
      html
        .querySelectorAll("table")[1]
        ?.querySelectorAll("td")
        .map((td) => td.text),
    ).toEqual([
      "p/c/xx",
      "failed",
      '[GET] "https://weblate.example/api/translations/p/c/xx/": 404 Not Found',
    ]);
  });

  it("says what the exit code means when the build printed nothing", () => {
    expect(jobSummary(undefined, 2)).toBe(
      "### l10n-snapshot\n\nExit code 2: Usage or config error: nothing was fetched, and no site was written.\n",
    );
  });

  it("shows why the run stopped when it stopped on an error", () => {
    const text = jobSummary(
      {
        command: "build",
        exitCode: 3,
        error:
          "nothing usable: every translation failed or was invalid; the previous output was left as it was",
      },
      3,
    );
    expect(render(text).querySelectorAll("p")[0]?.text).toBe(
      "Error: nothing usable: every translation failed or was invalid; the previous output was left as it was",
    );
  });

  it.each(HOSTILE)(
    "shows server text as itself, in its cell, with no markup of its own: %j",
    (bad) => {
      const text = jobSummary(
        {
          baseUrl: bad,
          translations: 1,
          failed: 1,
          out: bad,
          files: 2,
          problems: [{ translation: bad, status: bad, message: bad }],
        },
        1,
      );
      const html = render(text);
      expectOnlyOwnMarkup(html);
      const [counts, problems] = html.querySelectorAll("table");
      expect(counts?.querySelectorAll("td")).toHaveLength(9);
      expect(problems?.querySelectorAll("td").map((td) => td.text)).toEqual([
        shown(bad),
        shown(bad),
        shown(bad),
      ]);
      expect(html.querySelector("p")?.text).toBe(`Server: ${shown(bad)}`);
      expect(html.querySelectorAll("p").at(-1)?.text).toBe(
        `The site is in ${shown(bad)} (2 files), ready for actions/upload-pages-artifact.`,
      );
    },
  );

  it("keeps a long text to one bounded cell", () => {
    expect(markdownText(`${"x".repeat(400)}\n${"y".repeat(10)}`)).toBe(`${"x".repeat(299)}…`);
  });
});

describe("check's job summary", () => {
  const result = (bad: string): CheckResult => ({
    passed: false,
    checked: 2,
    unavailable: { stale: 0, failed: 0, invalid: 0 },
    rules: { minPercent: 90, noRegression: true },
    comparedWith: bad,
    offenders: [
      { translation: bad, rule: "minPercent", message: bad, percent: 50 },
      { translation: "p/c/de", rule: "noRegression", message: "fell", percent: 80, previous: 90 },
    ],
    notes: [bad],
  });

  it("uses the same escaping as the Action's: readable as GitHub renders it", () => {
    const html = render(stepSummaryMarkdown(result("p/c/*_fr_*")));
    expect(
      html
        .querySelectorAll("tbody tr")[0]
        ?.querySelectorAll("td")
        .map((td) => td.text),
    ).toEqual(["p/c/*_fr_*", "minPercent", "50%", "", "p/c/*_fr_*"]);
    expect(stepSummaryMarkdown(result("a*b"))).toContain("| a\\*b | minPercent | 50% |  | a\\*b |");
  });

  it.each(HOSTILE)(
    "shows server text as itself, in its cell, with no markup of its own: %j",
    (bad) => {
      const html = render(stepSummaryMarkdown(result(bad)));
      expectOnlyOwnMarkup(html);
      const rows = html
        .querySelectorAll("tbody tr")
        .map((tr) => tr.querySelectorAll("td").map((td) => td.text));
      expect(rows).toEqual([
        [shown(bad), "minPercent", "50%", "", shown(bad)],
        ["p/c/de", "noRegression", "80%", "90%", "fell"],
      ]);
      expect(html.querySelector("blockquote")?.text.trim()).toBe(shown(bad));
      // The closing line is the terminal's, sanitized there: a line break in it shows escaped.
      expect(html.querySelector("p")?.text).toBe(
        `check failed: 2 offences in 2 translations checked (minPercent 90, noRegression against ${shown(sanitizeText(bad))})`,
      );
    },
  );
});
