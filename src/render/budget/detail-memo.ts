import type { FileToWrite } from "../../output/write-files.js";
import type { SiteDetail } from "./site-detail.js";
import { runSteps, type Steps } from "../../model/steps.js";

// The budget measures the site at one detail after another (site-budget.ts), and most files do not
// change from one step to the next: a step changes the badges' drawing, or the exports, or the
// language pages. A file's bytes are kept with what of the detail it read while it was rendered,
// and it is rendered again only at a detail that differs in what it read. What it read is noted by
// the detail itself (a view that notes each field read while a file is measured), so nothing has
// to say by hand what each file depends on, and a file cannot forget to say it.

type Field = keyof SiteDetail;

/** One measure of a file: what it read of the detail, with the values it read, and its bytes. */
interface Measured {
  read: [Field, SiteDetail[Field]][];
  bytes: number;
}

/** The bytes of files measured at earlier details, reused where they read nothing that changed. */
export class DetailMemo {
  /**
   * By path: the site's files are made afresh each time they are asked for (site-plan.ts), and a
   * path is one file's.
   */
  private readonly measured = new Map<string, Measured[]>();
  /** The fields read while a file is measured; undefined between measures. */
  private reading: Set<Field> | undefined;
  private current: SiteDetail | undefined;

  /**
   * `always`: fields every file depends on whatever it reads (what the plan derives from the
   * detail when it is set rather than when a file is rendered: the history's links).
   */
  constructor(private readonly always: readonly Field[] = []) {}

  /** `detail` as the files should read it: the same values, each read noted while measuring. */
  view(detail: SiteDetail): SiteDetail {
    this.current = detail;
    return new Proxy(detail, {
      get: (target, key, receiver) => {
        if (this.reading && isField(target, key)) this.reading.add(key);
        return Reflect.get(target, key, receiver);
      },
      // A copy of the whole detail ({...detail}, Object.keys) reads every field.
      ownKeys: (target) => {
        if (this.reading) for (const key of fields(target)) this.reading.add(key);
        return Reflect.ownKeys(target);
      },
    });
  }

  /**
   * The bytes of `file` at the detail last given to view(): remembered when `file` was measured
   * at a detail with the same values in every field it read, else `measure(file)`.
   */
  bytes(file: FileToWrite, measure: (file: FileToWrite) => number): number {
    return runSteps(
      // biome-ignore lint/correctness/useYield: a measure taken at once, as bytesSteps takes one
      this.bytesSteps(file, function* (f) {
        return measure(f);
      }),
    );
  }

  /** bytes() with a measure in steps (model/steps.ts): a large file measured piece by piece. */
  *bytesSteps(file: FileToWrite, measure: (file: FileToWrite) => Steps<number>): Steps<number> {
    const detail = this.current;
    if (!detail || this.reading) return yield* measure(file);
    const earlier = this.measured.get(file.path);
    const same = earlier?.find((m) => m.read.every(([key, value]) => detail[key] === value));
    if (same) return same.bytes;
    const reading = new Set<Field>(this.always);
    this.reading = reading;
    let bytes: number;
    try {
      bytes = yield* measure(file);
    } finally {
      this.reading = undefined;
    }
    const read = [...reading].map((key): [Field, SiteDetail[Field]] => [key, detail[key]]);
    if (earlier) earlier.push({ read, bytes });
    else this.measured.set(file.path, [{ read, bytes }]);
    return bytes;
  }
}

function isField(detail: SiteDetail, key: string | symbol): key is Field {
  return typeof key === "string" && Object.hasOwn(detail, key);
}

function fields(detail: SiteDetail): Field[] {
  return Object.keys(detail).filter((key) => isField(detail, key));
}
