import { statSync } from "node:fs";
import type { FileToWrite } from "../../output/write-files.js";
import { must } from "../../model/must.js";

// What files cost, before any is written: each kind of file of the site is measured by rendering
// its files (a kind of a few files) or an even sample of them (a kind of many), and the sample's
// bytes are scaled by what the files hold (their rows), not by their number: component pages of
// 3 and of 200 languages are not the same size.

/** A planned file with what its size grows with. */
export interface KindedFile {
  file: FileToWrite;
  /** What the file is, for the budget's report: "component pages". */
  kind: string;
  /** What its size grows with (rows, cells; 1 for a file of fixed form). */
  weight: number;
}

/** What one kind of file costs. */
export interface KindCost {
  kind: string;
  files: number;
  bytes: number;
  /** Every file was measured (else a sample, scaled). */
  exact: boolean;
}

/** Files measured per kind, at most: enough for an estimate within a few percent. */
export const SAMPLE_FILES = 64;

/** Files measured per kind for a first, quick look (the site far below or far above its budget). */
export const QUICK_SAMPLE_FILES = 6;

/** Kinds whose files cost much to draw (100 ms a picture) and vary little: a few measured. */
const COSTLY = new Set(["Open Graph pictures"]);

/** The bytes of a planned file, rendered (and dropped). */
export function fileBytes(file: FileToWrite): number {
  if ("copyFrom" in file) return statSync(file.copyFrom).size;
  return contentBytes(file.render());
}

/** The bytes of a rendered content, as written (text as UTF-8). */
export function contentBytes(content: string | Uint8Array | Iterable<string | Uint8Array>): number {
  if (typeof content === "string") return Buffer.byteLength(content);
  if (content instanceof Uint8Array) return content.byteLength;
  let bytes = 0;
  for (const piece of content) bytes += Buffer.byteLength(piece);
  return bytes;
}

/**
 * The cost of each kind of file: every file of a kind of at most `sample` files rendered, else
 * `sample` of them spread evenly over the kind, their bytes per weight times the kind's weight.
 * `files` gives the same files in the same order each time it is called (it is called twice: the
 * kinds counted, then the sample taken), so they need not all be held at once.
 */
export function measureFiles(files: () => Iterable<KindedFile>, sample = SAMPLE_FILES): KindCost[] {
  const kinds = new Map<string, Census>();
  for (const f of files()) {
    const kind = kinds.get(f.kind);
    if (kind) {
      kind.files += 1;
      kind.weight += f.weight;
    } else {
      const measured = COSTLY.has(f.kind) ? Math.max(1, Math.floor(sample / 16)) : sample;
      kinds.set(f.kind, { files: 1, weight: f.weight, measured, seen: 0, picked: [] });
    }
  }
  for (const f of files()) {
    const kind = must(kinds.get(f.kind));
    const at = kind.seen++;
    const { files: n, measured, picked } = kind;
    const next = Math.floor(((picked.length + 0.5) * n) / measured);
    if (n <= measured || (picked.length < measured && at === next)) picked.push(f);
  }
  const costs: KindCost[] = [];
  for (const [kind, { files: n, weight: total, measured, picked }] of kinds) {
    let bytes = 0;
    let weight = 0;
    for (const f of picked) {
      bytes += fileBytes(f.file);
      weight += f.weight;
    }
    if (n <= measured) costs.push({ kind, files: n, bytes, exact: true });
    else {
      const estimate = Math.ceil(weight > 0 ? (bytes / weight) * total : 0);
      costs.push({ kind, files: n, bytes: estimate, exact: false });
    }
  }
  return costs;
}

/** A kind of file as measureFiles counts it, and the files of its sample. */
interface Census {
  files: number;
  weight: number;
  /** How many of its files are measured at most. */
  measured: number;
  /** Its files seen so far in the second pass. */
  seen: number;
  picked: KindedFile[];
}

/**
 * An even sample of a sequence of unknown length: every `step`-th item, the step doubling (and
 * every other item kept dropped) whenever twice `size` are kept, so between `size` and twice
 * `size` items are kept, spread over the whole sequence.
 */
export class EvenSample<T> {
  private step = 1;
  private seen = 0;
  private kept: T[] = [];

  constructor(private readonly size: number) {}

  /** Offers the next item; `make` is called only when it is kept. */
  offer(make: () => T): void {
    if (this.seen++ % this.step !== 0) return;
    this.kept.push(make());
    if (this.kept.length >= 2 * this.size) {
      this.kept = this.kept.filter((_, i) => i % 2 === 0);
      this.step *= 2;
    }
  }

  get items(): readonly T[] {
    return this.kept;
  }

  /** At most `n` of the kept items, spread evenly over them. */
  spread(n: number): readonly T[] {
    if (this.kept.length <= n) return this.kept;
    return Array.from({ length: n }, (_, k) =>
      must(this.kept[Math.floor(((k + 0.5) * this.kept.length) / n)]),
    );
  }

  /** Every offered item is kept. */
  get whole(): boolean {
    return this.step === 1;
  }
}
