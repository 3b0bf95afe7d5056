import { beforeAll, describe, expect, it } from "vitest";
import { siteOptionsSchema } from "../../src/config/schema.js";
import { parseTripleString } from "../../src/config/triple.js";
import { syntheticRecords, syntheticTriples } from "../../src/demo/synthetic-data.js";
import { emptyHistory } from "../../src/history/history.js";
import { countsOf, mergeRun } from "../../src/history/merge-run.js";
import { must } from "../../src/model/must.js";
import { toEntry } from "../../src/pipeline/to-entry.js";
import { DetailMemo } from "../../src/render/budget/detail-memo.js";
import { fileBytes } from "../../src/render/budget/measure-files.js";
import { detailAfter, DROP_STEPS, type SiteDetail } from "../../src/render/budget/site-detail.js";
import { planSiteFiles } from "../../src/render/site-plan.js";
import { toSnapshot, type Snapshot } from "../../src/snapshot/snapshot.js";
import { loadOgRenderer } from "../../src/widgets/og-image.js";

// The budget measures the site at each step of DROP_STEPS; a file is rendered again only at a
// detail that differs in what the file read of it. What is reused must be what a fresh measure
// gives: the costs at every step are compared with those of a plan measured at that step alone.

const steps = Array.from({ length: DROP_STEPS.length + 1 }, (_, i) => i);

describe("DetailMemo", () => {
  it("renders a file again only where what it read of the detail changed", () => {
    const memo = new DetailMemo();
    let detail = memo.view(detailAfter(0));
    const renders = { badges: 0, nothing: 0, whole: 0 };
    const files = {
      badges: {
        path: "a.svg",
        render: () => {
          renders.badges += 1;
          return detail.badges === "full" ? "full drawing" : "plain";
        },
      },
      nothing: {
        path: "b.txt",
        render: () => {
          renders.nothing += 1;
          return "fixed";
        },
      },
      whole: {
        path: "c.json",
        render: () => {
          renders.whole += 1;
          return JSON.stringify({ ...detail });
        },
      },
    };
    const sizes: number[][] = [];
    for (const step of steps) {
      detail = memo.view(detailAfter(step));
      sizes.push(Object.values(files).map((f) => memo.bytes(f, fileBytes)));
    }
    // Full at step 0, plain from step 1 on: drawn twice; the fixed file once; the file that
    // reads the whole detail at every step (each step changes something).
    expect(renders).toEqual({ badges: 2, nothing: 1, whole: steps.length });
    expect(sizes.map((s) => s[0])).toEqual(steps.map((s) => (s === 0 ? 12 : 5)));
    expect(sizes.map((s) => s[1])).toEqual(steps.map(() => 5));
    expect(sizes.map((s) => s[2])).toEqual(
      steps.map((s) => Buffer.byteLength(JSON.stringify({ ...detailAfter(s) }))),
    );
  });

  it("renders every file again where a field it always depends on changed", () => {
    const memo = new DetailMemo(["translationPages"]);
    let renders = 0;
    const file = { path: "feed.xml", render: () => `${(renders += 1)}` };
    for (const step of steps) {
      memo.view(detailAfter(step));
      memo.bytes(file, fileBytes);
    }
    // translationPages changes once, at the third step.
    expect(renders).toBe(2);
  });
});

const BASE = "https://weblate.example";
const size = { projects: 2, components: 3, languages: 12 };

function snapshotAt(at: string, translated: (i: number) => number | undefined): Snapshot {
  const records = syntheticRecords(size)(BASE).map((r, i) => {
    const t = translated(i);
    return t === undefined ? r : { ...r, translated: t };
  });
  const triples = syntheticTriples(size).map((key) => must(parseTripleString(key).triple));
  const entries = triples.map((triple, i) =>
    toEntry({ triple, body: records[i] }, { baseUrl: BASE }),
  );
  return toSnapshot(entries, { baseUrl: BASE, triples, now: new Date(at) });
}

describe("the budget's costs, remembered from step to step", () => {
  beforeAll(() => loadOgRenderer());

  it("are at each step what a plan measured at that step alone gives", () => {
    const site = siteOptionsSchema.parse({ url: "https://me.github.io/repo/" });
    // Two runs, some translations falling to 0%: the history's changes link to them (their pages,
    // or their rows).
    const first = snapshotAt("2026-11-20T12:00:00Z", () => undefined);
    const second = snapshotAt("2026-11-21T12:00:00Z", (i) => (i % 7 === 0 ? 0 : undefined));
    const history = emptyHistory(BASE);
    for (const s of [first, second])
      mergeRun(
        history,
        s.generatedAt,
        s.translations.map((e) => ({ ...e, counts: countsOf(e.record, e.statistics) })),
        { threshold: 60, measure: site },
      );
    const costsAt = (plan: ReturnType<typeof planSiteFiles>, detail: SiteDetail) => {
      plan.setDetail(detail);
      return { quick: plan.costs(true), close: plan.costs() };
    };
    const remembering = planSiteFiles(second, site, history);
    for (const step of steps) {
      const detail = detailAfter(step);
      const alone = costsAt(planSiteFiles(second, site, history), detail);
      expect(costsAt(remembering, detail), `step ${step}`).toEqual(alone);
    }
  });
});
