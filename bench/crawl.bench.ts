// Crawl benchmark: a local Weblate stand-in with a fixed latency per request, crawled with explicit
// triples, with wildcards, and one request per translation (list endpoints switched off); the
// list crawls again at `--scale` times as many components.
// Options: --latency 50 --components 10 --languages 200 --concurrency 8,4 --runs 3 --scale 10
// --encoding gzip (how the stand-in compresses answers: gzip, deflate, br or identity)
// The list crawls run at each concurrency given (4 is the config's default); the crawl of one
// request per translation at the first only.
import { StandInServer, type ContentCoding } from "../src/demo/stand-in-server.js";
import {
  syntheticRecords,
  syntheticTriples,
  type SyntheticSize,
} from "../src/demo/synthetic-data.js";
import { option, runWorker, stringOption } from "./measure.js";

const latency = option("latency", 50);
const concurrencies = stringOption("concurrency", "8,4").split(",").map(Number);
if (!concurrencies.every((c) => Number.isInteger(c) && c >= 1))
  throw new Error("--concurrency: positive integers separated by commas, such as 8,4");
const runs = Math.max(1, option("runs", 3));
const scale = option("scale", 10);
const size = { components: option("components", 10), languages: option("languages", 200) };
const encoding = stringOption("encoding", "gzip") as ContentCoding;
if (!["gzip", "deflate", "br", "identity"].includes(encoding))
  throw new Error(`--encoding: gzip, deflate, br or identity, not ${encoding}`);

interface CrawlResult {
  requests: number;
  seconds: number;
  validateSeconds: number;
  bytes: number;
  translations: number;
  ok: number;
  peakRssMb: number;
}
interface BareResult {
  seconds: number;
  requests: number;
}

interface Scenario {
  name: string;
  triples: string[];
  /**
   * The project's component list must come back before the lists it names can be asked for (a
   * component wildcard).
   */
  projectListFirst: boolean;
  runs: number;
}

/**
 * The crawl's requests (as the stand-in logged them) in dependent steps: each step needs the
 * answers of the one before. Project component lists come first when the crawl needs their
 * answers to know what else to ask; the detail endpoint is asked only for what the lists lacked.
 */
function steps(paths: string[], projectListFirst: boolean): string[][] {
  const projects = paths.filter((p) => /^\/api\/projects\/[^/]+\/components\//.test(p));
  const details = paths.filter((p) => p.startsWith("/api/translations/"));
  const lists = paths.filter((p) => !projects.includes(p) && !details.includes(p));
  const ordered = projectListFirst
    ? [projects, lists, details]
    : [[...projects, ...lists], details];
  return ordered.filter((step) => step.length > 0);
}

const median = <T extends { seconds: number }>(results: T[]): T =>
  [...results].sort((a, b) => a.seconds - b.seconds)[Math.floor(results.length / 2)]!;
const s = (seconds: number) => `${seconds.toFixed(3)} s`;

async function measure(
  server: StandInServer,
  scenario: Scenario,
  concurrency: number,
): Promise<void> {
  const args = [server.baseUrl, String(concurrency), ...scenario.triples];
  // A first, unmeasured crawl lets the stand-in build its answers, so that it then answers in
  // exactly the latency it simulates; each measured crawl is a fresh process, as in CI.
  await runWorker<CrawlResult>("crawl-worker.ts", args);
  const crawls: CrawlResult[] = [];
  let paths: string[] = [];
  for (let i = 0; i < scenario.runs; i++) {
    server.resetStats();
    crawls.push(await runWorker<CrawlResult>("crawl-worker.ts", args));
    paths = server.log.map((r) => r.url);
  }
  const plan = steps(paths, scenario.projectListFirst);
  const bareArgs = [
    String(concurrency),
    ...plan.flatMap((step, i) => [
      ...(i > 0 ? ["--"] : []),
      ...step.map((p) => `${server.baseUrl}${p}`),
    ]),
  ];
  const bares: BareResult[] = [];
  for (let i = 0; i < scenario.runs; i++)
    bares.push(await runWorker<BareResult>("bare-worker.ts", bareArgs));

  const r = median(crawls);
  const bare = median(bares);
  const bound = (r.requests * latency) / concurrency / 1000;
  const rounds = plan.reduce((sum, step) => sum + Math.ceil(step.length / concurrency), 0);
  const roundBound = (rounds * latency) / 1000;
  const ratio = (bound: number) => `(${(r.seconds / bound).toFixed(2)}x)`;
  console.log(
    `${`${scenario.name}, concurrency ${concurrency}`.padEnd(50)} ${String(r.ok).padStart(5)}/${r.translations} ok  ${String(r.requests).padStart(5)} requests  ${(r.bytes / 1e6).toFixed(1)} MB on the wire  ` +
      `wall ${s(r.seconds)} (validating ${s(r.validateSeconds)} of it; ${crawls.map((c) => c.seconds.toFixed(3)).join("/")})  peak RSS ${r.peakRssMb} MB`,
  );
  console.log(
    `${"".padEnd(50)} latency bound ${s(bound)} ${ratio(bound)}  round bound (${rounds} rounds in ${plan.length} steps) ${s(roundBound)} ${ratio(roundBound)}  ` +
      `bare client ${s(bare.seconds)} ${ratio(bare.seconds)}`,
  );
}

async function withServer(
  records: SyntheticSize,
  listsDisabled: boolean,
  body: (server: StandInServer) => Promise<void>,
): Promise<void> {
  const server = new StandInServer({
    records: syntheticRecords(records),
    latencyMs: latency,
    listsDisabled,
    encoding,
  });
  await server.start();
  try {
    await body(server);
  } finally {
    await server.stop();
  }
}

function listScenarios(at: SyntheticSize): Scenario[] {
  const components = Array.from({ length: at.components }, (_, i) => `project0/component${i}/*`);
  return [
    {
      name: "explicit triples (grouped by list)",
      triples: syntheticTriples(at),
      projectListFirst: false,
      runs,
    },
    { name: "wildcard project0/*/*", triples: ["project0/*/*"], projectListFirst: true, runs },
    {
      name: "component wildcards project0/cN/*",
      triples: components,
      projectListFirst: false,
      runs,
    },
  ];
}

console.log(
  `crawl: latency ${latency} ms, concurrency ${concurrencies.join(" and ")}, answers ${encoding === "identity" ? "not compressed" : `compressed as ${encoding}`}; wall times are medians of ${runs} runs`,
);
console.log("wall: the whole crawl, fetching and validating, as a fresh process");
console.log("latency bound: requests x latency / concurrency");
console.log(
  "round bound: the crawl's dependent steps (a component list before the lists it names; the detail endpoint for what lists lack), each in rounds of `concurrency` requests, x latency",
);
console.log(
  "bare client: the same requests in the same steps from a client that only fetches (no parsing, no validating)",
);

const sizes =
  scale > 1 ? [size, { components: size.components * scale, languages: size.languages }] : [size];
for (const at of sizes) {
  console.log(
    `\n${at.components * at.languages} translations (${at.components} components x ${at.languages} languages):`,
  );
  await withServer(at, false, async (server) => {
    for (const concurrency of concurrencies) {
      for (const scenario of listScenarios(at)) await measure(server, scenario, concurrency);
    }
  });
  if (at === size) {
    await withServer(at, true, (server) =>
      measure(
        server,
        {
          name: "explicit, detail endpoint only",
          triples: syntheticTriples(at),
          projectListFirst: false,
          runs: 1,
        },
        concurrencies[0]!,
      ),
    );
  }
}
