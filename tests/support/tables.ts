// Tables of examples for one rule: a row per case, a test per row (not a test file itself).
import { expect, it } from "vitest";

/**
 * One test per row: `fn(input)` is `expected` (compared with `toBe`). `name` takes the row's
 * values as printf-style `%s`/`%j`/`%i`, so each case reads on its own in the report.
 */
export function itMaps<I, O>(
  name: string,
  fn: (input: I) => O,
  rows: ReadonlyArray<readonly [I, O]>,
): void {
  it.each(rows.map(([input, expected]) => [input, expected] as [I, O]))(name, (input, expected) => {
    expect(fn(input)).toBe(expected);
  });
}
