// `npm run bundle`: src/ bundled by esbuild into dist/, one file per entry point, committed so
// the GitHub Action runs at its own ref with no install step, and published as the npm package.
// `npm run bundle -- --check` (CI) bundles into a temporary folder and fails when dist/ differs.
//
// Files are found at run time relative to the module that reads them (`new URL("../../templates/",
// import.meta.url)`); in a bundle every module is at dist/, so the plugin below rewrites each such
// URL to the same target seen from dist/ (an entry point's source to its bundle), and the package
// files a module resolves (`import.meta.resolve("pkg/file.wasm")`) are copied beside the bundle.
// Any other use of import.meta stops the build: it would point somewhere else once bundled.
import { build, type Plugin } from "esbuild";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));

/** Bundle name -> its source; every bundle lands in dist/ as NAME.js. */
export const ENTRIES: Record<string, string> = {
  cli: "src/cli.ts",
  index: "src/index.ts",
  action: "src/action/action.ts",
};

const toPosix = (path: string) => path.split(sep).join("/");

/** `target` (an absolute path) as a URL relative to a module in `outDir`. */
function fromOut(outDir: string, target: string, trailingSlash: boolean): string {
  const rel = toPosix(relative(outDir, target));
  const url = rel.startsWith(".") ? rel : `./${rel}`;
  return trailingSlash ? `${url}/` : url;
}

/** The file a package specifier resolves to, e.g. `@resvg/resvg-wasm/index_bg.wasm`. */
function resolvePackageFile(specifier: string): string {
  return fileURLToPath(import.meta.resolve(specifier));
}

/** Its name beside the bundle: the package's name (without scope) and the file's extension. */
export function copiedName(specifier: string): string {
  const parts = specifier.split("/");
  const name = (specifier.startsWith("@") ? parts[1] : parts[0]) ?? specifier;
  const file = parts.at(-1) ?? specifier;
  const dot = file.lastIndexOf(".");
  return dot > 0 ? `${name}${file.slice(dot)}` : name;
}

/**
 * Rewrites one source file's import.meta uses for a bundle in `outDir`; `copies` collects the
 * package files to put beside it. Throws on a use it cannot rewrite.
 */
