import { describe, expect, it } from "vitest";
import { hrefFrom } from "../../../src/render/pages/relative-href.js";
import { encodePath } from "../../../src/site/site-paths.js";

/** The definition: drop the folders the page and the target share, climb out of the rest. */
function byParts(pageDir: string, target: string): string {
  const from = pageDir === "" ? [] : pageDir.split("/");
  const to = target.split("/");
  let same = 0;
  while (same < from.length && same < to.length - 1 && from[same] === to[same]) same++;
  return "../".repeat(from.length - same) + encodePath(to.slice(same).join("/"));
}

/** The link from the page in `pageDir` to `target`, as a page's helpers make it. */
const relativeHref = (pageDir: string, target: string) =>
  hrefFrom(pageDir === "" ? [] : pageDir.split("/"), target);

describe("a link from one page of the site to another", () => {
  it("climbs out of the folders the two do not share, and no further", () => {
    expect(relativeHref("", "p/c/index.html")).toBe("p/c/index.html");
    expect(relativeHref("p/c", "p/c/de/index.html")).toBe("de/index.html");
    expect(relativeHref("p/c/de", "p/c/index.html")).toBe("../index.html");
    expect(relativeHref("p/c/de", "badges/p/c/de.svg")).toBe("../../../badges/p/c/de.svg");
    // A folder whose name starts like the page's is not the page's.
    expect(relativeHref("p/c", "p/cc/index.html")).toBe("../cc/index.html");
    expect(relativeHref("p/c", "p/c")).toBe("../c");
    expect(relativeHref("p", "p")).toBe("../p");
    expect(relativeHref("a b/%", "a b/%/x y.html")).toBe("x%20y.html");
  });

  it("is the same link as the folders compared one by one, for any names", () => {
    const names = ["p", "c", "", ".", "..", "%", "a b", "ä", "p/c", "index.html", "pc", "c/"];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    const path = (n: number) =>
      Array.from({ length: n }, () => names[next() % names.length]).join("/");
    for (let i = 0; i < 20_000; i++) {
      const pageDir = path(next() % 4);
      const target = next() % 3 === 0 ? `${pageDir}/${path(next() % 3)}` : path(1 + (next() % 4));
      expect(relativeHref(pageDir, target), `${pageDir} -> ${target}`).toBe(
        byParts(pageDir, target),
      );
      const from = pageDir === "" ? [] : pageDir.split("/");
      expect(hrefFrom(from, target)).toBe(byParts(pageDir, target));
    }
  });
});
