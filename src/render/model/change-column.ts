import { Growable } from "../../snapshot/columns.js";
import { minuteOf, minuteText } from "./last-change.js";

/** No minute: the last change is kept as text, or there is none. */
const NO_MINUTE = -0x8000_0000;

/**
 * The rows' last changes (last-change.ts's two forms): a minute of the epoch in 32 bits each, any
 * other text kept as it is. Pages ask for them again and again: formatted minutes are kept.
 */
export class ChangeColumn {
  private readonly minutesOf = new Growable(new Int32Array(1024), (n) => new Int32Array(n));
  private readonly texts = new Map<number, string>();
  private readonly formatted = new Map<number, string>();

  /** Stores row `i`'s last change (rows come in order). */
  push(i: number, text: string): void {
    const minute = minuteOf(text);
    if (Number.isInteger(minute) && minute > NO_MINUTE && minute <= 0x7fff_ffff)
      this.minutesOf.push(minute);
    else {
      this.minutesOf.push(NO_MINUTE);
      if (text !== "") this.texts.set(i, text);
    }
  }

  /** Row `i`'s last change, as it was stored. */
  get(i: number): string {
    const stored = this.minutesOf.get(i);
    if (stored === NO_MINUTE) return this.texts.get(i) ?? "";
    let text = this.formatted.get(stored);
    if (text === undefined) {
      text = minuteText(stored);
      if (this.formatted.size >= 65_536) this.formatted.clear();
      this.formatted.set(stored, text);
    }
    return text;
  }
}
