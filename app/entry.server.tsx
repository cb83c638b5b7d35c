// React Router's default Node entry, plus the response's CSP nonce (given to the router's own
// inline scripts and, through NonceContext, to <Scripts>), and every page sent whole.
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { FragmentCacheContext } from "~/lib/fragment-cache";
import type { HydrationHandle } from "~/lib/hydration";
import { NonceContext } from "~/lib/nonce";
import { configureZod } from "~/lib/zod-config";
import { compressNow, type Encoding } from "~/platform/compress.server";
import { pageFragments as fragments } from "~/platform/fragment-cache.server";
import { unavailableHeaders } from "~/platform/unavailable.server";

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

  // Every page goes out whole, compressed here in one call (compressNow). No route suspends
  // (no <Suspense>, no deferred data), so React's shell is already the whole page; streaming
  // it only sent React's small chunks through a web stream and a compression stream, which
  // cost more than the rendering on a long page (the admin's 50 products, 360 kB: ~8 ms).
  // A page served without React (decision 0013) also reuses kept markup.
  const withoutReact = !hydrates(routerContext);
  const encoding = loadContext.encoding;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        {/* Only a page served without React reuses kept markup (app/lib/fragment-cache.ts). */}
        <FragmentCacheContext.Provider value={withoutReact ? fragments : null}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </FragmentCacheContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html");
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
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(sink);
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
