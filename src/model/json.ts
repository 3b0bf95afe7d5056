// Values read from JSON (a server's answer, a file) without trusting their types: narrowed by
// looking, never by assertion.

/** A JSON object. */
export type Json = Record<string, unknown>;

/** Whether the value is a JSON object (not null, not an array). */
export function isJson(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value as an object (not an array), or undefined. */
export const obj = (v: unknown): Json | undefined => (isJson(v) ? v : undefined);
/** The value as text, or undefined. */
export const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
/** The value as a finite number, or undefined. */
export const num = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isFinite(v) ? v : undefined;

/** A property of any value (an object's, or an error's), undefined when it has none. */
export function field(value: unknown, name: string): unknown {
  return typeof value === "object" && value !== null && name in value
    ? Reflect.get(value, name)
    : undefined;
}

/** A thrown value's `code` (Node's and undici's errors carry one), or undefined. */
export function errorCode(error: unknown): string | undefined {
  return str(field(error, "code"));
}
