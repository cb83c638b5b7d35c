// What the modules declare in their manifests (decision 0062): each declaration is made once,
// by one module, and nothing the platform needs is missing.
import { describe, expect, it } from "vitest";
import { GROOMING_EMAIL_KINDS } from "~/modules/grooming/booking-email-kinds";
import { declaredEmailKinds, emailKindLabel } from "~/modules/mail/index.server";
import { ORDER_EMAIL_KINDS, SHOP_EMAIL_KINDS } from "~/modules/orders/email-kinds";
import { MODULES } from "~/modules/registry.server";
import { registerModules } from "~/platform/module.server";
import { declaredRateLimits, rateLimitLabel, rateLimitRule } from "~/platform/rate-limits.server";

registerModules(MODULES);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const LOGIN = { max: 5, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE };
/** A module's rule: `max` tries in `windowMs`, then blocked for `blockMs` (the window unless said). */
const rule = (module: string, max: number, windowMs: number, blockMs = windowMs) => ({
  module,
  max,
  windowMs,
  blockMs,
});

describe("rate limits", () => {
  it("declares each operation once, in one module", () => {
    const operations = declaredRateLimits().map((limit) => limit.operation);
    const repeated = operations.filter((op, i) => operations.indexOf(op) !== i);
    expect(repeated).toEqual([]);
  });

  it("keeps every operation's name, owner and rule as they were in the central list", () => {
    const declared = Object.fromEntries(
      MODULES.flatMap((m) =>
        (m.rateLimits ?? []).map((l) => [l.operation, { module: m.name, ...l.rule }]),
      ),
    );
    expect(declared).toEqual({
      login_email: { module: "accounts", ...LOGIN },
      login_ip: { module: "accounts", ...LOGIN },
      login_dispositivo: { module: "accounts", ...LOGIN },
      login_totp: { module: "accounts", ...LOGIN },
      password_change: { module: "accounts", ...LOGIN },
      checkout: rule("orders", 30, HOUR, 30 * MINUTE),
      cupom: rule("orders", 20, 15 * MINUTE),
      pedido_busca_ip: rule("orders", 10, 15 * MINUTE),
      pedido_busca_numero: { module: "orders", ...LOGIN },
      retirada_codigo: { module: "orders", ...LOGIN },
      cep: rule("delivery", 40, 10 * MINUTE),
      "form:orcamento": rule("grooming", 8, HOUR),
      "form:agendamento": rule("grooming", 20, HOUR),
      codigo_tutor_ip: rule("grooming", 6, HOUR),
      codigo_tutor_whatsapp: rule("grooming", 3, HOUR),
      codigo_tutor_tentativa: rule("grooming", 15, 15 * MINUTE),
      "form:curriculo": rule("careers", 6, HOUR),
      "form:curriculoTentativa": rule("careers", 30, HOUR),
      "form:contato": rule("shop", 12, 10 * MINUTE, 30 * MINUTE),
      // The customer's sign-in code (decision 0072).
      conta_codigo_ip: rule("customers", 10, HOUR),
      conta_codigo_email: rule("customers", 5, HOUR),
      conta_entrar_ip: rule("customers", 20, 15 * MINUTE),
      conta_entrar_email: rule("customers", 10, HOUR),
      // "Baixar meus dados", per account (decision 0075).
      conta_exportar: rule("customers", 5, 24 * HOUR),
      // "Avise-me quando chegar", per IP (decision 0074).
      aviso_chegada: rule("customers", 10, HOUR),
    });
  });

  it("names each operation in Portuguese and refuses one no module declares", () => {
    for (const { operation, label } of declaredRateLimits()) {
      expect(label.trim(), operation).not.toBe("");
      expect(rateLimitLabel(operation)).toBe(label);
    }
    expect(rateLimitLabel("antiga")).toBe("antiga");
    expect(() => rateLimitRule("antiga")).toThrow(/não declarado/);
  });
});

describe("e-mail kinds", () => {
  it("declares each kind once, with a name, a recipient and a composer", () => {
    const kinds = declaredEmailKinds().map((e) => e.kind);
    expect(kinds.filter((k, i) => kinds.indexOf(k) !== i)).toEqual([]);
    for (const e of declaredEmailKinds()) {
      expect(e.label.trim(), e.kind).not.toBe("");
      expect(emailKindLabel(e.kind)).toBe(e.label);
      expect(["cliente", "loja"]).toContain(e.recipient);
      expect(typeof e.compose, e.kind).toBe("function");
    }
    expect(emailKindLabel("antigo")).toBe("antigo");
  });

  it("declares every kind the orders, grooming, accounts and customers modules queue, in the module that queues it", () => {
    const owner = Object.fromEntries(
      MODULES.flatMap((m) => (m.emails ?? []).map((e) => [e.kind, m.name])),
    );
    for (const kind of ORDER_EMAIL_KINDS) expect(owner[kind], kind).toBe("orders");
    for (const kind of GROOMING_EMAIL_KINDS) expect(owner[kind], kind).toBe("grooming");
    // The team's invitation and password reset (decision 0067).
    const team = ["equipe_convite", "equipe_senha"];
    for (const kind of team) expect(owner[kind], kind).toBe("accounts");
    // The customer's sign-in code (decision 0072) and the back-in-stock e-mail (0074).
    const customers = ["conta_codigo", "aviso_chegada"];
    for (const kind of customers) expect(owner[kind], kind).toBe("customers");
    // The grooming plans' e-mails (decision 0087): their own composer, the grooming module's.
    const plans = ["pacote_vencendo", "reagendar_lembrete"];
    for (const kind of plans) expect(owner[kind], kind).toBe("grooming");
    // "Compra programada" (decision 0086): confirmation, reminder, cancellation, pause.
    const subscriptions = [
      "assinatura_confirmada",
      "assinatura_lembrete",
      "assinatura_cancelada",
      "assinatura_pausada",
    ];
    for (const kind of subscriptions) expect(owner[kind], kind).toBe("subscriptions");
    expect(Object.keys(owner)).toHaveLength(
      ORDER_EMAIL_KINDS.length +
        GROOMING_EMAIL_KINDS.length +
        team.length +
        customers.length +
        plans.length +
        subscriptions.length,
    );
    const toShop = declaredEmailKinds()
      .filter((e) => e.recipient === "loja")
      .map((e) => e.kind);
    // The shop's people: its new-order alerts and the team's own e-mails.
    expect(toShop.sort()).toEqual([...SHOP_EMAIL_KINDS, ...team].sort());
  });
});
