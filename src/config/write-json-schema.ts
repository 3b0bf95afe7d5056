// Regenerates config/l10n-snapshot.schema.json from the zod schema: `npm run schema`.
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { configJsonSchemaText } from "./json-schema.js";

const target = fileURLToPath(new URL("../../config/l10n-snapshot.schema.json", import.meta.url));
await writeFile(target, configJsonSchemaText());
console.log(`wrote ${target}`);
