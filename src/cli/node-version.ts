// The oldest Node.js the tool runs on: package.json's `engines` (undici, in the bundle, needs it).
// The command's entry (src/cli.ts) imports this file before anything else, so that an older
// Node.js gets one line and exit code 2 (a usage error: nothing was fetched) before the bundled
// libraries load, not a stack trace from inside one of them.

/** The oldest Node.js version supported, as `engines` in package.json has it (`>=20.18.1`). */
export const MIN_NODE = "20.18.1";

/** A version's numbers (`20.18.1` or `v20.18.1`, a pre-release's suffix ignored). */
function numbers(version: string): number[] {
  return version
    .replace(/^v/, "")
    .split(/[.-]/)
    .slice(0, 3)
    .map((part) => Number.parseInt(part, 10) || 0);
}

/** The one line to print when `version` is older than MIN_NODE; undefined when it will do. */
export function nodeVersionProblem(version: string): string | undefined {
  const have = numbers(version);
  const want = numbers(MIN_NODE);
  for (let i = 0; i < want.length; i += 1) {
    const a = have[i] ?? 0;
    const b = want[i] ?? 0;
    if (a > b) return undefined;
    if (a < b)
      return (
        `l10n-snapshot needs Node.js ${MIN_NODE} or later; this is Node.js ` +
        `${version.replace(/^v/, "")} (run it with a newer node, e.g. the current LTS)`
      );
  }
  return undefined;
}

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(2);
}
