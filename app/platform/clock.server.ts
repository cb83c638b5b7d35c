// The server's clock, replaceable in tests: sessions, TOTP, the security view and the
// dashboard read the time through `now()`, so a test can move it with `setClock`.
let clock: () => Date = () => new Date();

export function setClock(next: (() => Date) | undefined) {
  clock = next ?? (() => new Date());
}

export function now(): Date {
  return clock();
}
