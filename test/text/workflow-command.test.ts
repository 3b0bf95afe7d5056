import { describe, expect, it } from "vitest";
import { addSecret } from "../../src/text/sanitize.js";
import { workflowCommand } from "../../src/text/workflow-command.js";

// A workflow command is read by the runner a line at a time; a message must stay on its line.

describe("workflowCommand", () => {
  it("keeps a message on one line: line breaks escaped, a literal %0A kept as text", () => {
    expect(
      workflowCommand("warning", "l10n-snapshot", "a\n::error::x\r\n%0A::set-output name=y::z"),
    ).toBe(
      "::warning title=l10n-snapshot::a\\u000a::error::x\\u000d\\u000a%250A::set-output name=y::z",
    );
  });

  it("escapes a title's : and , and redacts secrets in both", () => {
    addSecret("s3cret-value-9");
    expect(
      workflowCommand("error", "check: rule, one s3cret-value-9", "token s3cret-value-9"),
    ).toBe("::error title=check%3A rule%2C one [redacted]::token [redacted]");
  });
});
