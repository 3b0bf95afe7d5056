import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "node-html-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { requireTools } from "../helpers/browser.js";
import { exportsSnapshot, HOSTILE_PROJECT, renderedFiles, SHOWN_COMPONENT } from "./fixture.js";
import { tempDir } from "../helpers/temp-dir.js";

// data/translations.csv opened by a real spreadsheet: LibreOffice Calc, headless (Debian's
// libreoffice-calc-nogui), imports it as UTF-8 CSV and converts it to HTML, which is read back.
// The same conversion of an unguarded formula shows what the guard prevents.

const SOFFICE = ["/usr/bin/soffice", "/usr/bin/libreoffice"].find((p) => existsSync(p));
const missing = SOFFICE ? undefined : "no soffice (apt-get install libreoffice-calc-nogui)";

/** The cells of the converted sheet, by row: text, and the number Calc read when it read one. */
type Cell = { text: string; number?: number };

let dir: string;
beforeAll(async () => {
  dir = await tempDir("l10n-calc-");
});

async function throughCalc(name: string, csv: string): Promise<Cell[][]> {
  await writeFile(join(dir, `${name}.csv`), csv);
  const run = spawnSync(
    SOFFICE ?? "soffice",
    [
      "--headless",
      "--norestore",
      `-env:UserInstallation=file://${join(dir, "profile")}`,
      // Comma, double quote, UTF-8 (76), from the first line.
      "--infilter=CSV:44,34,76,1",
      "--convert-to",
      "html",
      "--outdir",
      dir,
      join(dir, `${name}.csv`),
    ],
    { encoding: "utf8", timeout: 90_000 },
  );
  expect(run.status, run.stderr).toBe(0);
  const html = parse(await readFile(join(dir, `${name}.html`), "utf8"));
  return html.querySelectorAll("table tr").map((tr) =>
    tr.querySelectorAll("td").map((td) => {
      const value = td.getAttribute("sdval");
      // A line break inside a cell comes out as <br>.
      const text = td.innerHTML.replace(/<br>/g, "\n").replace(/<[^>]+>/g, "");
      return {
        text: parse(`<p>${text}</p>`).textContent,
        ...(value === undefined ? {} : { number: Number(value) }),
      };
    }),
  );
}

describe.skipIf(missing !== undefined && !requireTools)(
  `data/translations.csv in LibreOffice Calc${missing ? ` (${missing})` : ""}`,
  () => {
    it("reads every row and cell as written: text as text, numbers as numbers", async () => {
      const csv = (await renderedFiles(exportsSnapshot())).get("data/translations.csv")!;
      const rows = await throughCalc("translations", csv);
      const header = rows[0]!.map((c) => c.text);
      // The byte order mark opens the file, not the first cell.
      expect(header[0]).toBe("project");
      expect(rows).toHaveLength(5);
      const col = (name: string) => header.indexOf(name);
      const cs = rows.find((r) => r[col("language")]?.text === "cs")!;
      // The formula-like project name stays text, guarded; the multi-line name stays one cell.
      expect(cs[col("project_name")]).toEqual({ text: `'${HOSTILE_PROJECT}` });
      expect(cs[col("component_name")]).toEqual({ text: SHOWN_COMPONENT });
      expect(cs[col("percent")]?.number).toBe(39.5);
      expect(cs[col("translated")]?.number).toBe(36);
      expect(cs[col("last_author")]?.text).toBe("Jane Doe");
      const de = rows.find((r) => r[col("language")]?.text === "de")!;
      expect(de[col("language_name")]).toEqual({ text: "'@German" });
    }, 120_000);

    it("would have run an unguarded formula (what the guard is for)", async () => {
      const rows = await throughCalc("unguarded", "name,n\r\n=20+22,1\r\n");
      expect(rows[1]![0]).toEqual({ text: "42", number: 42 });
    }, 120_000);
  },
);
