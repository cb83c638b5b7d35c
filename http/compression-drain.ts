// `compression` sends a response's 'drain' listeners to its zlib stream (res.on), but not
// their removal (res.off / removeListener): a listener added with `once`, or taken off after
// a race, as React Router's streaming does on every backpressure wait, stays on the stream
// and fires again at each later drain. A long streamed page (the order export, a big admin
// list) piled them up to MaxListenersExceededWarning. This layer, placed right after
// `compression`, keeps a response's drain listeners itself and gives compression one
// dispatcher, so removing a listener removes it.
import type { NextFunction, Request, Response } from "express";

type Listener = (...args: unknown[]) => void;
/** What EventEmitter#once registers: a wrapper that knows the listener it wraps. */
type Wrapped = Listener & { listener?: Listener };

export function drainListenersFollowCompression(
  _req: Request,
  res: Response,
  next: NextFunction,
): void {
  const on = res.on;
  const removeListener = res.removeListener;
  const listeners = new Set<Wrapped>();
  let attached = false;
  const dispatch = (...args: unknown[]) => {
    for (const listener of [...listeners]) listener.apply(res, args);
  };
  const add = function (this: Response, type: string | symbol, listener: Listener) {
    if (type !== "drain") return on.call(this, type, listener);
    listeners.add(listener);
    if (!attached) {
      attached = true;
      on.call(this, "drain", dispatch);
    }
    return this;
  } as Response["on"];
  const remove = function (this: Response, type: string | symbol, listener: Listener) {
    if (type === "drain") {
      for (const kept of listeners) {
        if (kept === listener || kept.listener === listener) {
          listeners.delete(kept);
          return this;
        }
      }
    }
    return removeListener.call(this, type, listener);
  } as Response["removeListener"];
  res.on = add;
  res.addListener = add;
  res.removeListener = remove;
  res.off = remove;
  next();
}
