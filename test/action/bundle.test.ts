import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bundle, copiedName, differences, rewriteImportMeta } from "../../scripts/bundle.js";
import { tempDir } from "../helpers/temp-dir.js";

// The bundle the Action and the package run (dist/, committed; `npm run bundle:check` in .ci/run
// bundles again and compares byte for byte, which needs esbuild's output to be deterministic),
// and how the bundler keeps files found at run time reachable from dist/.

const root = join(import.meta.dirname, "../..");
const dist = join(root, "dist");

describe("the bundle", () => {
  it("is deterministic: bundled twice, the same bytes (one file per entry point)", async () => {
    const temp = await tempDir("l10n-snapshot-bundle-");
    const files = await bundle(join(temp, "a"), dist);
    expect(files).toEqual(["action.js", "cli.js", "index.js", "resvg-wasm.wasm"]);
    await bundle(join(temp, "b"), dist);
    expect(differences(join(temp, "a"), join(temp, "b"))).toEqual([]);
    // No absolute path of this machine in it (a clone elsewhere bundles the same bytes).
    expect(await readFile(join(temp, "a/action.js"), "utf8")).not.toContain(root);
  }, 60_000);

  it("rewrites files read at run time relative to dist/, and an entry's source to its bundle", () => {
    const copies = new Map<string, string>();
    const file = join(root, "src/render/pages/render-pages.ts");
    const text = [
      'const t = new URL("../../../templates/", import.meta.url);',
      'const p = new URL("../../../package.json", import.meta.url);',
      'const m = import.meta.resolve("@resvg/resvg-wasm/index_bg.wasm");',
      "// a comment may say import.meta.dirname",
    ].join("\n");
    expect(rewriteImportMeta(file, text, dist, copies)).toBe(
      [
        'const t = new URL("../templates/", import.meta.url);',
        'const p = new URL("../package.json", import.meta.url);',
        'const m = new URL("./resvg-wasm.wasm", import.meta.url).href;',
        "// a comment may say import.meta.dirname",
      ].join("\n"),
    );
    expect([...copies.keys()]).toEqual(["resvg-wasm.wasm"]);
    expect(copies.get("resvg-wasm.wasm")).toMatch(/@resvg\/resvg-wasm\/index_bg\.wasm$/);
  });

  it("refuses what it cannot keep: another use of import.meta, a file that is not there", () => {
    const file = join(root, "src/x/y.ts");
    for (const [text, message] of [
      ["const ok = 1;\nconst d = import.meta.dirname;", "src/x/y.ts:2: import.meta used in a way"],
      [
        "const u = new URL(`../${name}`, import.meta.url);",
        "src/x/y.ts:1: import.meta used in a way",
      ],
      [
        'const u = new URL("../../nothing-here.txt", import.meta.url);',
        "src/x/y.ts: ../../nothing-here.txt does not exist",
      ],
    ] as const)
      expect(() => rewriteImportMeta(file, text, dist, new Map()), text).toThrow(message);
    expect(copiedName("@scope/pkg/dir/file.wasm")).toBe("pkg.wasm");
    expect(copiedName("pkg/data.bin")).toBe("pkg.bin");
  });
});
