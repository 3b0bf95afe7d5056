// A raw record's values, read without trusting their types (the contract reports wrong types;
// the rules read what is there).

export type Json = Record<string, unknown>;

/** The value as an object (not an array), or undefined. */
export const obj = (v: unknown): Json | undefined =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : undefined;
/** The value as text, or undefined. */
export const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
/** The value as a finite number, or undefined. */
export const num = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isFinite(v) ? v : undefined;
