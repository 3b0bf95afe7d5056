import type { FileToWrite } from "../../output/write-files.js";
import { contentBytes, fileBytes } from "./measure-files.js";

/**
 * The sites with at most this many translations keep what the budget rendered: some 4 MB of
 * content at 10,000 (the exports, the project pages, a picture). A larger site keeps nothing: its
 * exports alone are tens of megabytes, and its peak memory is where the writing starts.
 */
export const KEEP_RENDERED_UP_TO = 20_000;

type Content = ReturnType<Extract<FileToWrite, { render: unknown }>["render"]>;

/**
 * What the budget rendered at the detail it last measured, kept by path for the writing: on a
 * small site the files the budget measures (every file of a kind of a few, the exports whole) are
 * then written as they were measured, not rendered a second time. Let go at each new detail (a
 * file kept is one of this detail) and as each file is written.
 */
export class KeptRenders {
  private readonly kept = new Map<string, Content>();

  constructor(private readonly keeping: boolean) {}

  /** The bytes of `file`, rendered; its content kept when this keeps any. */
  measure(file: FileToWrite): number {
    if (!this.keeping || "copyFrom" in file) return fileBytes(file);
    const rendered = file.render();
    const content =
      typeof rendered === "string" || rendered instanceof Uint8Array ? rendered : [...rendered];
    this.kept.set(file.path, content);
    return contentBytes(content);
  }

  /** Forgets what was kept: the detail changes. */
  clear(): void {
    this.kept.clear();
  }

  /** `file`, written from what was kept of it when it was measured at this detail. */
  take(file: FileToWrite): FileToWrite {
    const content = this.kept.get(file.path);
    if (content === undefined) return file;
    this.kept.delete(file.path);
    return { ...file, render: () => content };
  }
}
