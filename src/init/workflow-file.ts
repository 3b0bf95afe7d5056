import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { VERSION } from "../model/version.js";

/** Where init writes the workflow, relative to the repository's root. */
export const WORKFLOW_FILE = join(".github", "workflows", "publish.yml");

/**
 * The repository holding action.yml, `owner/name`, from package.json's `repository` field: the
 * workflow uses the Action by its repository, at the major tag of this version (`@v1`), which
 * the release workflow moves to each release.
 */
export const ACTION_REPOSITORY = repositoryOfPackage(
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")),
);
export const ACTION_REF = `${ACTION_REPOSITORY}@v${VERSION.split(".")[0]}`;

function repositoryOfPackage(pkg: { repository?: { url?: string } | string }): string {
  const url = typeof pkg.repository === "string" ? pkg.repository : pkg.repository?.url;
  const match = /github\.com[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?$/.exec(url ?? "");
  if (!match) throw new Error(`package.json: repository is not on GitHub: ${url}`);
  return `${match[1]}/${match[2]}`;
}

/**
 * The minute of the hour the schedule runs at, drawn from the repository's name (`owner/repo`,
 * case-insensitive; any name will do): the same name always gives the same minute, from 1 to 59,
 * so that the scheduled runs of this tool's users spread over the hour instead of piling onto
 * one moment of GitHub's scheduler (nor minute 0, when most cron jobs start).
 */
export function scheduleMinute(repositoryName: string): number {
  const digest = createHash("sha256").update(repositoryName.toLowerCase()).digest();
  return 1 + (digest.readUInt32BE(0) % 59);
}

/**
 * The scheduled workflow: checkout, the Action, upload, deploy. The config path (relative to the
 * repository's root) is written as a JSON string (a valid YAML double-quoted scalar); the minute
 * is a number from 1 to 59.
 */
export function workflowText(options: { configFile: string; minute: number }): string {
  if (!Number.isInteger(options.minute) || options.minute < 1 || options.minute > 59)
    throw new RangeError(`schedule minute out of range: ${options.minute}`);
  return `# Refreshes the translation status site and badges every six hours and publishes them on GitHub Pages.
# Written by \`l10n-snapshot init\`. Set the repository secret WEBLATE_TOKEN (a Weblate API token)
# and, under Settings > Pages, choose "GitHub Actions" as the source.
name: Publish translation status

on:
  schedule:
    # The minute was drawn from this repository's name, so that scheduled runs spread over the hour.
    - cron: "${options.minute} */6 * * *"
  workflow_dispatch:

permissions:
  contents: read
  pages: write
  id-token: write

# One run at a time; a run in progress is never cancelled, the next one waits for it.
concurrency:
  group: pages
  cancel-in-progress: false

jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v5
      - uses: ${ACTION_REF}
        with:
          config: ${JSON.stringify(options.configFile.split("\\").join("/"))}
          out: out
          token: \${{ secrets.WEBLATE_TOKEN }}
      - uses: actions/upload-pages-artifact@v4
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
