// Data ownership (issue 40, decision 0063): privacy finds, anonymises and expires personal
// data only through the handlers the modules declare in their manifests, inside one
// transaction; the copies other modules kept (e-mails, webhook deliveries, alerts) go with the
// records they copy.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { avisos } from "~/modules/alerts/testing.server";
import {
  anonymiseSubject,
  parseSubject,
  purgeExpiredPersonalData,
  subjectSummary,
} from "~/modules/privacy/index.server";
import { MODULES } from "~/modules/registry.server";
import { db } from "~/platform/db/client.server";
import { defineModule, registerModules } from "~/platform/module.server";
import type { PersonalDataHandler, Subject } from "~/platform/personal-data.server";
import { truncateAll, withTestDatabase } from "../setup/db";
import { makeAdmin } from "../support/factories";

const ctx = withTestDatabase();

/** A module that plugs in without privacy knowing it: its rows live in a table of its own. */
function fakeModule(calls: string[]) {
  const handler: PersonalDataHandler = {
    label: "Compras programadas",
    async find(subject) {
      calls.push(`find:${subject.kind}`);
      return {
        counts: { pedidos: 2 },
        data: { comprasProgramadas: [] },
        files: [],
        references: [{ type: "pedido", id: "00000000-0000-4000-8000-000000000001" }],
      };
    },
    async anonymise(subject: Subject) {
      calls.push(`anonymise:${subject.kind}`);
      return {
        counts: { pedidos: 2 },
        files: [],
        references: [{ type: "pedido", id: "00000000-0000-4000-8000-000000000001" }],
      };
    },
    async retention(cutoff) {
      calls.push(`retention:${cutoff.getUTCFullYear()}`);
      return { counts: { curriculos: 1 }, files: [], references: [] };
    },
  };
  return defineModule({ name: "compras", personalData: handler });
}

const actorFor = async () => ({
  request: new Request("http://localhost/admin/privacidade"),
  userId: (await makeAdmin()).user.id,
});

describe("privacy iterates the modules' personal-data handlers", () => {
  const calls: string[] = [];
  beforeEach(async () => {
    await truncateAll(ctx.database);
    calls.length = 0;
    registerModules([...MODULES, fakeModule(calls)]);
  });
  afterEach(() => registerModules(MODULES));

  it("counts what a module declares, without privacy naming its tables", async () => {
    const summary = await subjectSummary(parseSubject("(47) 98888-7777"));
    expect(calls).toEqual(["find:telefone"]);
    expect(summary.pedidos).toBe(2);
  });

  it("anonymises through the handler, and forgets the copies of what it referenced", async () => {
    const referenced = "00000000-0000-4000-8000-000000000001";
    await db()
      .insert(avisos)
      .values({ tipo: "pedido", referenciaId: referenced, dados: { cliente: "Ana" } });
    const result = await anonymiseSubject(parseSubject("ana@example.com"), await actorFor());
    expect(calls).toEqual(["anonymise:email"]);
    expect(result.pedidos).toBe(2);
    // alerts forgets its copy of the record the other module erased.
    expect(await db().select().from(avisos).where(eq(avisos.referenciaId, referenced))).toEqual([]);
  });

  it("expires through the handler's retention", async () => {
    const result = await purgeExpiredPersonalData(new Date("2026-11-20T12:00:00Z"));
    expect(calls).toEqual(["retention:2025"]);
    expect(result.curriculos).toBe(1);
  });
});
