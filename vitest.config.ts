import { defineConfig } from "vitest/config";

/** The slow suites: run by `npm run test:slow` (vitest.slow.config.ts), not by `npm test`. */
export const SLOW_SUITES = [
  "test/browser/**",
  "test/hostile/**",
  "test/faults/**",
  "test/property/**",
];

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The browser, hostile-server, scheduled-job and property suites run apart:
    // `npm run test:slow`; the packed package: `npm run check:package`. `.ci/run` runs all three.
    exclude: [...SLOW_SUITES, "test/package/**", "**/node_modules/**"],
    // The run's temporary files in one folder, removed at its end (test/helpers/temp-root.ts).
    globalSetup: ["test/helpers/temp-root.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
