import { nodeVersionProblem } from "./node-version.js";

// Imported first by the command's entry: on a Node.js older than the tool supports, one line and
// exit code 2 (a usage error: nothing was fetched) before any library is loaded.

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(2);
}
