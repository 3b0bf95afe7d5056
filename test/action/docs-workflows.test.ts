import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse, stringify } from "yaml";
import { describe, expect, it } from "vitest";
import { lintWorkflow } from "../../scripts/lint-workflows.js";

// The workflow examples of the README and docs/ pass actionlint as a user would paste them: a
// whole workflow as it is, a list of steps inside a job of the workflow init writes (checkout
// first). actionlint cannot read this Action's action.yml from a remote `uses:`, so each
// `with:` given to the Action is checked against the inputs action.yml declares.

const root = join(import.meta.dirname, "../..");
const ACTION = /^l10n-snapshot\/l10n-snapshot@/;

/** Every ```yaml block of the README and of docs/*.md, with where it is. */
async function examples(): Promise<{ where: string; text: string }[]> {
  const docs = (await readdir(join(root, "docs"))).filter((f) => f.endsWith(".md"));
  const found: { where: string; text: string }[] = [];
  for (const file of ["README.md", ...docs.map((f) => `docs/${f}`)]) {
    const markdown = await readFile(join(root, file), "utf8");
    for (const match of markdown.matchAll(/^```ya?ml\n([\s\S]*?)^```$/gm)) {
      const line = markdown.slice(0, match.index).split("\n").length;
      found.push({ where: `${file}:${line}`, text: match[1] ?? "" });
    }
  }
  return found;
}

/** A list of steps as the steps of a job, after a checkout, in a workflow of its own. */
function asWorkflow(steps: unknown[]): string {
  return stringify({
    name: "example",
    on: { workflow_dispatch: {} },
    permissions: { contents: "read" },
    jobs: {
      build: {
        "runs-on": "ubuntu-latest",
        steps: [{ uses: "actions/checkout@v5" }, ...steps],
      },
    },
  });
}

/** The steps of a parsed workflow or list of steps. */
function stepsOf(parsed: unknown): Record<string, unknown>[] {
  const isRecord = (v: unknown): v is Record<string, unknown> =>
    typeof v === "object" && v !== null && !Array.isArray(v);
  if (Array.isArray(parsed)) return parsed.filter(isRecord);
  if (!isRecord(parsed) || !isRecord(parsed.jobs)) return [];
  return Object.values(parsed.jobs).flatMap((job) =>
    isRecord(job) && Array.isArray(job.steps) ? job.steps.filter(isRecord) : [],
  );
}

/** The inputs given to this Action in a workflow or step list that action.yml does not declare. */
function unknownInputs(text: string, inputs: string[]): { steps: number; unknown: string[] } {
  const steps = stepsOf(parse(text)).filter(
    (step) => typeof step.uses === "string" && ACTION.test(step.uses),
  );
  const given = steps.flatMap((step) => Object.keys(Object(step.with)));
  return { steps: steps.length, unknown: given.filter((name) => !inputs.includes(name)) };
}

describe("the workflow examples in the README and docs/", async () => {
  const blocks = await examples();
  const action = parse(await readFile(join(root, "action.yml"), "utf8"));
  const inputs = Object.keys(action.inputs);

  it("are there: the workflow init writes, the sharded one, the Action's steps", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    expect(blocks.filter((b) => Array.isArray(parse(b.text))).length).toBeGreaterThanOrEqual(2);
  });

  it("pass actionlint, each as a user would paste it", async () => {
    for (const { where, text } of blocks) {
      const parsed: unknown = parse(text);
      const workflow = Array.isArray(parsed) ? asWorkflow(parsed) : text;
      expect(await lintWorkflow(workflow, where), where).toEqual([]);
    }
  });

  it("give the Action only the inputs action.yml declares", () => {
    let used = 0;
    for (const { where, text } of blocks) {
      const { steps, unknown } = unknownInputs(text, inputs);
      used += steps;
      expect(unknown, where).toEqual([]);
    }
    expect(used).toBeGreaterThanOrEqual(3);
  });

  it("would be caught: an input the Action lacks, a step actionlint refuses", async () => {
    const wrong = "- uses: l10n-snapshot/l10n-snapshot@v1\n  with: { tokn: x, full: true }\n";
    expect(unknownInputs(wrong, inputs)).toEqual({ steps: 1, unknown: ["tokn"] });
    const broken = asWorkflow([{ run: "echo ${{ secret.X }}", "timeout-minutes": "soon" }]);
    expect((await lintWorkflow(broken, "broken.yml")).length).toBeGreaterThan(0);
  });
});
