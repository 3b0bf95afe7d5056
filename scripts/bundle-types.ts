// `npm run types`: the declarations of the package's programmatic surface (src/index.ts) as one
// file, types/index.d.ts, for the published package. tsc writes a declaration per module
// (tsconfig.build.json) into a temporary folder; rollup-plugin-dts joins those reachable from
// index.d.ts into one file and, with `respectExternal`, brings in the declarations the surface
// uses from the libraries the bundle carries (zod's inferred types, undici's Dispatcher): the
// package installs none of them, so a declaration that imported them would not resolve for a
// TypeScript user (an error without skipLibCheck). Node's own modules stay imports (@types/node).
import { execFile } from "node:child_process";
import { builtinModules } from "node:module";
import { mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { rollup } from "rollup";
import { dts } from "rollup-plugin-dts";

const root = fileURLToPath(new URL("../", import.meta.url));

/** Node's modules, as `node:fs` or `fs`: left as imports. */
const isNodeModule = (id: string) => id.startsWith("node:") || builtinModules.includes(id);

/** Writes `<out>/index.d.ts` (default: the package's types/); returns its path. */
export async function bundleTypes(out = join(root, "types")): Promise<string> {
  // Inside the repository (a name .gitignore has), so that the declarations' imports resolve
  // to node_modules.
  const emitted = await mkdtemp(join(root, "types.tmp-"));
  try {
    await promisify(execFile)(
      process.execPath,
      [
        join(root, "node_modules/typescript/bin/tsc"),
        "-p",
        join(root, "tsconfig.build.json"),
        "--outDir",
        emitted,
      ],
      { cwd: root },
    );
    const bundle = await rollup({
      input: join(emitted, "index.d.ts"),
      plugins: [dts({ respectExternal: true })],
      external: isNodeModule,
    });
    await rm(out, { recursive: true, force: true });
    const file = join(out, "index.d.ts");
    const { output } = await bundle.write({ file, format: "es" });
    await bundle.close();
    // Nothing may be left for the user's node_modules but Node's own modules.
    const imported = output.flatMap((chunk) => ("imports" in chunk ? chunk.imports : []));
    const foreign = imported.filter((id) => !isNodeModule(id));
    if (foreign.length > 0)
      throw new Error(
        `types/index.d.ts still imports ${foreign.join(", ")}: not installed with the package`,
      );
    return file;
  } finally {
    await rm(emitted, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) {
  const file = await bundleTypes();
  console.log(`types: ${file.slice(root.length)}`);
}
