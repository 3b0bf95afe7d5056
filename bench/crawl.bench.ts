// Crawl benchmark: a local Weblate stand-in with a fixed latency per request, crawled with explicit
// triples, with wildcards, and one request per translation (list endpoints switched off).
// Options: --latency 50 --components 10 --languages 200 --concurrency 8
import { StandInServer } from "../src/demo/stand-in-server.js";
import { syntheticRecords, syntheticTriples } from "../src/demo/synthetic-data.js";
import { option, runWorker } from "./measure.js";

const latency = option("latency", 50);
const size = { components: option("components", 10), languages: option("languages", 200) };
const concurrency = option("concurrency", 8);
const total = size.components * size.languages;

interface Result { requests: number; seconds: number; validateSeconds: number; bytes: number; translations: number; ok: number; peakRssMb: number }

/**
 * `levels`: how many requests each step of the crawl makes, where a step needs the answers of the
 * one before (a component list before the translation lists it names). No crawl can be faster
 * than its steps taken in rounds of `concurrency` requests: the sum of ceil(n / concurrency) x latency.
 */
async function scenario(name: string, triples: string[], levels: number[], listsDisabled = false): Promise<void> {
  const server = new StandInServer({ records: syntheticRecords(size), latencyMs: latency, listsDisabled });
  const baseUrl = await server.start();
  try {
    const args = [baseUrl, String(concurrency), ...triples];
    // A first, unmeasured crawl lets the stand-in build its answers, so that it then answers in
    // exactly the latency it simulates; the measured crawl is a fresh process, as in CI.
    if (!listsDisabled) await runWorker<Result>("crawl-worker.ts", args);
    server.resetStats();
    const r = await runWorker<Result>("crawl-worker.ts", args);
    const bound = (r.requests * latency) / concurrency / 1000;
    const rounds = levels.reduce((sum, n) => sum + Math.ceil(n / concurrency), 0);
    const roundsBound = (rounds * latency) / 1000;
    console.log(
      `${name.padEnd(34)} ${String(r.ok).padStart(5)}/${r.translations} ok  ${String(r.requests).padStart(5)} requests  ${(r.bytes / 1e6).toFixed(1)} MB  ` +
        `wall ${r.seconds.toFixed(3)} s (validating ${r.validateSeconds.toFixed(3)} s of it)  ` +
        `bound ${bound.toFixed(3)} s  ratio ${(r.seconds / bound).toFixed(2)}x  ` +
        `rounds ${rounds}: ${roundsBound.toFixed(3)} s  ratio ${(r.seconds / roundsBound).toFixed(2)}x  peak RSS ${r.peakRssMb} MB`,
    );
  } finally {
    await server.stop();
  }
}

console.log(`crawl: ${total} translations (${size.components} components x ${size.languages} languages), latency ${latency} ms, concurrency ${concurrency}`);
console.log("wall = the whole crawl, fetching and validating; bound = requests x latency / concurrency; rounds = the dependent steps in rounds of `concurrency`");
const c = size.components;
await scenario("explicit triples (grouped by list)", syntheticTriples(size), [2 * c]);
await scenario("wildcard project0/*/*", ["project0/*/*"], [1, c]);
await scenario("component wildcards project0/cN/*", Array.from({ length: c }, (_, i) => `project0/component${i}/*`), [2 * c]);
await scenario("explicit, detail endpoint only", syntheticTriples(size), [2 * c, total], true);
