import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/load-config.js";
import { configJsonSchemaText } from "../../scripts/config-schema.js";

describe("the published JSON Schema of the config", () => {
  it("is the one generated from the zod schema (run `npm run schema` after changing it)", async () => {
    const committed = await readFile(
      new URL("../../config/l10n-snapshot.schema.json", import.meta.url),
      "utf8",
    );
    expect(committed).toBe(configJsonSchemaText());
  });

  it.each(["demo.json", "l10n-snapshot.json"])(
    "is referenced by config/%s, which is valid",
    async (name) => {
      const text = await readFile(new URL(`../../config/${name}`, import.meta.url), "utf8");
      const json = JSON.parse(text);
      expect(json.$schema).toBe("./l10n-snapshot.schema.json");
      expect(() => parseConfig(json, name, {})).not.toThrow();
    },
  );

  it("rejects unknown keys, like the zod schema", () => {
    const schema = JSON.parse(configJsonSchemaText());
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.crawl.additionalProperties).toBe(false);
    expect(schema.required).toEqual(["baseUrl", "translations"]);
  });
});
