// React Router's default Node entry, plus the response's CSP nonce: given to the router's
// own inline scripts, to React's streaming scripts and, through NonceContext, to <Scripts>.
import { PassThrough, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { compressNow, type Encoding } from "~/infra/compress.server";
import { pageFragments as fragments } from "~/infra/fragment-cache.server";
import { unavailableHeaders } from "~/infra/unavailable.server";
import { FragmentCacheContext } from "~/lib/fragment-cache";
import type { HydrationHandle } from "~/lib/hydration";
import { NonceContext } from "~/lib/nonce";
import { configureZod } from "~/lib/zod-config";

configureZod();

declare module "react-router" {
  interface AppLoadContext {
    /** Made per response by the HTTP server (http/security-headers.ts). */
    cspNonce?: string;
    /**
     * The encoding a page that goes out whole is compressed to here, at once; none when the
     * shared page cache keeps the page (it compresses what it keeps) (http/app.ts).
     */
    encoding?: Encoding;
  }
}

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A page whose data failed for a fault that passes (unavailable.server.ts) says when to
  // come back, and is never kept by a cache.
  if (responseStatusCode === 503) {
    for (const [name, value] of Object.entries(unavailableHeaders()))
      responseHeaders.set(name, value);
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;

  // A page served without React (decision 0013) has nothing to stream in: it goes out whole,
  // compressed here in one call (compressNow) instead of React's small chunks going through
  // a compression stream.
  const whole = !hydrates(routerContext);
  const encoding = loadContext.encoding;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      whole || (userAgent && isbot(userAgent)) || routerContext.isSpaMode
        ? "onAllReady"
        : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        {/* Only a page served without React reuses kept markup (app/lib/fragment-cache.ts). */}
        <FragmentCacheContext.Provider value={whole ? fragments : null}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </FragmentCacheContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html");
          if (whole) {
            const chunks: Buffer[] = [];
            const sink = new Writable({
              write(chunk: Buffer, _encoding, callback) {
                chunks.push(chunk);
                callback();
              },
              final(callback) {
                clearTimeout(timeoutId);
                timeoutId = undefined;
                let html: Buffer<ArrayBuffer> = Buffer.concat(chunks);
                if (encoding && encoding !== "identity") {
                  html = compressNow(html, encoding) as Buffer<ArrayBuffer>;
                  responseHeaders.set("Content-Encoding", encoding);
                }
                responseHeaders.set("Content-Length", String(html.length));
                resolve(
                  new Response(html, { headers: responseHeaders, status: responseStatusCode }),
                );
                callback();
              },
            });
            pipe(sink);
            return;
          }
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** A .data answer (client navigation, fetcher) to a fault that passes says when to retry. */
export function handleDataRequest(response: Response) {
  if (response.status === 503) {
    for (const [name, value] of Object.entries(unavailableHeaders())) {
      response.headers.set(name, value);
    }
  }
  return response;
}

/** Whether the matched routes let this page hydrate (app/lib/hydration.ts). */
function hydrates(context: EntryContext): boolean {
  return !context.staticHandlerContext.matches.some(
    (match) =>
      (context.routeModules[match.route.id]?.handle as HydrationHandle | undefined)?.hydrate ===
      false,
  );
}
