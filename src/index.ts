// The package's programmatic surface (`import ... from "l10n-snapshot"`): the stages the command
// line runs, for scripts that want the snapshot or the site without spawning the CLI.
export { main, type Io } from "./cli/main.js";
export { loadConfig, parseConfig, type Config } from "./config/load-config.js";
export { build, type BuildOptions, type BuildResult } from "./pipeline/build.js";
export {
  crawlToSnapshot,
  type CrawlOutcome,
  type CrawlRun,
  type CrawlRunOptions,
} from "./pipeline/crawl-step.js";
export { renderSite } from "./render/render-site.js";
export { openSnapshot, readSnapshot, snapshotSource } from "./snapshot/read-snapshot.js";
export { writeSnapshot } from "./snapshot/snapshot-writer.js";
export type { Snapshot } from "./snapshot/schema.js";
export { ExitCode, type ExitCodeValue } from "./model/errors.js";
export { VERSION } from "./model/version.js";
