import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { jsonSyntaxError } from "../../src/config/json-syntax.js";
import { runCli } from "../helpers/run-cli.js";
import { writeConfig } from "../helpers/run-main.js";
import { tempDir } from "../helpers/temp-dir.js";

// A JSON syntax error in the config: one line, with the line and column, whatever words Node's
// JSON.parse uses (Node 20 gives a trailing comma no position, and quotes the whole file, line
// breaks and all, in its message).

const refused = (text: string) => {
  try {
    JSON.parse(text);
  } catch {
    return jsonSyntaxError(text);
  }
  throw new Error("JSON.parse took it");
};

describe("a config that is not valid JSON, from the command line", () => {
  it("a trailing comma in a list: one line, with line and column of the comma", async () => {
    const dir = await tempDir();
    const file = await writeConfig(
      dir,
      '{\n  "baseUrl": "https://weblate.example",\n  "translations": [\n    "p/c/de",\n  ]\n}\n',
    );
    const run = await runCli(["crawl", "--config", file, "--snapshot", join(dir, "s.json")]);
    expect(run.code).toBe(2);
    expect(run.err).toBe(
      `l10n-snapshot: config ${file}: not valid JSON: line 4, column 13: a comma before ']' ` +
        "(JSON allows no trailing comma); remove it\n",
    );
  });
});

describe("jsonSyntaxError", () => {
  it.each([
    [
      '{"a": 1,}',
      "line 1, column 8: a comma before '}' (JSON allows no trailing comma); remove it",
    ],
    [
      "[1,\n\n  ]",
      "line 1, column 3: a comma before ']' (JSON allows no trailing comma); remove it",
    ],
    [
      '{\n "a": 1\n "b": 2}',
      "line 3, column 2: expected ',' between two items (is a comma missing?)",
    ],
    ["{\n", "line 2, column 1: expected '}' to close the object"],
    ["{'a': 1}", "line 1, column 2: unexpected character ' (strings and keys take double quotes)"],
    ["// x\n{}", "line 1, column 1: a comment; JSON allows none"],
    [
      '{"a": tru}',
      "line 1, column 7: unexpected character 'tru' (values are \"strings\", numbers, true, false or null)",
    ],
    [
      '["a\tb"]',
      "line 1, column 2: a control character (a tab or line break) inside a string; write it as \\t or \\n",
    ],
    ["[1] x", "line 1, column 5: more text after the end of the JSON value"],
    ["", "line 1, column 1: expected a value"],
  ])("%j: %s", (text, said) => {
    expect(refused(text)).toBe(said);
  });

  it("is one line without the file's text", () => {
    const text = '{\n  "a": [1,\n  ]\n}';
    const said = refused(text);
    expect(said).not.toContain("\n");
    expect(said).not.toMatch(/position|is not valid JSON/);
  });
});
