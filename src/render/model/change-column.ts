import { must } from "../../model/must.js";
import { Growable } from "../../snapshot/columns.js";

/** No minute: the last change is kept as text, or there is none. */
const NO_MINUTE = -0x8000_0000;

/**
 * The rows' last changes, as formatTimestamp gives them ("2026-10-03 08:14 UTC", or without a zone
 * "2016-03-07 10:20"): a minute of the epoch in 32 bits each (negative, less one, without a zone),
 * any other text kept as it is. Pages ask for them again and again: formatted minutes are kept.
 */
export class ChangeColumn {
  private readonly minutesOf = new Growable(new Int32Array(1024), (n) => new Int32Array(n));
  private readonly texts = new Map<number, string>();
  private readonly formatted = new Map<number, string>();

  /** Stores row `i`'s last change (rows come in order). */
  push(i: number, text: string): void {
    const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})( UTC)?$/.exec(text);
    const minute = match ? Date.parse(`${match[1]}T${match[2]}:00Z`) / 60_000 : Number.NaN;
    const utc = match?.[3] !== undefined;
    if (
      Number.isInteger(minute) &&
      minute >= 0 &&
      minute < 0x7fff_ffff &&
      this.format(minute, utc) === text
    )
      this.minutesOf.push(utc ? minute : -minute - 1);
    else {
      this.minutesOf.push(NO_MINUTE);
      if (text !== "") this.texts.set(i, text);
    }
  }

  /** Row `i`'s last change, as it was stored. */
  get(i: number): string {
    const stored = this.minutesOf.get(i);
    if (stored === NO_MINUTE) return this.texts.get(i) ?? "";
    return stored >= 0 ? this.format(stored, true) : this.format(-stored - 1, false);
  }

  private format(minute: number, utc: boolean): string {
    const key = utc ? minute : -minute - 1;
    let text = this.formatted.get(key);
    if (text === undefined) {
      const iso = new Date(minute * 60_000).toISOString();
      text = `${iso.slice(0, 10)} ${iso.slice(11, 16)}${utc ? " UTC" : ""}`;
      if (this.formatted.size >= 65_536) this.formatted.clear();
      this.formatted.set(key, text);
    }
    return must(text);
  }
}
