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

interface Result { requests: number; seconds: number; fetchSeconds: number; bytes: number; translations: number; ok: number; peakRssMb: number }

async function scenario(name: string, triples: string[], listsDisabled = false): Promise<void> {
  const server = new StandInServer({ records: syntheticRecords(size), latencyMs: latency, listsDisabled });
  const baseUrl = await server.start();
  try {
    const r = await runWorker<Result>("crawl-worker.ts", [baseUrl, String(concurrency), ...triples]);
    const bound = (r.requests * latency) / concurrency / 1000;
    console.log(
      `${name.padEnd(34)} ${String(r.ok).padStart(5)}/${r.translations} ok  ${String(r.requests).padStart(5)} requests  ${(r.bytes / 1e6).toFixed(1)} MB  ` +
        `fetch ${r.fetchSeconds.toFixed(3)} s  bound ${bound.toFixed(3)} s  ratio ${(r.fetchSeconds / bound).toFixed(2)}x  ` +
        `(+ validate ${(r.seconds - r.fetchSeconds).toFixed(3)} s)  peak RSS ${r.peakRssMb} MB`,
    );
  } finally {
    await server.stop();
  }
}

console.log(`crawl: ${total} translations (${size.components} components x ${size.languages} languages), latency ${latency} ms, concurrency ${concurrency}`);
console.log("bound = requests x latency / concurrency; ratio = fetch wall time / bound");
await scenario("explicit triples (grouped by list)", syntheticTriples(size));
await scenario("wildcard project0/*/*", ["project0/*/*"]);
await scenario("component wildcards project0/cN/*", Array.from({ length: size.components }, (_, c) => `project0/component${c}/*`));
await scenario("explicit, detail endpoint only", syntheticTriples(size), true);
