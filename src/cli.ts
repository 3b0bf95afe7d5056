#!/usr/bin/env node
// The command line: arguments in, exit code out. Everything else is in main.ts.
import { main } from "./cli/main.js";

process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  // A getter: process.stdin is made only when a command reads it (init, on a terminal).
  get stdin() {
    return process.stdin;
  },
});
