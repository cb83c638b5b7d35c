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
      checkout: { module: "orders", max: 30, windowMs: HOUR, blockMs: 30 * MINUTE },
      cupom: { module: "orders", max: 20, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
      pedido_busca_ip: { module: "orders", max: 10, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
      pedido_busca_numero: { module: "orders", ...LOGIN },
      retirada_codigo: { module: "orders", ...LOGIN },
      cep: { module: "delivery", max: 40, windowMs: 10 * MINUTE, blockMs: 10 * MINUTE },
      "form:orcamento": { module: "grooming", max: 8, windowMs: HOUR, blockMs: HOUR },
      "form:agendamento": { module: "grooming", max: 20, windowMs: HOUR, blockMs: HOUR },
      codigo_tutor_ip: { module: "grooming", max: 6, windowMs: HOUR, blockMs: HOUR },
      codigo_tutor_whatsapp: { module: "grooming", max: 3, windowMs: HOUR, blockMs: HOUR },
      codigo_tutor_tentativa: {
        module: "grooming",
        max: 15,
        windowMs: 15 * MINUTE,
        blockMs: 15 * MINUTE,
      },
      "form:curriculo": { module: "careers", max: 6, windowMs: HOUR, blockMs: HOUR },
      "form:curriculoTentativa": { module: "careers", max: 30, windowMs: HOUR, blockMs: HOUR },
      "form:contato": { module: "shop", max: 12, windowMs: 10 * MINUTE, blockMs: 30 * MINUTE },
      // The customer's sign-in code (decision 0072).
      conta_codigo_ip: { module: "customers", max: 10, windowMs: HOUR, blockMs: HOUR },
      conta_codigo_email: { module: "customers", max: 5, windowMs: HOUR, blockMs: HOUR },
      conta_entrar_ip: {
        module: "customers",
        max: 20,
        windowMs: 15 * MINUTE,
        blockMs: 15 * MINUTE,
      },
      conta_entrar_email: { module: "customers", max: 10, windowMs: HOUR, blockMs: HOUR },
      // "Baixar meus dados", per account (decision 0075).
      conta_exportar: { module: "customers", max: 5, windowMs: 24 * HOUR, blockMs: 24 * HOUR },
      // "Avise-me quando chegar", per IP (decision 0074).
      aviso_chegada: { module: "customers", max: 10, windowMs: HOUR, blockMs: HOUR },
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
