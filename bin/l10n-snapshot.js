#!/usr/bin/env node
// The command `l10n-snapshot`: runs the compiled CLI in dist/ (built by `npm run build`, and by
// `prepack` for the published package), so an installed package needs no TypeScript tooling.
// In a clone of the repository that was never built, it runs the sources through tsx instead.
import { existsSync } from "node:fs";

const compiled = new URL("../dist/cli.js", import.meta.url);
if (existsSync(compiled)) {
  await import(compiled.href);
} else {
  let tsx;
  try {
    tsx = await import("tsx/esm/api");
  } catch {
    process.stderr.write("l10n-snapshot: dist/cli.js is missing; run `npm run build` first\n");
    process.exit(2);
  }
  tsx.register();
  await import(new URL("../src/cli.ts", import.meta.url).href);
}
