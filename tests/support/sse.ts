// Reading Server-Sent Events over real HTTP in integration tests: a small server that hands
// each request to a route function (as the Express adapter does: the request aborts when the
// client goes away) and a client that collects the events as they arrive.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";

export interface RouteServer {
  base: string;
  close(): Promise<void>;
}

export async function serveRoute(
  handle: (request: Request) => Promise<Response>,
): Promise<RouteServer> {
  const server = http.createServer(async (req, res) => {
    const controller = new AbortController();
    res.on("close", () => controller.abort());
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    headers.set("x-client-ip", "127.0.0.1");
    // A route answers by returning or throwing a Response (the admin guard's redirect).
    const response = await handle(
      new Request(`http://localhost${req.url}`, { headers, signal: controller.signal }),
    ).catch((thrown: unknown) => {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (!response.body) return void res.end();
    Readable.fromWeb(response.body as never).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
}

export interface SseClient {
  status: number;
  headers: Headers;
  events: SseEvent[];
  /** Comment lines seen (heartbeats). */
  comments: string[];
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: "text/event-stream", ...headers },
    redirect: "manual",
    signal: controller.signal,
  });
  const client: SseClient = {
    status: response.status,
    headers: response.headers,
    events: [],
    comments: [],
    close: () => controller.abort(),
  };
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    return client;
  }
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = { data: "" };
          let isEvent = false;
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) client.comments.push(line.slice(1).trim());
            else if (line.startsWith("id: ")) event.id = line.slice(4);
            else if (line.startsWith("event: ")) event.event = line.slice(7);
            else if (line.startsWith("data: ")) {
              event.data += line.slice(6);
              isEvent = true;
            }
          }
          if (isEvent) client.events.push(event);
          end = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // Closed by the test.
    }
  })();
  return client;
}
