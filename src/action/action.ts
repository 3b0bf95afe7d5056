// The GitHub Action's entry (action.yml's `runs.main`, bundled as dist/action.js): the runner's
// environment in, the step's exit code out. Everything else is in run-action.ts.
import { runAction } from "./run-action.js";

process.exitCode = await runAction({
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
});
