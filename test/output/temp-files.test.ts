import { spawn } from "node:child_process";
import { mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { doneTemp, madeTemp, sweepTempFolder } from "../../src/output/temp-files.js";
import { tempDir } from "../helpers/temp-dir.js";

// A run sweeps what older runs of this tool left in the temporary folder (a killed run's copy
// of the previous site's snapshot may be 1 GB), and nothing a run that goes on still uses.

describe("the sweep of the temporary folder", () => {
  it("removes the folders of ended runs and of this PID's earlier process; keeps the rest", async () => {
    const dir = await tempDir("l10n-sweep-");
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    await new Promise((r) => other.once("spawn", r));
    try {
      const names = {
        ended: "l10n-snapshot-previous-4194305-aB3dE9",
        endedRender: "l10n-snapshot-render-4194305-Zz9zZ9",
        earlierMe: `l10n-snapshot-previous-${process.pid}-QwErTy`,
        mine: `l10n-snapshot-previous-${process.pid}-AsDfGh`,
        running: `l10n-snapshot-previous-${other.pid}-ZxCvBn`,
        notOurs: "l10n-snapshot-init-abcdef",
      };
      for (const name of Object.values(names)) await mkdir(join(dir, name));
      madeTemp(join(dir, names.mine));
      await sweepTempFolder(dir);
      expect((await readdir(dir)).sort()).toEqual(
        [names.mine, names.running, names.notOurs].sort(),
      );
      doneTemp(join(dir, names.mine));
    } finally {
      other.kill();
    }
  });
});
