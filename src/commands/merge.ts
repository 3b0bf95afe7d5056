import { UsageError, type ExitCodeValue } from "../model/errors.js";
import { counted } from "../text/plural.js";
import type { Io } from "../model/io.js";
import { mergeSnapshots } from "../snapshot/merge-snapshots.js";
import { readSnapshot } from "../snapshot/read-snapshot.js";
import { writeSnapshot } from "../snapshot/snapshot-file.js";
import { countEntries, exitCodeFor } from "../snapshot/snapshot.js";
import { sayer, type CommandArgs } from "./flags.js";

/** `merge`: the shard snapshots of one config joined into one snapshot file. */
export async function mergeCommand({ flags, rest }: CommandArgs, io: Io): Promise<ExitCodeValue> {
  if (rest.length === 0)
    throw new UsageError(
      "merge needs the shard snapshots to join: l10n-snapshot merge a.json b.json --snapshot " +
        "all.json",
    );
  if (!flags.snapshot)
    throw new UsageError("merge needs --snapshot FILE: where to write the joined snapshot");
  const parts = rest.map((file) => ({ file, snapshot: readSnapshot(file) }));
  const merged = mergeSnapshots(parts);
  await writeSnapshot(flags.snapshot, merged);
  const counts = countEntries(merged.translations);
  sayer(
    flags,
    io.stdout,
  )(
    `merged ${counted(parts.length, "snapshot")}: ${counted(counts.total, "translation")} (ok ` +
      `${counts.ok}, invalid ${counts.invalid}, failed ${counts.failed}) into ${flags.snapshot}`,
  );
  return exitCodeFor(merged);
}
