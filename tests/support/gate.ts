// A step a test holds until it says so: code under test awaits `promise`, the test calls
// `open` (or the code calls it to tell the test it got there).

/** A promise resolved from outside. */
export function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}
