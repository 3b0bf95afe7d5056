import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "yaml";
import { runAction, type ActionRun } from "./action-runner.js";

// Runs one job of a workflow file as a hosted runner does, for tests: its steps in order, each
// `uses:` resolved by the test (the Action under test at its checkout, actions/checkout as a
// clone, GitHub-hosted steps not run), `with:` values with `${{ }}` filled in from the secrets,
// the step outputs and `github.*`, `if:` conditions, one job summary file for the whole job.

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
}

/** How the test runs a `uses:` step: an action at a folder, a function, or not at all. */
export type UsesHandler =
  | { action: string }
  | { run: (inputs: Record<string, string>) => Promise<void> }
  | { skip: string };

export interface JobStep {
  uses: string;
  id?: string;
  status: "success" | "failure" | "skipped" | string;
  inputs: Record<string, string>;
  action?: ActionRun;
}

export interface JobRun {
  steps: JobStep[];
  summary: string;
  failed: boolean;
}

/**
 * Runs `job` of `workflowFile` in `workspace`. Every `uses:` must have a handler (by its full
 * `owner/repo@ref`); a `run:` step is refused (the workflows run here have none).
 */
export async function runWorkflowJob(
  workflowFile: string,
  job: string,
  options: {
    workspace: string;
    temp: string;
    repository: string;
    secrets: Record<string, string>;
    uses: Record<string, UsesHandler>;
  },
): Promise<JobRun> {
  const workflow = parse(await readFile(workflowFile, "utf8")) as {
    jobs: Record<string, { steps: Step[] }>;
  };
  const steps = workflow.jobs[job]?.steps;
  if (!steps) throw new Error(`${workflowFile} has no job ${job}`);
  await mkdir(options.temp, { recursive: true });
  await mkdir(options.workspace, { recursive: true });
  const summary = join(options.temp, "_step_summary");
  await writeFile(summary, "");
  const outputs: Record<string, { outputs: Record<string, string> }> = {};
  const contexts = () => ({
    secrets: options.secrets,
    steps: outputs,
    github: { repository: options.repository, workspace: options.workspace },
    runner: { temp: options.temp },
  });
  const ran: JobStep[] = [];
  let failed = false;
  for (const step of steps) {
    if (step.run !== undefined) throw new Error("run: steps are not run by the test runner");
    const uses = step.uses ?? "";
    const inputs: Record<string, string> = {};
    for (const [key, value] of Object.entries(step.with ?? {}))
      inputs[key] = fill(String(value), contexts());
    const handler = options.uses[uses];
    if (!handler) throw new Error(`no handler for uses: ${uses}`);
    const runs = step.if === undefined ? !failed : step.if.trim() === "always()";
    if (!runs) {
      ran.push({ uses, id: step.id, status: "skipped", inputs });
      continue;
    }
    if ("skip" in handler) {
      ran.push({ uses, id: step.id, status: `not run (${handler.skip})`, inputs });
      continue;
    }
    if ("run" in handler) {
      await handler.run(inputs);
      ran.push({ uses, id: step.id, status: "success", inputs });
      continue;
    }
    const action = await runAction({
      actionPath: handler.action,
      workspace: options.workspace,
      temp: options.temp,
      inputs,
      repository: options.repository,
      summary,
    });
    if (step.id) outputs[step.id] = { outputs: action.outputs };
    if (action.failed) failed = true;
    ran.push({ uses, id: step.id, status: action.status, inputs, action });
  }
  return { steps: ran, summary: await readFile(summary, "utf8"), failed };
}

/** `${{ path.to.value }}` filled in from the contexts; other expressions are refused. */
export function fill(text: string, contexts: Record<string, unknown>): string {
  return text.replace(/\$\{\{(.+?)\}\}/g, (_, expression: string) => {
    const path = expression.trim();
    if (!/^[\w-]+(\.[\w-]+)*$/.test(path))
      throw new Error(`expression not understood by the test runner: ${path}`);
    let value: unknown = contexts;
    for (const key of path.split(".")) {
      if (value === null || typeof value !== "object") return "";
      value = (value as Record<string, unknown>)[key];
    }
    return value === undefined || value === null ? "" : String(value);
  });
}