export function rewriteImportMeta(
  file: string,
  text: string,
  outDir: string,
  copies: Map<string, string>,
): string {
  const entrySources = new Map(
    Object.entries(ENTRIES).map(([name, source]) => [resolve(root, source), `./${name}.js`]),
  );
  const where = toPosix(relative(root, file));
  // Rewritten uses are held aside as placeholders, so that any import.meta left is one we cannot
  // rewrite.
  const rewritten: string[] = [];
  const hold = (url: string, suffix = "") => {
    rewritten.push(`new URL(${JSON.stringify(url)}, import.meta.url)${suffix}`);
    return `__import_meta_${rewritten.length - 1}__`;
  };
  let out = text.replace(
    /new URL\(\s*(["'])([^"'`$]+)\1\s*,\s*import\.meta\.url\s*\)/g,
    (_, _quote: string, path: string) => {
      const target = resolve(dirname(file), path);
      const entry = entrySources.get(target);
      if (entry) return hold(entry);
      if (!existsSync(target)) throw new Error(`${where}: ${path} does not exist`);
      return hold(fromOut(outDir, target, path.endsWith("/")));
    },
  );
  out = out.replace(
    /import\.meta\.resolve\(\s*(["'])([^"'`$]+)\1\s*\)/g,
    (_, _quote: string, specifier: string) => {
      const name = copiedName(specifier);
      copies.set(name, resolvePackageFile(specifier));
      return hold(`./${name}`, ".href");
    },
  );
  const left = out.split("\n").findIndex((line) => /\bimport\.meta\b/.test(withoutComment(line)));
  if (left >= 0)
    throw new Error(
      `${where}:${left + 1}: import.meta used in a way the bundle cannot keep (only new URL("literal", import.meta.url) and import.meta.resolve("literal"))`,
    );
  return out.replace(/__import_meta_(\d+)__/g, (_, i: string) => rewritten[Number(i)] ?? "");
}

/** A line without its `//` or `*` comment (enough for this check). */
function withoutComment(line: string): string {
  if (/^\s*(\*|\/\*)/.test(line)) return "";
  const at = line.indexOf("//");
  return at >= 0 ? line.slice(0, at) : line;
}

function importMetaPlugin(outDir: string, copies: Map<string, string>): Plugin {
  return {
    name: "import-meta-urls",
    setup(b) {
      b.onLoad({ filter: /[\\/]src[\\/].*\.(ts|js)$/ }, (args) => {
        const text = readFileSync(args.path, "utf8");
        return {
          contents: rewriteImportMeta(args.path, text, outDir, copies),
          loader: args.path.endsWith(".ts") ? "ts" : "js",
        };
      });
    },
  };
}

/**
 * Bundles every entry into `outDir` (made empty first); returns the files written, sorted.
 * The bundles refer to templates/, config/ and package.json at `../` from `finalDir` (dist/, also
 * when checking into a temporary folder).
 */
export async function bundle(outDir: string, finalDir = outDir): Promise<string[]> {
  rmSync(outDir, { recursive: true, force: true });
  const copies = new Map<string, string>();
  await build({
    absWorkingDir: root,
    entryPoints: Object.entries(ENTRIES).map(([out, source]) => ({ in: source, out })),
    outdir: outDir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // CommonJS dependencies (undici, badge-maker) call require(): give the ESM bundle one.
    banner: {
      js: 'import { createRequire as __l10nSnapshotRequire } from "node:module";\nconst require = __l10nSnapshotRequire(import.meta.url);',
    },
    // jsonc-parser's "main" is a UMD build whose require() calls esbuild cannot follow: its ES
    // module build instead (the same code).
    alias: { "jsonc-parser": "./node_modules/jsonc-parser/lib/esm/main.js" },
    legalComments: "eof",
    // ASCII only: V8 keeps a script's source for its lifetime, and one character past ASCII makes
    // it two bytes a character (the bundle's 3.6 MB took 7.2 MB of every run's heap).
    charset: "ascii",
    logLevel: "warning",
    plugins: [importMetaPlugin(resolve(root, finalDir), copies)],
  });
  for (const [name, source] of copies) cpSync(source, join(outDir, name));
  for (const name of readdirSync(outDir).filter((n) => n.endsWith(".js")))
    asciiOnly(join(outDir, name));
  return readdirSync(outDir).sort();
}

/**
 * esbuild's ASCII output escapes strings, regular expressions and names, not the comments it keeps
 * (the libraries' notes, the legal ones): theirs are escaped here the same way, which leaves any
 * JavaScript meaning the same.
 */
function asciiOnly(file: string): void {
  const text = readFileSync(file, "utf8");
  const ascii = text.replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  if (ascii !== text) writeFileSync(file, ascii);
}

/** The names of files that differ between two folders (missing on either side included). */
export function differences(a: string, b: string): string[] {
  const names = new Set([...readdirSync(a), ...readdirSync(b)]);
  return [...names].sort().filter((name) => {
    const x = join(a, name);
    const y = join(b, name);
    return !existsSync(x) || !existsSync(y) || !readFileSync(x).equals(readFileSync(y));
  });
}

if (import.meta.filename === process.argv[1]) {
  const dist = join(root, "dist");
  if (process.argv.includes("--check")) {
    const temp = mkdtempSync(join(tmpdir(), "l10n-snapshot-bundle-"));
    try {
      await bundle(join(temp, "dist"), dist);
      const changed = existsSync(dist) ? differences(join(temp, "dist"), dist) : ["dist/"];
      // An exit code, not process.exit(): the temporary bundle is removed below either way.
      if (changed.length > 0) {
        console.error(
          `dist/ is not the bundle of src/ (differs: ${changed.join(", ")}); run 'npm run bundle' and commit dist/`,
        );
        process.exitCode = 1;
      } else console.log("dist/ is the bundle of src/");
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  } else {
    const files = await bundle(dist);
    console.log(`bundled into dist/: ${files.join(", ")}`);
  }
}
