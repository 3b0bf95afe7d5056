/**
 * A count with its noun, singular for exactly one: `counted(1, "request")` is "1 request",
 * `counted(2, "request")` "2 requests"; `many` for nouns whose plural is not noun + "s".
 */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
