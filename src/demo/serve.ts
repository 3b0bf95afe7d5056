// `npm run stand-in`: the local Weblate stand-in serving the demo data on its own, until stopped
// (Ctrl-C), so the tool, or Weblate's own client `wlc`, can be pointed at it:
//   npm run stand-in                       # listening http://127.0.0.1:8080 (config/demo.json's
//                                          # baseUrl), in the shapes of Weblate 2026.x
//   npm run stand-in -- --port 0 --shape 4 --latency 50
//   npm run stand-in -- --synthetic 30x8x120  # a large instance instead of the demo data:
//                                          # 30 projects x 8 components x 120 languages
import { parseArgs } from "node:util";
import { buildDemoRecords } from "./demo-data.js";
import { syntheticRecords, type SyntheticSize } from "./synthetic-data.js";
import { GENERATIONS, type Generation } from "./generations.js";
import { StandInServer } from "./stand-in-server.js";
import { errorCode } from "../model/json.js";
import { messageOf } from "../model/errors.js";
import { must } from "../model/must.js";

const USAGE =
  `usage: npm run stand-in -- [--port N] [--host ADDRESS] [--latency MS] [--shape ` +
  `${GENERATIONS.join("|")}] [--token TOKEN] [--synthetic PROJECTSxCOMPONENTSxLANGUAGES]`;

// Enough for a rehearsal of the largest instances (1,000,000 translations: 200x25x200), and no
// more: the stand-in keeps every translation's answer in memory.
const MAX_SYNTHETIC = 2_000_000;

function fail(message: string): never {
  process.stderr.write(`stand-in: ${message}\n${USAGE}\n`);
  process.exit(2);
}

let values: {
  port?: string;
  host?: string;
  latency?: string;
  shape?: string;
  token?: string;
  synthetic?: string;
  help?: boolean;
};
try {
  ({ values } = parseArgs({
    options: {
      port: { type: "string" },
      host: { type: "string" },
      latency: { type: "string" },
      shape: { type: "string" },
      token: { type: "string" },
      synthetic: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  }));
} catch (error) {
  fail(must(messageOf(error).split("\n")[0]));
}
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const port = Number(values.port ?? 8080);
const latencyMs = Number(values.latency ?? 0);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  fail(`--port expects a port from 0 to 65535, found '${values.port}'`);
if (!Number.isFinite(latencyMs) || latencyMs < 0)
  fail(`--latency expects milliseconds (>= 0), found '${values.latency}'`);
const generation = GENERATIONS.find((g) => g === (values.shape ?? "2026"));
if (!generation)
  fail(
    `--shape expects one of ${GENERATIONS.join(", ")} (Weblate 2026.x or 4.x), found ` +
      `'${values.shape}'`,
  );
const shape: Generation = generation;

/** `--synthetic 30x8x120`: projects, components a project, languages a component. */
function syntheticSize(text: string): SyntheticSize {
  const match = /^(\d+)x(\d+)x(\d+)$/.exec(text);
  const [projects, components, languages] = (match?.slice(1) ?? []).map(Number);
  if (!projects || !components || !languages)
    fail(
      `--synthetic expects PROJECTSxCOMPONENTSxLANGUAGES, each at least 1 (for example ` +
        `30x8x120), found '${text}'`,
    );
  if (projects * components * languages > MAX_SYNTHETIC)
    fail(
      `--synthetic ${text} is ${(projects * components * languages).toLocaleString("en-US")} ` +
        `translations, more than the stand-in holds (${MAX_SYNTHETIC.toLocaleString("en-US")})`,
    );
  return { projects, components, languages };
}
const synthetic = values.synthetic === undefined ? undefined : syntheticSize(values.synthetic);

const server = new StandInServer({
  records: synthetic
    ? syntheticRecords(synthetic)
    : (base) => buildDemoRecords(base, { olderProject: false }),
  generation: shape,
  latencyMs,
  // With --token, only that token is accepted (and repository details are shown with it).
  ...(values.token ? { tokens: [values.token] } : {}),
});
let url: string;
try {
  url = await server.start(port, values.host ?? "127.0.0.1");
} catch (error) {
  fail(
    `cannot listen on ${values.host ?? "127.0.0.1"}:${port} ` +
      `(${errorCode(error) ?? messageOf(error)})`,
  );
}
const projects = synthetic?.projects ?? 1;
const what = synthetic
  ? `; ${(projects * synthetic.components * synthetic.languages).toLocaleString("en-US")} ` +
    `synthetic translations: project0..project${projects - 1}, ` +
    `${synthetic.components} components x ${synthetic.languages} languages each`
  : "";
process.stdout.write(
  `listening ${url} (Weblate ${shape === "2026" ? "2026.x" : "4.x"} shapes${what})\n`,
);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server.stop().then(() => process.exit(0));
  });
}
