import { describe, expect, it } from "vitest";
import { addSecret, redactSecrets, sanitizeText } from "../../src/text/sanitize.js";

describe("sanitizeText", () => {
  it("escapes control, C1 and bidi characters so a message stays one honest line", () => {
    expect(sanitizeText("a\nfetched 99, ok 99\r\u001b[31mred\u001b[0m")).toBe(
      "a\\u000afetched 99, ok 99\\u000d\\u001b[31mred\\u001b[0m",
    );
    expect(sanitizeText("x\u0085y\u009bz")).toBe("x\\u0085y\\u009bz");
    expect(sanitizeText("abc\u202edcba\u2066\u2069\u200f")).toBe(
      "abc\\u202edcba\\u2066\\u2069\\u200f",
    );
    expect(sanitizeText("tab\there")).toBe("tab\\u0009here");
  });

  it("keeps ordinary text, including non-Latin scripts and emoji", () => {
    const text = 'Čeština, العربية, 日本語, 🙂 "quotes" <b>';
    expect(sanitizeText(text)).toBe(text);
  });

  it("redacts registered secrets, plain and URL-encoded, and anything shaped like a Weblate token", () => {
    addSecret("s3cr3t/pass word");
    expect(sanitizeText("got s3cr3t/pass word and s3cr3t%2Fpass%20word")).toBe(
      "got [redacted] and [redacted]",
    );
    expect(redactSecrets("Invalid token wlu_abcDEF123456 or wlp_zzzzzzzz9")).toBe(
      "Invalid token [redacted] or [redacted]",
    );
    expect(redactSecrets("wlu_ alone")).toBe("wlu_ alone");
  });

  it("ignores secrets too short to redact safely", () => {
    addSecret("ab");
    expect(sanitizeText("ab cab")).toBe("ab cab");
  });
});
