import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * The slow suites: run by `npm run test:slow` (vitest.slow.config.ts), not by `npm test`. Each
 * takes minutes on two cores: Chromium, the hostile server, the scheduled job's faults, generated
 * records, and the GitHub Action bundled anew and run as the runner runs it (`node dist/action.js`
 * as a child process, once per step).
 */
export const SLOW_SUITES = [
  "test/browser/**/*.test.ts",
  "test/hostile/**/*.test.ts",
  "test/faults/**/*.test.ts",
  "test/property/**/*.test.ts",
  "test/action/action.test.ts",
  "test/action/action-inputs.test.ts",
  "test/action/workflow-dry-run.test.ts",
];

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The slow suites run apart: `npm run test:slow`; the packed package: `npm run
    // check:package`. `.ci/run` runs all three.
    exclude: [...SLOW_SUITES, "test/package/**", "**/node_modules/**"],
    // The run's temporary files in one folder, removed at its end (test/helpers/temp-root.ts).
    globalSetup: ["test/helpers/temp-root.ts"],
    // vitest's default (one worker fewer than the cores) runs the files one at a time on two
    // cores; most of a file's time is spent waiting on local servers and child processes, so two
    // at a time nearly halve the wall time there (500 s -> 280 s, measured on a loaded machine).
    maxWorkers: Math.max(availableParallelism() - 1, 2),
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
