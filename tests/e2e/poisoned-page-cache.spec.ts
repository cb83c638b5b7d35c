// A shared page must never carry an address a visitor made up. One request with
// `X-Forwarded-Host: evil.example` (or `Host: evil.example`), then a clean one: neither the
// clean visitor's /sobre, sitemap.xml, robots.txt nor a product page (canonical, og:url,
// og:image, JSON-LD) may name the foreign host. On the built server directly and through
// the shipped nginx config (deploy/nginx/agropet.conf), with and without PUBLIC_URL.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { startOwnServer } from "../support/own-server";
import { expect, test } from "./fixtures";

const PORT = Number(process.env.E2E_PORT || 3100) + 20;
const NGINX_PORT = Number(process.env.E2E_PORT || 3100) + 21;
const NGINX = fs.existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";
const FOREIGN = "evil.example";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A plain GET (node:http lets a test set Host and the forwarded headers as it likes). */
function get(base: string, pathname: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.get(`${base}${pathname}`, { headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    request.on("error", reject);
  });
}

function startNginx(appPort: number, listen: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-nginx-"));
  const site = fs
    .readFileSync("deploy/nginx/agropet.conf", "utf8")
    .replace("{{UPSTREAM_SERVERS}}", `    server 127.0.0.1:${appPort};`)
    .replace("{{LISTEN}}", `127.0.0.1:${listen}`)
    .replace("{{SERVER_NAME}}", "_");
  fs.writeFileSync(path.join(dir, "agropet.conf"), site);
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    fs.readFileSync("deploy/nginx/nginx-ci.conf", "utf8").replaceAll("{{PREFIX}}", dir),
  );
  const child: ChildProcess = spawn(
    NGINX,
    ["-p", `${dir}/`, "-c", `${dir}/nginx.conf`, "-e", `${dir}/error.log`],
    {
      stdio: "ignore",
    },
  );
  return { child, dir };
}

async function waitUntilUp(base: string) {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    if (
      await get(base, "/healthz").then(
        (a) => a.status === 200,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${base} não respondeu`);
}

for (const publicUrl of [undefined, "https://agropetlitoral.com.br"]) {
  test(`no foreign host reaches the next visitor (${publicUrl ? "com" : "sem"} PUBLIC_URL)`, async () => {
    test.setTimeout(120_000);
    const server = startOwnServer(PORT, {
      DATA_DIR: path.join(os.tmpdir(), `agropet-poison-${Date.now()}`),
      DATABASE_URL: undefined,
      PUBLIC_URL: publicUrl,
      LOG_LEVEL: "warn",
    });
    const nginx = startNginx(PORT, NGINX_PORT);
    try {
      await server.ready();
      const direct = server.base;
      const proxied = `http://127.0.0.1:${NGINX_PORT}`;
      await waitUntilUp(proxied);

      // A product of the demo catalogue with a photo (og:image and JSON-LD's image).
      const listing = await get(direct, "/loja");
      const product = [...listing.body.matchAll(/href="(\/loja\/produto\/[^"]+)"/g)].map(
        (m) => m[1]!,
      )[0];
      expect(product, "a loja lista produtos").toBeTruthy();
      const pages = ["/sobre", "/sitemap.xml", "/robots.txt", product!];

      const poisons: Record<string, string>[] = [
        { "x-forwarded-host": FOREIGN },
        { "x-forwarded-host": FOREIGN, "x-forwarded-proto": "https" },
        { host: FOREIGN },
      ];
      for (const base of [direct, proxied]) {
        const own = publicUrl ?? base;
        for (const pathname of pages) {
          for (const poison of poisons) {
            const poisoned = await get(base, pathname, poison);
            // The forged X-Forwarded-Host is never believed, not even for its own sender.
            if (!poison.host) {
              expect(poisoned.body.includes(FOREIGN), `${base}${pathname}`).toBe(false);
            }
            const clean = await get(base, pathname);
            expect(clean.status, `${base}${pathname}`).toBe(200);
            const after = `${base}${pathname} depois de ${JSON.stringify(poison)}`;
            expect(clean.body.includes(FOREIGN), after).toBe(false);
            // Each page names the site itself: robots.txt its sitemap, the sitemap /sobre.
            const named =
              pathname === "/robots.txt"
                ? "/sitemap.xml"
                : pathname === "/sitemap.xml"
                  ? "/sobre"
                  : pathname;
            expect(clean.body.includes(`${own}${named}`), `${after}: ${own}${named}`).toBe(true);
          }
        }
        // The product page's photo and structured data use the same origin.
        const productPage = (await get(base, product!)).body;
        expect(productPage.includes(`property="og:image" content="${own}/`), "og:image").toBe(true);
        expect(productPage.includes(`"url":"${own}${product}"`), "JSON-LD").toBe(true);
      }
    } finally {
      nginx.child.kill("SIGTERM");
      await server.stop();
    }
  });
}
