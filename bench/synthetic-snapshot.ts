import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { compareTriples, parseTripleString } from "../src/config/triple.js";
import { syntheticLanguages, syntheticProjectRecords } from "../src/demo/synthetic-data.js";
import { must } from "../src/model/must.js";
import { toEntry } from "../src/pipeline/to-entry.js";
import { TableBuilder } from "../src/snapshot/compact.js";
import { compactHead, compactTail, toSnapshot } from "../src/snapshot/snapshot.js";

// A synthetic server's snapshot written straight to a file, one project at a time, without a
// crawl: what `crawl` of the stand-in serving the same records writes (the same entries, the
// compact layout), for render benchmarks at sizes whose crawl takes many minutes (1,000,000
// translations: 200 projects x 25 components x 200 languages). The config it matches tracks
// `*/*/*`.

/** Writes the snapshot of `projects` x `components` x `languages` translations to `file`. */
export async function writeSyntheticSnapshot(
  file: string,
  size: { projects: number; components: number; languages: number },
  baseUrl: string,
  now = new Date("2026-11-21T12:00:00Z"),
): Promise<number> {
  const languages = syntheticLanguages(size.languages);
  const shared = new Map<string, unknown>();
  const tables = new TableBuilder();
  const body = `${file}.body`;
  const out = createWriteStream(body);
  let count = 0;
  // The snapshot's order (compareTriples): projects and components by their slugs as strings.
  const projects = Array.from({ length: size.projects }, (_, p) => p).sort((a, b) =>
    `project${a}` < `project${b}` ? -1 : 1,
  );
  for (const p of projects) {
    const records = syntheticProjectRecords(size, p, baseUrl, languages, shared);
    const entries = records.map((body, i) => {
      const c = Math.floor(i / languages.length);
      const language = must(languages[i % languages.length]).code;
      const triple = { project: `project${p}`, component: `component${c}`, language };
      return toEntry({ triple, body }, { baseUrl });
    });
    entries.sort(compareTriples);
    for (const entry of entries) {
      await write(out, `${count === 0 ? "\n" : ",\n"}    ${JSON.stringify(tables.compact(entry))}`);
      count += 1;
    }
  }
  await new Promise<void>((done, fail) =>
    out.end((error?: Error | null) => (error ? fail(error) : done())),
  );
  const { translations: _, ...header } = toSnapshot([], {
    baseUrl,
    triples: [must(parseTripleString("*/*/*").triple)],
    now,
  });
  const whole = createWriteStream(file);
  await write(whole, compactHead(header, tables.tables));
  await pipeline(createReadStream(body), whole, { end: false });
  await new Promise<void>((done, fail) =>
    whole.end(compactTail(count), (error?: Error | null) => (error ? fail(error) : done())),
  );
  await rm(body);
  return count;
}

function write(stream: WriteStream, text: string): Promise<void> | void {
  if (!stream.write(text)) return new Promise((resolve) => stream.once("drain", resolve));
}
