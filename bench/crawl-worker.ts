// One crawl, in its own process: prints {requests, seconds, validateSeconds, translations,
// peakRssMb} as JSON.
import { crawlToSnapshot } from "../src/pipeline/crawl-step.js";
import { parseConfig } from "../src/config/load-config.js";
import { peakRssMb } from "./measure.js";

const [baseUrl, concurrency, ...triples] = process.argv.slice(2);
const config = parseConfig(
  { baseUrl, translations: triples, crawl: { concurrency: Number(concurrency) } },
  "bench",
  {},
);
const run = await crawlToSnapshot(config);
const ok = run.snapshot.translations.filter((t) => t.status === "ok").length;
console.log(
  JSON.stringify({
    requests: run.stats.requests,
    seconds: run.seconds,
    validateSeconds: run.validateSeconds,
    bytes: run.stats.bytes,
    translations: run.snapshot.translations.length,
    ok,
    peakRssMb: peakRssMb(),
  }),
);
