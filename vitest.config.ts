import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The package and action checks run apart: `npm run check:package` (see
    // vitest.package.config.ts).
    exclude: ["test/package/**", "**/node_modules/**"],
    // The run's temporary files in one folder, removed at its end (test/helpers/temp-root.ts).
    globalSetup: ["test/helpers/temp-root.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
