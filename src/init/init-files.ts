import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { ServerProject } from "./discover.js";
import { WORKFLOW_FILE, workflowText } from "./workflow-file.js";
import { must } from "../model/must.js";

const SCHEMA_NAME = "l10n-snapshot.schema.json";

export interface InitFile {
  path: string;
  text: string;
}

/**
 * The config, the JSON Schema beside it (editors complete and check the config), and the
 * workflow; `configFile` is relative to the repository's root, where init runs.
 */
export function initFiles(options: {
  configFile: string;
  baseUrl: string;
  translations: string[];
  title: string;
  siteUrl?: string | undefined;
  minute: number;
}): InitFile[] {
  const schemaFile = join(dirname(options.configFile), SCHEMA_NAME);
  return [
    {
      path: options.configFile,
      text: configText(options),
    },
    {
      path: schemaFile,
      text: readFileSync(
        new URL("../../config/l10n-snapshot.schema.json", import.meta.url),
        "utf8",
      ),
    },
    {
      path: WORKFLOW_FILE,
      text: workflowText({ configFile: options.configFile, minute: options.minute }),
    },
  ];
}

/**
 * The config: what to track (each chosen project with wildcards, or the whole server), the site's
 * title and where it will be published (each build reads the history back from there). Every value
 * is JSON-encoded.
 */
export function configText(options: {
  baseUrl: string;
  translations: string[];
  title: string;
  siteUrl?: string | undefined;
}): string {
  const config = {
    $schema: `./${SCHEMA_NAME}`,
    baseUrl: options.baseUrl,
    translations: options.translations,
    site: { title: options.title, ...(options.siteUrl ? { url: options.siteUrl } : {}) },
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/**
 * "Orbit Notes translations", "A and B translations", "A, B and C translations"; a generic title
 * beyond that.
 */
export function siteTitle(projects: ServerProject[]): string {
  const names = projects.map((p) => p.name);
  if (names.length === 0 || names.length > 3) return "Translation status";
  const joined =
    names.length === 1
      ? must(names[0])
      : `${names.slice(0, -1).join(", ")} and ${must(names.at(-1))}`;
  const title = `${joined} translations`;
  return title.length <= 200 ? title : "Translation status";
}
