// The server's clock, moved by hand: set at the same instant before each test, put back after
// (not a test file itself).
import { afterEach, beforeEach } from "vitest";
import { setClock } from "~/platform/clock.server";

/** A hand-moved clock: `clock.advance(ms)`, and `clock.now()` for the instant it shows. */
export function withTestClock(start: string) {
  let t = new Date(start).getTime();
  beforeEach(() => {
    t = new Date(start).getTime();
    setClock(() => new Date(t));
  });
  afterEach(() => setClock(undefined));
  return {
    now: () => new Date(t),
    advance: (ms: number) => {
      t += ms;
    },
  };
}
