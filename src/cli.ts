#!/usr/bin/env node
// The command line: arguments in, exit code out. Everything else is in main.ts; stopping from
// outside (signals, a closed stdout) in cli/signals.ts. First of all, the Node.js version
// (node-version.ts runs before the modules after it, and the libraries they load).
import "./cli/node-version.js";
import { main } from "./cli/main.js";
import { watchProcess } from "./cli/signals.js";

const watch = watchProcess(process.stdout, (line) => {
  try {
    process.stderr.write(`${line}\n`);
  } catch {
    // stderr is gone too: the exit code says it
  }
});
process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  // A getter: process.stdin is made only when a command reads it (init, on a terminal).
  get stdin() {
    return process.stdin;
  },
  signal: watch.signal,
});
watch.dispose();
