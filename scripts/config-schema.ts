// The JSON Schema of the config file, generated from the zod schema (input side: defaults are
// optional). `npx tsx scripts/config-schema.ts` (`npm run schema`) writes it to
// config/l10n-snapshot.schema.json; test/config/json-schema.test.ts checks the committed one.
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { configSchema } from "../src/config/schema.js";

export function configJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(configSchema, { io: "input", unrepresentable: "any" });
  return {
    ...schema,
    $id: "l10n-snapshot.schema.json",
    title: "l10n-snapshot config",
    description: "Which Weblate translations to track and how to crawl and render them.",
  };
}

/** The file's text, as committed in config/l10n-snapshot.schema.json. */
export function configJsonSchemaText(): string {
  return `${JSON.stringify(configJsonSchema(), null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const target = fileURLToPath(new URL("../config/l10n-snapshot.schema.json", import.meta.url));
  await writeFile(target, configJsonSchemaText());
  console.log(`wrote ${target}`);
}
