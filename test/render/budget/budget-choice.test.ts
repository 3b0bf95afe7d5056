import { describe, expect, it } from "vitest";
import { OutputError } from "../../../src/model/errors.js";
import { chooseDetail, budgetLines } from "../../../src/render/budget/site-budget.js";
import {
  DROP_STEPS,
  FULL_DETAIL,
  type SiteDetail,
} from "../../../src/render/budget/site-detail.js";

/** A site whose size at each number of steps taken is given; counts the close looks. */
function fakeSite(sizes: number[]) {
  let steps = 0;
  const looks = { quick: 0, close: 0 };
  return {
    looks,
    setDetail(detail: SiteDetail) {
      steps =
        DROP_STEPS.findIndex((_, i) => {
          let d = FULL_DETAIL;
          for (const s of DROP_STEPS.slice(0, i + 1)) d = s.apply(d);
          return JSON.stringify(d) === JSON.stringify(detail);
        }) + 1;
    },
    costs(quick?: boolean) {
      looks[quick ? "quick" : "close"] += 1;
      return [{ kind: "pages", files: 1, bytes: sizes[steps]!, exact: !quick }];
    },
  };
}

describe("chooseDetail", () => {
  it("takes the steps in order until the site fits, looking closely only near the budget", () => {
    const site = fakeSite([5000, 4000, 3500, 1000, 900, 800, 700]);
    const choice = chooseDetail(site, 1100);
    expect(choice.steps).toBe(3);
    expect(choice.detail.translationPages).toBe(false);
    expect(choice.detail.exports).toBe("compact");
    expect(choice.leftOut.map((l) => [l.step.name, l.saves])).toEqual([
      ["badge gloss", 1000],
      ["per-translation exports", 500],
      ["translation pages", 2500],
    ]);
    expect(choice.fullBytes).toBe(5000);
    // 5000, 4000 and 3500 are far over 1100: no close look; 1000 is within the quick look's margin.
    expect(site.looks.close).toBe(1);
    expect(budgetLines(choice)[0]).toBe(
      "site.maxBytes: the whole site would be 5 kB, over its budget of 1 kB; left out, in this order:",
    );
  });

  it("goes one step further for a site written larger than measured, keeping what it left out", () => {
    const site = fakeSite([5000, 4000, 3500, 1000, 900, 800, 700]);
    const first = chooseDetail(site, 1100);
    const again = chooseDetail(site, 1100, first);
    expect(again.steps).toBe(4);
    expect(again.leftOut.map((l) => l.step.name)).toEqual(
      DROP_STEPS.slice(0, 4).map((s) => s.name),
    );
    expect(again.fullBytes).toBe(5000);
  });

  it("stops with exit 3 when the site written at its smallest form was larger than measured", () => {
    const site = fakeSite([5000, 4000, 3500, 1000, 900, 800, 700]);
    let choice = chooseDetail(site, 1100);
    while (choice.steps < DROP_STEPS.length) choice = chooseDetail(site, 1100, choice, 1200);
    const error = (() => {
      try {
        chooseDetail(site, 1100, choice, 1234);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(OutputError);
    expect((error as OutputError).exitCode).toBe(3);
    expect((error as OutputError).message).toMatch(/^the site would be 1 kB even at its smallest/);
    expect((error as OutputError).message).toContain("nothing was written");
  });

  it("keeps everything when it fits, and says nothing", () => {
    const choice = chooseDetail(fakeSite([500, 400, 300, 200, 100, 50, 40]), 1000);
    expect(choice.steps).toBe(0);
    expect(budgetLines(choice)).toEqual([]);
  });

  it("stops with exit 3 when even the smallest form does not fit", () => {
    const error = (() => {
      try {
        chooseDetail(fakeSite([5000, 4000, 3000, 2500, 2000, 1800, 1500]), 1000);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(OutputError);
    expect((error as OutputError).exitCode).toBe(3);
    expect((error as OutputError).message).toBe(
      "the site would be 2 kB even at its smallest (pages 2 kB), over site.maxBytes (1 kB): raise site.maxBytes or track fewer translations; nothing was written",
    );
  });
});
