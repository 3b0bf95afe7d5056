// The floor for a crawl: a client that does nothing but fetch. It sends the given requests
// (steps separated by "--", each step after the one before has finished) at the same
// concurrency, over one keep-alive pool, asking for compressed answers as the crawl does, and reads
// each body as it comes, without decompressing or parsing it.
// Prints {seconds, requests, bytes} as JSON.
import { Agent, request } from "undici";

const [concurrency, ...rest] = process.argv.slice(2);
const steps: string[][] = [[]];
for (const arg of rest) {
  if (arg === "--") steps.push([]);
  else steps.at(-1)!.push(arg);
}
const slots = Number(concurrency);
const agent = new Agent({ connections: slots, keepAliveTimeout: 10_000 });
let bytes = 0;
let requests = 0;
const started = performance.now();
for (const urls of steps) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(slots, urls.length) }, async () => {
      while (next < urls.length) {
        const url = urls[next++]!;
        const response = await request(url, {
          dispatcher: agent,
          headers: { "accept-encoding": "gzip, deflate, br" },
        });
        bytes += (await response.body.arrayBuffer()).byteLength;
        requests += 1;
      }
    }),
  );
}
const seconds = (performance.now() - started) / 1000;
await agent.close();
console.log(JSON.stringify({ seconds, requests, bytes }));
