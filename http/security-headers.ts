// Security headers on every response (pages, .data requests, static files, uploads,
// errors), set with helmet. The Content-Security-Policy allows scripts only with a nonce
// made for this one response (res.locals.cspNonce): React Router's scripts and the few
// inline ones carry it. See docs/decisions/0011-content-security-policy.md.
import crypto from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import helmet from "helmet";
import {
  UNAVAILABLE_MESSAGES,
  unavailableHeaders,
  unavailableKind,
} from "~/platform/unavailable.server";

/** The form without JavaScript on /contato posts and is redirected to the chat. */
const CHAT_ORIGINS = ["https://wa.me", "https://api.whatsapp.com"];
/**
 * The card checkout's confirm (and "Tentar de novo") is redirected to Mercado Pago's hosted
 * page (decision 0080): form-action covers where a form's redirect lands.
 */
const CHECKOUT_ORIGINS = ["https://www.mercadopago.com.br", "https://sandbox.mercadopago.com.br"];

function newNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

export function securityHeaders(options: {
  /** Development: Vite injects inline scripts and a websocket; no CSP there. */
  dev: boolean;
  /** PUBLIC_URL: when https, every response says so (HSTS). */
  publicUrl?: string;
  /** Extra origins images may come from (a CDN in front of object storage). */
  imageOrigins?: string[];
  /** Extra origins of a payment provider's hosted page (a local fake in tests). */
  checkoutOrigins?: string[];
}): RequestHandler[] {
  const httpsSite = options.publicUrl?.startsWith("https://") ?? false;
  const nonce = (_req: unknown, res: unknown) =>
    `'nonce-${(res as Response).locals.cspNonce as string}'`;
  const csp = helmet({
    contentSecurityPolicy: options.dev
      ? false
      : {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", nonce],
            scriptSrcAttr: ["'none'"],
            // Style attributes (chart bars, toasts) and the toast library's injected sheet.
            styleSrc: ["'self'", "'unsafe-inline'"],
            // blob: the quote dialog previews the chosen photos; data: small inline images.
            imgSrc: ["'self'", "data:", "blob:", ...(options.imageOrigins ?? [])],
            fontSrc: ["'self'"],
            connectSrc: ["'self'"],
            mediaSrc: ["'none'"],
            objectSrc: ["'none'"],
            frameSrc: ["'none'"],
            workerSrc: ["'none'"],
            manifestSrc: ["'self'"],
            baseUri: ["'self'"],
            frameAncestors: ["'none'"],
            formAction: [
              "'self'",
              ...CHAT_ORIGINS,
              ...CHECKOUT_ORIGINS,
              ...(options.checkoutOrigins ?? []),
            ],
            ...(httpsSite ? { upgradeInsecureRequests: [] } : {}),
          },
        },
    // HSTS only where the site is really served over HTTPS (below).
    strictTransportSecurity: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
    // Images are shown by other sites too (links shared on social networks).
    crossOriginResourcePolicy: { policy: "same-site" },
  });
  const hsts = helmet.strictTransportSecurity({ maxAge: 31_536_000, includeSubDomains: true });

  return [
    (_req: Request, res: Response, next: NextFunction) => {
      res.locals.cspNonce = newNonce();
      res.setHeader(
        "Permissions-Policy",
        "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
      );
      next();
    },
    csp,
    (req: Request, res: Response, next: NextFunction) => {
      if (httpsSite || req.secure) return hsts(req, res, next);
      next();
    },
  ];
}

/**
 * Anything thrown outside React Router (a static file error, a broken request) gets a plain
 * answer that keeps the security headers: Express's default handler replaces the policy
 * with its own (no frame-ancestors) and drops the rest.
 */
export function errorAnswer(error: unknown, req: Request, res: Response, next: NextFunction) {
  if (res.headersSent) return next(error);
  const unavailable = unavailableKind(error);
  if (unavailable) {
    req.log?.warn({ err: error }, "serviço indisponível: respondido 503");
    res
      .status(503)
      .set(unavailableHeaders())
      .type("text/plain; charset=utf-8")
      .send(UNAVAILABLE_MESSAGES[unavailable]);
    return;
  }
  const status = Number((error as { status?: number }).status) || 500;
  if (status >= 500) req.log?.error({ err: error }, "erro não tratado");
  res
    .status(status >= 400 && status < 600 ? status : 500)
    .type("text/plain; charset=utf-8")
    .send(status >= 500 ? "Erro interno. Tente novamente." : "Pedido inválido.");
}
