import { describe, expect, it } from "vitest";
import { fitText, textWidth } from "../../src/widgets/svg-text.js";

describe("fitText", () => {
  it.each([
    ["Deutsch", 200, "Deutsch"],
    ["Portuguese (Brazil)", 60, "Portugue…"],
    ["日本語のテキスト", 30, "日…"],
    ["W", 1, "W…"],
  ])("%s in %i px: %s", (text, max, fitted) => {
    expect(fitText(text, max)).toBe(fitted);
  });

  it("cuts a 20,000-character text to the longest start that fits, with an ellipsis", () => {
    const cut = fitText("W".repeat(20_000), 300, 24, true);
    expect(cut).toMatch(/^W+…$/);
    expect(textWidth(cut, 24, true)).toBeLessThanOrEqual(300);
    expect(textWidth(`W${cut}`, 24, true)).toBeGreaterThan(300);
  });

  it("keeps regular and bold widths apart (a bold text is no regular one starting with b)", () => {
    const regular = textWidth("bW");
    expect(textWidth("W", 11, true)).not.toBe(regular);
    expect(textWidth("", 11, true)).toBe(0);
  });
});
