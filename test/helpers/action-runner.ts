import { spawn } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "yaml";

// Runs a JavaScript action (`runs.using: node24`) the way the GitHub runner does, for tests:
// `node <action>/<main>` in the workspace, its inputs as INPUT_<NAME> (declared defaults filled
// in, undeclared ones passed too, as the runner does with a warning), the GITHUB_* variables and
// files a hosted runner sets; the step's outputs read back from GITHUB_OUTPUT in both of its
// forms (`name=value` and `name<<DELIMITER`). workflow-runner.ts runs a workflow's job with it.

export interface ActionRun {
  status: "success" | "failure";
  exitCode: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  /** The job summary file's text after the step. */
  summary: string;
  failed: boolean;
}

export interface ActionFile {
  inputs?: Record<string, { default?: string }>;
  outputs?: Record<string, { description?: string }>;
  runs: { using: string; main?: string };
}

/** The variables a hosted runner sets for every step (the files are set per step). */
export function runnerEnv(options: {
  workspace: string;
  temp: string;
  repository?: string;
}): Record<string, string> {
  const repository = options.repository ?? "octo-org/octo-repo";
  return {
    // The machine's environment (CA certificates, proxies), as a runner's has, without a token
    // that may be set where the tests run.
    ...inherited(),
    CI: "true",
    GITHUB_ACTIONS: "true",
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_REPOSITORY: repository,
    GITHUB_REPOSITORY_OWNER: repository.split("/")[0]!,
    GITHUB_SERVER_URL: "https://github.com",
    GITHUB_API_URL: "https://api.github.com",
    GITHUB_EVENT_NAME: "schedule",
    GITHUB_REF: "refs/heads/main",
    GITHUB_REF_NAME: "main",
    GITHUB_RUN_ID: "1",
    GITHUB_RUN_NUMBER: "1",
    GITHUB_RUN_ATTEMPT: "1",
    GITHUB_JOB: "build",
    RUNNER_TEMP: options.temp,
    RUNNER_OS: "Linux",
    RUNNER_ARCH: "X64",
  };
}

/**
 * Runs the action of `actionPath` (its action.yml) in `workspace` with these inputs (a step's
 * `with:`). `env` adds to the runner's variables (a step's `env:`); `summary` is the job's
 * summary file (made empty when not given).
 */
export async function runAction(options: {
  actionPath: string;
  workspace: string;
  temp: string;
  inputs: Record<string, string>;
  env?: Record<string, string>;
  repository?: string;
  summary?: string;
}): Promise<ActionRun> {
  const action = parse(
    await readFile(join(options.actionPath, "action.yml"), "utf8"),
  ) as ActionFile;
  if (!/^node\d+$/.test(action.runs.using) || !action.runs.main)
    throw new Error(`not an action the test runner runs: runs.using ${action.runs.using}`);
  const inputs: Record<string, string> = { ...options.inputs };
  for (const [name, spec] of Object.entries(action.inputs ?? {}))
    inputs[name] = options.inputs[name] ?? spec.default ?? "";
  await mkdir(options.temp, { recursive: true });
  const summary = options.summary ?? join(options.temp, "_summary");
  if (!options.summary) await writeFile(summary, "");
  const files = {
    GITHUB_OUTPUT: join(options.temp, "_output"),
    GITHUB_ENV: join(options.temp, "_env"),
    GITHUB_PATH: join(options.temp, "_path"),
    GITHUB_STATE: join(options.temp, "_state"),
  };
  for (const file of Object.values(files)) await writeFile(file, "");
  const env: Record<string, string> = {
    ...runnerEnv(options),
    ...options.env,
    ...files,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_ACTION: "__run",
  };
  for (const [name, value] of Object.entries(inputs))
    env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] = value;
  const main = join(options.actionPath, action.runs.main);
  const result = await spawnIn(process.execPath, [main], options.workspace, env);
  const status = result.code === 0 ? "success" : "failure";
  return {
    status,
    exitCode: result.code,
    stdout: result.stdout,
    stderr: result.stderr,
    outputs: keyValues(await readFile(files.GITHUB_OUTPUT, "utf8")),
    summary: await readFile(summary, "utf8"),
    failed: status === "failure",
  };
}

function inherited(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && key !== "WEBLATE_TOKEN" && !/^(GITHUB_|RUNNER_|INPUT_)/.test(key))
      env[key] = value;
  }
  return env;
}

/** GITHUB_OUTPUT / GITHUB_ENV: `name=value` lines and `name<<DELIMITER` ... `DELIMITER` blocks. */
export function keyValues(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2]!, i + 1);
      if (end < 0) throw new Error(`unterminated value of ${heredoc[1]} in a GITHUB_OUTPUT file`);
      out[heredoc[1]!] = lines.slice(i + 1, end).join("\n");
      i = end;
      continue;
    }
    const at = line.indexOf("=");
    if (at > 0) out[line.slice(0, at)] = line.slice(at + 1);
  }
  return out;
}

function spawnIn(
  file: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}
