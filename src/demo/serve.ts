// `npm run stand-in`: the local Weblate stand-in serving the demo data on its own, until stopped
// (Ctrl-C), so the tool, or Weblate's own client `wlc`, can be pointed at it:
// npm run stand-in                       # listening http://127.0.0.1:8080 (config/demo.json's
// baseUrl)
//   npm run stand-in -- --port 0 --shapes older --latency 50
import { parseArgs } from "node:util";
import { buildDemoRecords } from "./demo-data.js";
import { StandInServer } from "./stand-in-server.js";
import { must } from "../model/must.js";
import { errorCode } from "../model/json.js";
import { messageOf } from "../model/errors.js";

const USAGE =
  "usage: npm run stand-in -- [--port N] [--host ADDRESS] [--latency MS] [--shapes current|older]";

function fail(message: string): never {
  process.stderr.write(`stand-in: ${message}\n${USAGE}\n`);
  process.exit(2);
}

let values: { port?: string; host?: string; latency?: string; shapes?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      port: { type: "string" },
      host: { type: "string" },
      latency: { type: "string" },
      shapes: { type: "string" },
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
if (values.shapes !== undefined && values.shapes !== "current" && values.shapes !== "older")
  fail(`--shapes expects current or older, found '${values.shapes}'`);

const server = new StandInServer({
  records: buildDemoRecords,
  latencyMs,
  shapes: values.shapes === "older" ? "older" : values.shapes === "current" ? "current" : undefined,
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
process.stdout.write(`listening ${url}\n`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server.stop().then(() => process.exit(0));
  });
}
