// `npm start`: the whole job on the demo data, with no network. It starts the local Weblate
// stand-in, crawls it with the real crawler using config/demo.json, and renders out/.
import { fileURLToPath } from "node:url";
import { main } from "../cli/main.js";
import { buildDemoRecords } from "./demo-data.js";
import { StandInServer } from "./stand-in-server.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
process.chdir(root);
// The stand-in plays the newest server generation, as `npm run stand-in` does by default.
const server = new StandInServer({
  records: (base) => buildDemoRecords(base, { olderProject: false }),
  generation: "2026",
  latencyMs: 15,
});
const baseUrl = await server.start();
console.log(`demo: a local Weblate stand-in serves the demo data at ${baseUrl}`);
const { WEBLATE_TOKEN: _ignored, ...env } = process.env;
try {
  process.exitCode = await main(
    [
      "build",
      "--config",
      "config/demo.json",
      "--out",
      "out",
      "--base-url",
      baseUrl,
      ...process.argv.slice(2),
    ],
    {
      stdout: process.stdout,
      stderr: process.stderr,
      env,
    },
  );
} finally {
  await server.stop();
}
