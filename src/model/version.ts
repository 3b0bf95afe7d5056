import { readFileSync } from "node:fs";
import { field, str } from "./json.js";

/** The package version, read once from package.json. */
const manifest: unknown = JSON.parse(
  readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
);
export const VERSION: string = str(field(manifest, "version")) ?? "0.0.0";
