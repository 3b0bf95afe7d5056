import { z } from "zod";
import { configSchema } from "./schema.js";

/**
 * The JSON Schema of the config file, generated from the zod schema (input side: defaults are
 * optional).
 */
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
