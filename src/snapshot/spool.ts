import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, openSync, readSync, renameSync, rmSync, writeSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { describeFsError } from "../fs-errors.js";
import { OutputError } from "../errors.js";
import { TableBuilder, type CompactTables } from "./compact.js";
import type { SnapshotEntry, SnapshotHeader } from "./schema.js";
import { compactHead, compactTail } from "./snapshot.js";
import { removeDeadTemps } from "./snapshot-file.js";

// A crawl of 100,000 translations cannot hold their records: each entry goes to a temporary file
// as a compact line the moment it is validated, and memory keeps where each line is (and the few
// hundred shared records in the tables). Writing the snapshot reads the lines back in the
// snapshot's order and renumbers the tables as the in-memory writer numbers them (in order of
// first use), so the file is byte for byte what serializeSnapshot would write for the same
// entries.

type Json = Record<string, unknown>;
const FLUSH_BYTES = 1 << 20;

interface Line {
  offset: number;
  length: number;
  /** The table indexes the line uses, in the order the in-memory writer first meets them. */
  refs: [table: "languages" | "components", index: number][];
}

export class SnapshotSpool {
  private readonly fd: number;
  private readonly tempFile: string;
  private readonly builder = new TableBuilder();
  private readonly lines: Line[] = [];
  private pending: string[] = [];
  private pendingBytes = 0;
  private size = 0;

  /**
   * A spool in a temporary file next to `target` (on the file system the snapshot goes to), named
   * as the atomic writer names its temporary files, so one a killed run left is removed.
   */
  static async open(target: string): Promise<SnapshotSpool> {
    try {
      await mkdir(dirname(target), { recursive: true });
      await removeDeadTemps(target);
      return new SnapshotSpool(target);
    } catch (error) {
      throw new OutputError(`cannot write ${target}: ${describeFsError(error)}`, { cause: error });
    }
  }

  private constructor(private readonly target: string) {
    this.tempFile = `${target}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
    this.fd = openSync(this.tempFile, "w+");
  }

  /** Stores an entry; returns its number for `replace` and `write`. */
  add(entry: SnapshotEntry): number {
    this.lines.push(this.store(entry));
    return this.lines.length - 1;
  }

  /** Stores a changed entry in place of entry `n`. */
  replace(n: number, entry: SnapshotEntry): void {
    this.lines[n] = this.store(entry);
  }

  private store(entry: SnapshotEntry): Line {
    const stored = this.builder.compact(entry);
    const text = JSON.stringify(stored);
    const length = Buffer.byteLength(text);
    const line: Line = { offset: this.size, length, refs: refsOf(stored) };
    this.pending.push(text);
    this.pendingBytes += length;
    this.size += length;
    if (this.pendingBytes >= FLUSH_BYTES) this.flush();
    return line;
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    writeSync(this.fd, this.pending.join(""));
    this.pending = [];
    this.pendingBytes = 0;
  }

  private read(line: Line): Json {
    const buffer = Buffer.allocUnsafe(line.length);
    readSync(this.fd, buffer, 0, line.length, line.offset);
    return JSON.parse(buffer.toString("utf8")) as Json;
  }

  /** Writes the snapshot file (atomically: a temporary sibling renamed over it) with the entries numbered in `order`. */
  write(header: SnapshotHeader, order: readonly number[]): void {
    this.flush();
    const { tables, remap } = this.renumber(order);
    const temp = `${this.target}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
    let fd: number | undefined;
    try {
      fd = openSync(temp, "w");
      const out = fd;
      let chunk: string[] = [compactHead(header, tables)];
      order.forEach((n, i) => {
        chunk.push(`${i === 0 ? "\n" : ",\n"}    ${JSON.stringify(remap(this.read(this.lines[n]!)))}`);
        if (chunk.length >= 512) {
          writeSync(out, chunk.join(""));
          chunk = [];
        }
      });
      chunk.push(compactTail(order.length));
      writeSync(out, chunk.join(""));
      fsyncSync(out);
      closeSync(out);
      fd = undefined;
      renameSync(temp, this.target);
    } catch (error) {
      if (fd !== undefined) closeSync(fd);
      rmSync(temp, { force: true });
      throw new OutputError(`cannot write ${this.target}: ${describeFsError(error)}`, { cause: error });
    }
  }

  /** The tables in order of first use along `order`, and the function that renumbers a stored entry's references. */
  private renumber(order: readonly number[]): { tables: CompactTables; remap: (stored: Json) => Json } {
    const old = this.builder.tables;
    const tables: CompactTables = { projects: [], components: [], languages: [] };
    const maps = { projects: new Map<number, number>(), components: new Map<number, number>(), languages: new Map<number, number>() };
    const take = (table: keyof CompactTables, i: number, value: unknown) => {
      if (!maps[table].has(i)) {
        maps[table].set(i, tables[table].length);
        tables[table].push(value);
      }
    };
    for (const n of order) {
      for (const [table, i] of this.lines[n]!.refs) {
        if (table === "languages") take("languages", i, old.languages[i]);
        else if (!maps.components.has(i)) {
          const component = old.components[i] as Json;
          if (typeof component.project === "number") {
            take("projects", component.project, old.projects[component.project]);
            take("components", i, { ...component, project: maps.projects.get(component.project) });
          } else take("components", i, component);
        }
      }
    }
    const record = (r: unknown): unknown => {
      if (typeof r !== "object" || r === null || Array.isArray(r)) return r;
      const out: Json = { ...(r as Json) };
      if (typeof out.language === "number") out.language = maps.languages.get(out.language);
      if (typeof out.component === "number") out.component = maps.components.get(out.component);
      return out;
    };
    const remap = (stored: Json): Json => {
      if (stored.verbatim === true) return stored;
      const out: Json = { ...stored };
      if ("record" in stored) out.record = record(stored.record);
      if (typeof stored.carried === "object" && stored.carried !== null) out.carried = { ...(stored.carried as Json), record: record((stored.carried as Json).record) };
      return out;
    };
    return { tables, remap };
  }

  /** Removes the temporary file; the spool is unusable after. */
  close(): void {
    closeSync(this.fd);
    rmSync(this.tempFile, { force: true });
  }
}

/** The references of a stored entry in the order TableBuilder.compact assigns them: record (language, component), then carried. */
function refsOf(stored: Json): Line["refs"] {
  if (stored.verbatim === true) return [];
  const refs: Line["refs"] = [];
  const add = (r: unknown) => {
    if (typeof r !== "object" || r === null) return;
    const { language, component } = r as Json;
    if (typeof language === "number") refs.push(["languages", language]);
    if (typeof component === "number") refs.push(["components", component]);
  };
  add(stored.record);
  if (typeof stored.carried === "object" && stored.carried !== null) add((stored.carried as Json).record);
  return refs;
}
