import { defineConfig } from "vitest/config";

// `npm run check:package`: the packed package installed into an empty folder, and the GitHub
// Action run step by step against it. Slow (npm pack builds dist/, then npm installs), so it runs
// apart from `npm test`, from .ci/run.
export default defineConfig({
  test: {
    include: ["test/package/**/*.test.ts"],
    // The run's temporary files in one folder, removed at its end (test/helpers/temp-root.ts).
    globalSetup: ["test/helpers/temp-root.ts"],
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
