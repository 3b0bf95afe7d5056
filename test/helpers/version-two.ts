import type { Snapshot } from "../../src/snapshot/snapshot.js";

/**
 * The version 2 text of a snapshot: what the writer wrote before the notes table (schemaVersion
 * 3), each entry's notes whole, every record whole (a valid version 2 file: its tables are empty).
 */
export function versionTwo(snapshot: Snapshot): string {
  const { translations: entries, ...header } = snapshot;
  const head = JSON.stringify({ ...header, schemaVersion: 2 }, null, 2).slice(0, -2);
  const lines = entries.map((entry) => `    ${JSON.stringify(entry)}`).join(",\n");
  return `${head},\n  "projects": [],\n  "components": [],\n  "languages": [],\n  "translations": [\n${lines}\n  ]\n}\n`;
}
