import { describe, expect, it } from "vitest";
import { parseChoice } from "../../src/init/choose-projects.js";

describe("the project question's answer", () => {
  it.each([
    ["", [0, 1, 2, 3]],
    ["all", [0, 1, 2, 3]],
    ["2", [1]],
    ["3 1", [0, 2]],
    ["1,3, 4", [0, 2, 3]],
    ["2-4", [1, 2, 3]],
    ["2-3 2", [1, 2]],
  ])("%j chooses %j", (answer, expected) => {
    expect(parseChoice(answer, 4)).toEqual(expected);
  });

  it.each([
    ["0", "0 is outside 1-4"],
    ["5", "5 is outside 1-4"],
    ["3-2", "3-2 is outside 1-4"],
    ["orbit", '"orbit" is not a number; answer with numbers from 1 to 4'],
  ])("%j is refused: %s", (answer, why) => {
    expect(parseChoice(answer, 4)).toBe(why);
  });
});
