import { readFileSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { VERSION } from "../model/version.js";
import type { ServerProject } from "./discover.js";

/**
 * The repository that holds the GitHub Action (action.yml at its root), as the User-Agent names it.
 */
export const ACTION_REPOSITORY = "l10n-snapshot/l10n-snapshot";
export const WORKFLOW_FILE = join(".github", "workflows", "publish.yml");
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
  projects: ServerProject[];
  siteUrl?: string;
}): InitFile[] {
  const schemaFile = join(dirname(options.configFile), SCHEMA_NAME);
  return [
    {
      path: options.configFile,
      text: configText(options.baseUrl, options.projects, options.siteUrl),
    },
    {
      path: schemaFile,
      text: readFileSync(new URL(`../../config/${SCHEMA_NAME}`, import.meta.url), "utf8"),
    },
    { path: WORKFLOW_FILE, text: workflowText(options.configFile) },
  ];
}

/**
 * The config: every component and language of each chosen project, and where the site will be
 * published (each build reads the history back from there). Every value is JSON-encoded.
 */
export function configText(baseUrl: string, projects: ServerProject[], siteUrl?: string): string {
  const config = {
    $schema: `./${SCHEMA_NAME}`,
    baseUrl,
    translations: projects.map((p) => `${p.slug}/*/*`),
    site: { title: siteTitle(projects), ...(siteUrl ? { url: siteUrl } : {}) },
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
    names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names.at(-1)!}`;
  const title = `${joined} translations`;
  return title.length <= 200 ? title : "Translation status";
}

/**
 * The scheduled workflow: checkout, the action, upload, deploy. The config path (relative to the
 * repository's root) is the only value written into it, as a JSON string (a valid YAML
 * double-quoted scalar).
 */
export function workflowText(configFile: string): string {
  const config = configFile.split(sep).join("/");
  return `# Refreshes the translation status site and badges every six hours and publishes them on GitHub Pages.
# Written by \`l10n-snapshot init\`. Set the repository secret WEBLATE_TOKEN (a Weblate API token)
# and, under Settings > Pages, choose "GitHub Actions" as the source.
name: Publish translation status

on:
  schedule:
    - cron: "17 */6 * * *"
  workflow_dispatch:

permissions:
  contents: read
  pages: write
  id-token: write

concurrency:
  group: pages
  cancel-in-progress: false

jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: ${ACTION_REPOSITORY}@v${VERSION}
        with:
          config: ${JSON.stringify(config)}
          out: out
          token: \${{ secrets.WEBLATE_TOKEN }}
      - uses: actions/upload-pages-artifact@v3
        with:
          path: out

  deploy:
    needs: build
    runs-on: ubuntu-latest
    environment:
      name: github-pages
      url: \${{ steps.deployment.outputs.page_url }}
    steps:
      - id: deployment
        uses: actions/deploy-pages@v4
`;
}
