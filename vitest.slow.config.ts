import { defineConfig } from "vitest/config";
import { SLOW_SUITES } from "./vitest.config.js";

// `npm run test:slow`: the suites that take minutes (listed in vitest.config.ts). `.ci/run` runs
// them after `npm test`.
export default defineConfig({
  test: {
    include: SLOW_SUITES,
    globalSetup: ["test/helpers/temp-root.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
