import { runInit, type InitSummary } from "../init/init.js";
import { ExitCode, type ExitCodeValue } from "../model/errors.js";
import type { Io } from "../model/io.js";
import { type CommandArgs, DEFAULT_CONFIG, noPositionals, sayer } from "./flags.js";
import { printSummary } from "./json-summary.js";

/** `init`: a config and a GitHub workflow for a Weblate server's projects. */
export async function initCommand({ flags, rest }: CommandArgs, io: Io): Promise<ExitCodeValue> {
  noPositionals("init", rest);
  const summary = await runInit({ ...flags, config: flags.config ?? DEFAULT_CONFIG }, io);
  sayer(flags, io.stdout)(nextSteps(summary).trimEnd());
  if (flags.json) printSummary(io.stdout, { ...summary, exitCode: ExitCode.ok });
  return ExitCode.ok;
}

// What init prints for people after writing the files (the JSON summary leaves it out): what is
// tracked, what was written, and the steps that make the workflow publish - each one works today
// with what init wrote, none needs a package from a registry.

/** A path as a shell word: as it is when it is plain, else single-quoted. */
function shellWord(path: string): string {
  return /^[\w./@%+=:,-]+$/.test(path) ? path : `'${path.replace(/'/g, "'\\''")}'`;
}

/** "00:22, 06:22, 12:22 and 18:22": the times of a schedule every six hours at that minute. */
function hours(minute: number): string {
  const at = [0, 6, 12, 18].map(
    (h) => `${String(h).padStart(2, "0")}:${String(minute).padStart(2, "0")}`,
  );
  return `${at.slice(0, -1).join(", ")} and ${at.at(-1)}`;
}

/** The closing lines of init. */
function nextSteps(summary: InitSummary): string {
  const tracked =
    summary.wholeServer !== undefined
      ? `Tracking every translation of the server (*/*/*): its ${summary.wholeServer} projects, ` +
        `read from /api/translations/.`
      : `Tracking every component and language of:\n${summary.projects
          .map((p) =>
            p.components === undefined
              ? `  ${p.slug}: ${p.name}, components not listed (kept with --include-failing)`
              : `  ${p.slug}: ${p.name}, ${p.components} component${p.components === 1 ? "" : "s"}`,
          )
          .join("\n")}`;
  const [config] = summary.files;
  const wrote = summary.files.filter((f) => f !== ".gitignore");
  const ignore = {
    created: "; created .gitignore with /out/ (the site is built on each run, never committed)",
    added: "; added /out/ to .gitignore (the site is built on each run, never committed)",
    present: "",
  }[summary.gitignore];
  const add = summary.files.map(shellWord).join(" ");
  const history = summary.siteUrl
    ? `The site will be at ${summary.siteUrl} (site.url); each run reads the history back from ` +
      `there.`
    : `Set "site.url" in ${config} to the site's address (e.g. https://USER.github.io/REPO/), ` +
      "or pass --site-url:\neach run reads the history back from there; without it every run " +
      "starts a new history.";
  return `${tracked}
Wrote ${wrote.join(", ")}${ignore}.
Next:
  1. Add the secret:   Settings > Secrets and variables > Actions > New repository secret,
                       named WEBLATE_TOKEN, holding a Weblate API token (your profile > API access);
                       public projects can do without, within the server's anonymous limit
  2. Enable Pages:     Settings > Pages > Build and deployment > Source: "GitHub Actions"
  3. Commit and push:  git add ${add}
                       git commit -m "Publish the translation status"
                       git push
The workflow then runs every six hours at minute ${summary.scheduleMinute} (${hours(summary.scheduleMinute)} UTC),
and whenever you start it: Actions > "Publish translation status" > Run workflow.
${history}
`;
}
