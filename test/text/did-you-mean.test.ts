import { describe, expect, it } from "vitest";
import { closestNames, didYouMean } from "../../src/text/did-you-mean.js";

describe("did you mean", () => {
  it.each([
    ["pt_br", ["pt_BR", "pt", "de"], ["pt_BR"]],
    ["pt-BR", ["pt_BR", "pt"], ["pt_BR"]],
    ["orbit-note", ["orbit-notes", "tinygrep"], ["orbit-notes"]],
    ["appliaction", ["application", "website", "android"], ["application"]],
    ["webiste", ["website", "application"], ["website"]],
    ["xyz", ["application", "website"], []],
    ["de", ["de", "de_AT"], []],
  ])("%s among %j", (word, candidates, expected) => {
    expect(closestNames(word, candidates)).toEqual(expected);
  });

  it("says the names as a question", () => {
    expect(didYouMean([])).toBe("");
    expect(didYouMean(["a"])).toBe('did you mean "a"?');
    expect(didYouMean(["a", "b", "c"])).toBe('did you mean "a", "b" or "c"?');
  });
});
