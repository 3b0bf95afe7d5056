// One crawl at scale, in its own process: crawls the given triples, writes the snapshot to a file
// and prints {requests, seconds, translations, ok, snapshotBytes, peakRssMb} as JSON. A previous
// snapshot file other than "-" makes it an incremental crawl.
import { stat } from "node:fs/promises";
import { build } from "../src/pipeline/build.js";
import { parseConfig } from "../src/config/load-config.js";
import { peakRssMb } from "./measure.js";

const [baseUrl, concurrency, file, previousFile, ...triples] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  ...string[],
];
const config = parseConfig(
  { baseUrl, translations: triples, crawl: { concurrency: Number(concurrency) } },
  "bench",
  {},
);
// As `l10n-snapshot crawl` does: the records spooled to disk as they are validated.
const { summary: run } = await build(config, {
  snapshot: file,
  previous: previousFile === "-" ? undefined : previousFile,
});
const { ok, total } = run.counts;
const snapshotBytes = (await stat(file)).size;
console.log(
  JSON.stringify({
    requests: run.stats.requests,
    seconds: run.seconds,
    translations: total,
    ok,
    snapshotBytes,
    peakRssMb: peakRssMb(),
  }),
);
