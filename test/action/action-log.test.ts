import { describe, expect, it } from "vitest";
import { ActionLog } from "../../src/action/run-action.js";

describe("the Action's log", () => {
  it("passes on no raw control or bidi character, whatever printed the line", () => {
    let stdout = "";
    let stderr = "";
    const log = new ActionLog({
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
    });
    log.stderr.write("note a\u001b[2J\u202eb\u0085\nfailed p/c/l: x\u0007\n");
    log.flush();
    expect(stderr).toBe("note a\\u001b[2J\\u202eb\\u0085\n");
    expect(stdout).toBe("::warning title=l10n-snapshot::failed p/c/l: x\\u0007\n");
  });
});
