/**
 * `value`, which the code around it guarantees is there (an index in range, a key just set, a
 * group a regular expression always captures): the narrowing a `!` would only claim. Should the
 * guarantee ever break, this is an internal error at the place it broke, not an undefined passed
 * on.
 */
export function must<T>(value: T | null | undefined, what = "a value"): T {
  if (value === undefined || value === null) throw new Error(`internal error: ${what} is missing`);
  return value;
}
