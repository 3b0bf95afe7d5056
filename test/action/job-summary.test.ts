import { describe, expect, it } from "vitest";
import { cell, jobSummary } from "../../src/action/job-summary.js";

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
        files: 40,
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

Server: https://weblate.example

| translations | ok | with warnings | invalid | failed | requests | time |
| --- | --- | --- | --- | --- | --- | --- |
| 3 | 2 | 1 | 0 | 1 | 4 | 1.2 s |

Exit code 1: Some translations failed or were invalid; the site shows them, and is published.

| translation | status | error |
| --- | --- | --- |
| p/c/xx | failed | &#91;GET&#93; "https://weblate.example/api/translations/p/c/xx/": 404 Not Found |

The site is in \`out\` (40 files), ready for actions/upload-pages-artifact.
`);
  });

  it("says what the exit code means when the build printed nothing", () => {
    expect(jobSummary(undefined, 2)).toBe(
      "### l10n-snapshot\n\nExit code 2: Usage or config error: nothing was fetched, and no site was written.\n",
    );
  });

  it("shows why the run stopped when it stopped on an error", () => {
    expect(
      jobSummary(
        {
          command: "build",
          exitCode: 2,
          error: 'config c.json: "translations[0]": expected <p/c/l>',
        },
        2,
      ),
    ).toBe(
      '### l10n-snapshot\n\nError: config c.json: "translations&#91;0&#93;": expected &#60;p/c/l&#62;\n\nExit code 2: Usage or config error: nothing was fetched, and no site was written.\n',
    );
  });

  it.each([
    ["<img src=x onerror=alert(1)>", "&#60;img src=x onerror=alert(1)&#62;"],
    ["a | b", "a &#124; b"],
    ["[link](https://evil.example)", "&#91;link&#93;(https://evil.example)"],
    ["line\nbreak", "line break"],
  ])("keeps server text from making Markdown or HTML: %j", (input, expected) => {
    expect(cell(input)).toBe(expected);
  });
});
