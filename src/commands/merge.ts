import { UsageError, type ExitCodeValue } from "../model/errors.js";
import { counted } from "../text/plural.js";
import type { Io } from "../model/io.js";
import { mergeSnapshotFiles } from "../pipeline/merge.js";
import { exitCodeOf } from "../snapshot/snapshot.js";
import { sayer, type CommandArgs } from "./flags.js";

/**
 * `merge`: the shard snapshots of one config joined into one snapshot file, streamed (memory does
 * not grow with the shards).
 */
export async function mergeCommand({ flags, rest }: CommandArgs, io: Io): Promise<ExitCodeValue> {
  if (rest.length === 0)
    throw new UsageError(
      "merge needs the shard snapshots to join: l10n-snapshot merge a.json b.json --snapshot " +
        "all.json",
    );
  if (!flags.snapshot)
    throw new UsageError("merge needs --snapshot FILE: where to write the joined snapshot");
  const { counts } = await mergeSnapshotFiles(rest, flags.snapshot, { signal: io.signal });
  sayer(
    flags,
    io.stdout,
  )(
    `merged ${counted(rest.length, "snapshot")}: ${counted(counts.total, "translation")} (ok ` +
      `${counts.ok}, invalid ${counts.invalid}, failed ${counts.failed}) into ${flags.snapshot}`,
  );
  return exitCodeOf(counts);
}
