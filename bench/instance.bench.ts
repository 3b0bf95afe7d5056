// The whole instance: "*/*/*" against the explicit triples of the same translations, on a
// stand-in with a fixed latency, answers gzipped. Prints requests, bytes, wall time and whether
// the two snapshots' translations are byte-identical (it asserts nothing).
// Options: --projects 10 --components 10 --languages 200 --latency 50 --concurrency 4
import { crawlToSnapshot } from "../src/pipeline/crawl-step.js";
import { parseConfig } from "../src/config/load-config.js";
import { StandInServer } from "../src/demo/stand-in-server.js";
import { syntheticRecords, syntheticTriples } from "../src/demo/synthetic-data.js";
import { option, peakRssMb } from "./measure.js";

const size = {
  projects: option("projects", 10),
  components: option("components", 10),
  languages: option("languages", 200),
};
const concurrency = option("concurrency", 4);
const server = new StandInServer({
  records: syntheticRecords(size),
  latencyMs: option("latency", 50),
  encoding: "gzip",
});
await server.start();
const total = size.projects * size.components * size.languages;
console.log(
  `${total} translations (${size.projects} projects x ${size.components} components x ${size.languages} languages), latency ${server.latencyMs} ms, concurrency ${concurrency}`,
);

async function crawl(name: string, translations: string[], warmUp = true): Promise<string> {
  const config = parseConfig(
    { baseUrl: server.baseUrl, translations, crawl: { concurrency } },
    "bench",
    {},
  );
  // A first, unmeasured crawl lets the stand-in (in this process) build and compress its answers
  // once.
  if (warmUp) await crawlToSnapshot(config);
  server.resetStats();
  const run = await crawlToSnapshot(config, { now: () => new Date(0) });
  const ok = run.snapshot.translations.filter((t) => t.status === "ok").length;
  console.log(
    `${name}: ${run.snapshot.translations.length} translations (${ok} ok), ${run.stats.requests} requests, ${(run.stats.bytes / 1e6).toFixed(1)} MB on the wire, ${run.seconds.toFixed(2)} s (validating ${run.validateSeconds.toFixed(2)} s)`,
  );
  return JSON.stringify(run.snapshot.translations);
}

const instance = await crawl("*/*/*", ["*/*/*"]);
console.log(
  `  at most ceil(${total}/1000) = ${Math.ceil(total / 1000)} requests expected; peak RSS so far ${peakRssMb()} MB`,
);
const explicit = await crawl("explicit triples", syntheticTriples(size));
console.log(`snapshots' translations byte-identical: ${instance === explicit}`);
await server.stop();
