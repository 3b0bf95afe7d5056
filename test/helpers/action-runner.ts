import { spawn } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { delimiter, join } from "node:path";
import { parse } from "yaml";

// Runs a composite action's steps the way the GitHub runner does, for tests: `run` steps in
// order with bash (`bash --noprofile --norc -eo pipefail`), `${{ }}` expressions filled in from
// inputs, step outputs, `github.*` and `runner.*`, `if:` conditions, and the GITHUB_OUTPUT,
// GITHUB_ENV, GITHUB_PATH and GITHUB_STEP_SUMMARY files. `uses` steps are not run: they are the
// runner's own business (actions/setup-node), and the test runs on the Node that runs it.

interface ActionStep {
  name?: string;
  id?: string;
  uses?: string;
  if?: string;
  shell?: string;
  env?: Record<string, string>;
  run?: string;
}

interface ActionFile {
  inputs: Record<string, { default?: string }>;
  runs: { using: string; steps: ActionStep[] };
}

export interface StepResult {
  name: string;
  status: "success" | "failure" | "skipped" | "not run (uses)";
  exitCode?: number;
  stdout: string;
  stderr: string;
}

export interface ActionRun {
  steps: StepResult[];
  outputs: Record<string, Record<string, string>>;
  summary: string;
  failed: boolean;
}

/**
 * Runs `actionFile`'s steps in `workspace` with these inputs; `actionPath` is GITHUB_ACTION_PATH.
 */
export async function runAction(
  actionFile: string,
  options: {
    actionPath: string;
    workspace: string;
    temp: string;
    inputs: Record<string, string>;
    env?: Record<string, string>;
  },
): Promise<ActionRun> {
  const action = parse(await readFile(actionFile, "utf8")) as ActionFile;
  if (action.runs.using !== "composite")
    throw new Error(`not a composite action: ${action.runs.using}`);
  const inputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(action.inputs))
    inputs[name] = options.inputs[name] ?? spec.default ?? "";
  await mkdir(options.temp, { recursive: true });
  const files = {
    output: join(options.temp, "_output"),
    env: join(options.temp, "_env"),
    path: join(options.temp, "_path"),
    summary: join(options.temp, "_summary"),
  };
  await writeFile(files.summary, "");
  const outputs: Record<string, Record<string, string>> = {};
  const addedEnv: Record<string, string> = {};
  const addedPath: string[] = [];
  const steps: StepResult[] = [];
  let failed = false;

  const value = (expression: string): string => {
    const e = expression.trim();
    let m: RegExpExecArray | null;
    if ((m = /^inputs\.([\w-]+)$/.exec(e))) return inputs[m[1]!] ?? "";
    if ((m = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(e))) return outputs[m[1]!]?.[m[2]!] ?? "";
    if (e === "github.action_path") return options.actionPath;
    if (e === "runner.temp") return options.temp;
    throw new Error(`expression not understood by the test runner: ${e}`);
  };
  const fill = (text: string) => text.replace(/\$\{\{(.+?)\}\}/g, (_, e: string) => value(e));
  const condition = (expression: string | undefined): boolean => {
    if (expression === undefined || expression.trim() === "success()") return !failed;
    if (expression.trim() === "always()") return true;
    const m = /^(.+?)\s*==\s*'([^']*)'$/.exec(expression.trim());
    if (m) return !failed && value(m[1]!) === m[2];
    throw new Error(`condition not understood by the test runner: ${expression}`);
  };

  for (const [i, step] of action.runs.steps.entries()) {
    const name = step.name ?? step.uses ?? `step ${i + 1}`;
    if (step.uses) {
      steps.push({ name, status: "not run (uses)", stdout: "", stderr: "" });
      continue;
    }
    if (!condition(step.if)) {
      steps.push({ name, status: "skipped", stdout: "", stderr: "" });
      continue;
    }
    if (step.shell !== "bash")
      throw new Error(
        `step ${name}: composite run steps need "shell: bash" here, found ${step.shell}`,
      );
    for (const file of [files.output, files.env, files.path]) await writeFile(file, "");
    const script = join(options.temp, `_step${i}.sh`);
    await writeFile(script, step.run ?? "");
    const env: Record<string, string> = {
      // The machine's environment (CA certificates, proxies: npm needs them), as a runner's has,
      // without a token that may be set where the tests run.
      ...inherited(),
      PATH: [...addedPath.slice().reverse(), process.env.PATH ?? ""].join(delimiter),
      RUNNER_TEMP: options.temp,
      GITHUB_ACTION_PATH: options.actionPath,
      GITHUB_WORKSPACE: options.workspace,
      GITHUB_OUTPUT: files.output,
      GITHUB_ENV: files.env,
      GITHUB_PATH: files.path,
      GITHUB_STEP_SUMMARY: files.summary,
      CI: "true",
      ...options.env,
      ...addedEnv,
    };
    for (const [key, raw] of Object.entries(step.env ?? {})) env[key] = fill(String(raw));
    const result = await runBash(script, options.workspace, env);
    const status = result.code === 0 ? "success" : "failure";
    if (status === "failure") failed = true;
    steps.push({
      name,
      status,
      exitCode: result.code,
      stdout: result.stdout,
      stderr: result.stderr,
    });
    if (step.id) outputs[step.id] = keyValues(await readFile(files.output, "utf8"));
    Object.assign(addedEnv, keyValues(await readFile(files.env, "utf8")));
    addedPath.push(...(await readFile(files.path, "utf8")).split("\n").filter(Boolean));
  }
  return { steps, outputs, summary: await readFile(files.summary, "utf8"), failed };
}

function inherited(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && key !== "WEBLATE_TOKEN" && !/^(GITHUB_|RUNNER_|INPUT_)/.test(key))
      env[key] = value;
  }
  return env;
}

function keyValues(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const at = line.indexOf("=");
    if (at > 0) out[line.slice(0, at)] = line.slice(at + 1);
  }
  return out;
}

function runBash(
  script: string,
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], {
      cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}
