import { describe, expect, it } from "vitest";
import { KeptRenders } from "../../src/render/budget/kept-renders.js";
import { fileBytes } from "../../src/render/budget/measure-files.js";
import type { FileToWrite } from "../../src/output/write-files.js";

/** A file whose pieces are made by a generator, counting how often it is rendered. */
function counted(path: string) {
  const file = {
    renders: 0,
    path,
    render: function* () {
      file.renders += 1;
      yield "héllo ";
      yield new Uint8Array([1, 2, 3]);
      yield "wörld";
    },
  };
  return file;
}

const written = (file: FileToWrite) =>
  "copyFrom" in file ? [] : [...(typeof file.render() === "string" ? [] : file.render())];

describe("what the budget rendered, kept for the writing", () => {
  it("is written as measured, rendered once, and then let go", () => {
    const kept = new KeptRenders(true);
    const file = counted("a.txt");
    expect(kept.measure(file)).toBe(fileBytes(counted("b.txt")));
    expect(file.renders).toBe(1);
    const taken = kept.take(file);
    expect(written(taken)).toEqual(["héllo ", new Uint8Array([1, 2, 3]), "wörld"]);
    expect(file.renders).toBe(1);
    // Taken once: a second writing renders the file itself.
    expect(kept.take(file)).toBe(file);
  });

  it("keeps nothing past a new detail, or on a site too large to keep any", () => {
    const kept = new KeptRenders(true);
    const file = counted("a.txt");
    kept.measure(file);
    kept.clear();
    expect(kept.take(file)).toBe(file);
    const large = new KeptRenders(false);
    expect(large.measure(file)).toBe(16);
    expect(large.take(file)).toBe(file);
  });
});
