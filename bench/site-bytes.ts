import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";

// A site folder's size as GitHub Pages counts it (the sum of its files' sizes), by kind of file:
// the rows of BENCHMARKS.md's "bytes per translation" table.

export interface SiteBytes {
  files: number;
  bytes: number;
  /** On disk, in blocks (for scale: a file of 70 bytes takes a 4 kB block). */
  diskBytes: number;
  kinds: Map<string, { files: number; bytes: number }>;
}

/** The kind of a file of the site, from its path (relative, "/"-separated). */
export function kindOf(path: string): string {
  const parts = path.split("/");
  if (parts[0] === "badges") {
    if (path === "badges/index.html") return "badges page";
    if (/\.(chart|columns|matrix)\.svg$/.test(path)) return "charts";
    if (/\.languages\.(svg|json)$/.test(path)) return "count badges";
    if (path.endsWith(".og.png")) return "Open Graph pictures";
    if (parts.length === 4 && path.endsWith(".svg")) return "translation badges (svg)";
    if (parts.length === 4 && path.endsWith(".json")) return "translation badges (json)";
    if (path.endsWith(".md")) return "exports";
    return "project and component badges";
  }
  if (parts[0] === "data") return path.includes("history") ? "history" : `data (${parts.at(-1)})`;
  if (parts[0] === "languages") return "language pages";
  if (parts[0] === "assets" || parts.length === 1) return "overview, 404, assets, feed";
  if (path.endsWith("feed.xml")) return "overview, 404, assets, feed";
  if (parts.length === 2) return "project pages";
  if (parts.length === 3) return "component pages";
  return "translation pages";
}

export async function siteBytes(dir: string): Promise<SiteBytes> {
  const out: SiteBytes = { files: 0, bytes: 0, diskBytes: 0, kinds: new Map() };
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const s = await stat(file);
    const kind = kindOf(
      file
        .slice(dir.length + 1)
        .split("\\")
        .join("/"),
    );
    const k = out.kinds.get(kind) ?? { files: 0, bytes: 0 };
    k.files += 1;
    k.bytes += s.size;
    out.kinds.set(kind, k);
    out.files += 1;
    out.bytes += s.size;
    out.diskBytes += s.blocks * 512;
  }
  return out;
}
