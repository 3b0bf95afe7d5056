import { spawnSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { buildDemoRecords, demoTriples } from "../../src/demo/demo-data.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";
import { tempDir } from "../helpers/temp-dir.js";

// The CSV files as a spreadsheet user gets them from a real build: UTF-8 with a byte order mark
// (what Excel needs to read UTF-8 rather than the system's code page), read back as written by
// Python's csv module with `utf-8-sig` and by papaparse, names with letters outside ASCII intact.

const PYTHON = "/usr/bin/python3";
const READ = `
import csv, json, sys
with open(sys.argv[1], newline="", encoding="utf-8-sig") as f:
    rows = list(csv.DictReader(f))
print(json.dumps({"fields": list(rows[0].keys()), "rows": rows}))
`;

describe("data/*.csv from a build, as spreadsheets and scripts read them", async () => {
  const server = await startStandIn({ records: buildDemoRecords });
  const dir = await tempDir("l10n-bom-");
  const config = join(dir, "config.json");
  await writeFile(config, JSON.stringify({ baseUrl: server.baseUrl, translations: demoTriples() }));
  const out = join(dir, "out");
  const code = await main(["build", "--config", config, "--out", out], captureIo());
  await server.stop();

  it.each(["translations", "projects"])("data/%s.csv starts with the UTF-8 BOM", async (name) => {
    expect(code).toBe(0);
    const bytes = await readFile(join(out, `data/${name}.csv`));
    expect([...bytes.subarray(0, 4)]).toEqual([0xef, 0xbb, 0xbf, "p".charCodeAt(0)]);
  });

  it("reads in Python's csv module with utf-8-sig, as papaparse reads it", async () => {
    const file = join(out, "data/translations.csv");
    const run = spawnSync(PYTHON, ["-c", READ, file], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    const python = JSON.parse(run.stdout) as {
      fields: string[];
      rows: Record<string, string>[];
    };
    expect(python.fields.slice(0, 3)).toEqual(["project", "component", "language"]);
    expect(python.rows.map((r) => r.last_author)).toContain("Jiří Novák");
    const papa = Papa.parse<Record<string, string>>(await readFile(file, "utf8"), {
      header: true,
      skipEmptyLines: true,
    });
    expect(papa.errors).toEqual([]);
    expect(papa.meta.fields?.[0]).toBe("project");
    expect(papa.data).toEqual(python.rows);
  });
});
