// Packages of baths (issue 45 point 5, decision 0087): the owner defines them ("Pacote 4
// banhos": services, size and coat, price, sessions, validity), the counter sells one for a
// customer's pet (the payment recorded by the payments module in the same transaction), and
// each delivered booking of that pet whose services the package covers uses one session, in
// the "Entregue" transaction under the booking's lock (a unique row per booked pet makes it
// once whatever races). Seven days before its last day a package with sessions left is
// reminded by e-mail, once.
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { type CounterPaymentInput, checkCounterPayment } from "~/domain/counter-payment";
import { seesUnit } from "~/domain/unit-scope";
import { petOwners } from "~/modules/customers/index.server";
import { recordCounterPayment } from "~/modules/payments/index.server";
import { type AdminActor, AdminError, audit } from "~/platform/admin/actor.server";
import { now as clockNow } from "~/platform/clock.server";
import { db, type Executor, type Tx, transaction } from "~/platform/db/client.server";
import { emit } from "~/platform/events.server";
import { shopDayOf } from "./booking-rules";
import { PELAGENS, type Pelagem, PORTES, type Porte } from "./booking-vocabulary";
import { addDays } from "./series-rules";
import {
  type Agendamento,
  type AgendamentoPet,
  agendamentoPets,
  type PacoteBanho,
  type PacotePet,
  pacotesBanho,
  pacotesPet,
  pacoteUsos,
  servicosBanho,
} from "./tables.server";

export interface PackageInput {
  nome: string;
  servicoIds: string[];
  porte: Porte | null;
  pelagem: Pelagem | null;
  /** Centavos. */
  preco: number;
  sessoes: number;
  validadeDias: number;
  ativo?: boolean;
}

/** The owner's package, checked: a name, known services, a price, 1–52 sessions, 1–730 days. */
export async function savePackage(
  input: PackageInput,
  actor: AdminActor,
  id: string | null = null,
): Promise<PacoteBanho> {
  const nome = input.nome.trim();
  if (nome.length < 3 || nome.length > 80) throw new AdminError("Dê um nome ao pacote", "nome");
  if (!Number.isInteger(input.preco) || input.preco <= 0) {
    throw new AdminError("Informe o preço do pacote", "preco");
  }
  if (!Number.isInteger(input.sessoes) || input.sessoes < 1 || input.sessoes > 52) {
    throw new AdminError("De 1 a 52 sessões", "sessoes");
  }
  if (!Number.isInteger(input.validadeDias) || input.validadeDias < 1 || input.validadeDias > 730) {
    throw new AdminError("Validade de 1 a 730 dias", "validadeDias");
  }
  if (input.porte && !PORTES.includes(input.porte)) throw new AdminError("Porte inválido", "porte");
  if (input.pelagem && !PELAGENS.includes(input.pelagem)) {
    throw new AdminError("Pelagem inválida", "pelagem");
  }
  const ids = [...new Set(input.servicoIds)];
  return transaction(async (tx) => {
    const known = ids.length
      ? await tx
          .select({ id: servicosBanho.id })
          .from(servicosBanho)
          .where(inArray(servicosBanho.id, ids))
      : [];
    if (known.length === 0 || known.length !== ids.length) {
      throw new AdminError("Escolha os serviços que o pacote cobre", "servicoIds");
    }
    const values = {
      nome,
      servicoIds: ids,
      porte: input.porte,
      pelagem: input.pelagem,
      preco: input.preco,
      sessoes: input.sessoes,
      validadeDias: input.validadeDias,
      ativo: input.ativo ?? true,
    };
    const [row] = id
      ? await tx.update(pacotesBanho).set(values).where(eq(pacotesBanho.id, id)).returning()
      : await tx.insert(pacotesBanho).values(values).returning();
    if (!row) throw new AdminError("Pacote não encontrado");
    await audit(tx, actor, "grooming_package_save", "pacote_banho", row.id, {
      nome,
      preco: input.preco,
    });
    return row;
  });
}

export interface PackageSale {
  pacoteId: string;
  petId: string;
  unidadeId: string;
  pagamento: CounterPaymentInput;
}

/**
 * A package as its pet holds it once sold (at the counter or online): the definition's name,
 * services, price and sessions copied, valid for its days from the shop's day of the sale.
 */
export function soldPackage(
  pacote: Pick<PacoteBanho, "id" | "nome" | "servicoIds" | "preco" | "sessoes" | "validadeDias">,
  petId: string,
  unidadeId: string | null,
  at: Date,
) {
  return {
    pacoteId: pacote.id,
    petId,
    unidadeId,
    nome: pacote.nome,
    servicoIds: pacote.servicoIds,
    preco: pacote.preco,
    sessoes: pacote.sessoes,
    validoAte: addDays(shopDayOf(at), pacote.validadeDias),
    vendidoEm: at,
    createdAt: at,
  };
}

/** Sells a package for a customer's pet at the counter, its payment recorded with it. */
export async function sellPackageAtCounter(
  sale: PackageSale,
  actor: AdminActor,
  options: { now?: Date } = {},
): Promise<PacotePet> {
  const at = options.now ?? clockNow();
  if (!seesUnit(actor, sale.unidadeId)) throw new AdminError("Unidade fora do seu acesso");
  return transaction(async (tx) => {
    const [pacote] = await tx
      .select()
      .from(pacotesBanho)
      .where(and(eq(pacotesBanho.id, sale.pacoteId), eq(pacotesBanho.ativo, true)));
    if (!pacote) throw new AdminError("Pacote não encontrado", "pacoteId");
    const owner = (await petOwners([sale.petId], tx)).get(sale.petId);
    if (!owner) throw new AdminError("Pet não encontrado", "petId");
    const { errors } = checkCounterPayment(sale.pagamento, pacote.preco);
    const [field, message] = Object.entries(errors)[0] ?? [];
    if (field && message) throw new AdminError(message, field);
    const [sold] = await tx
      .insert(pacotesPet)
      .values({
        ...soldPackage(pacote, sale.petId, sale.unidadeId, at),
        vendidoPor: actor.userId || null,
      })
      .returning();
    await recordCounterPayment(tx, {
      pacotePetId: sold!.id,
      unidadeId: sale.unidadeId,
      metodo: sale.pagamento.metodo,
      valor: sale.pagamento.valor,
      recebido: sale.pagamento.recebido,
      motivo: sale.pagamento.valor === pacote.preco ? null : (sale.pagamento.motivo ?? null),
      usuarioId: actor.userId || null,
      at,
    });
    await audit(tx, actor, "grooming_package_sale", "pacote_pet", sold!.id, {
      pacote: pacote.nome,
      pet: owner.pet,
      pagamento: sale.pagamento.metodo,
      valor: sale.pagamento.valor,
    });
    return sold!;
  });
}

/** A pet's package as the account, the status page and the agenda card show it. */
export interface PackageBalance {
  id: string;
  petId: string;
  nome: string;
  /** The services it pays for (a booking of others is paid as before). */
  servicoIds: string[];
  sessoes: number;
  usadas: number;
  restantes: number;
  validoAte: string;
  vencido: boolean;
}

/** The packages of these pets with sessions left and not expired on `day` (soonest first). */
export async function packageBalances(
  petIds: readonly string[],
  day: string = shopDayOf(clockNow()),
  executor: Executor = db(),
): Promise<PackageBalance[]> {
  if (petIds.length === 0) return [];
  const rows = await executor
    .select()
    .from(pacotesPet)
    .where(
      and(
        inArray(pacotesPet.petId, [...petIds]),
        gte(pacotesPet.validoAte, day),
        eq(pacotesPet.aguardandoPagamento, false),
      ),
    )
    .orderBy(asc(pacotesPet.validoAte), asc(pacotesPet.vendidoEm));
  return rows.filter((r) => r.usadas < r.sessoes).map((r) => balanceOf(r, day));
}

function balanceOf(r: PacotePet, day: string): PackageBalance {
  return {
    id: r.id,
    petId: r.petId,
    nome: r.nome,
    servicoIds: r.servicoIds,
    sessoes: r.sessoes,
    usadas: r.usadas,
    restantes: r.sessoes - r.usadas,
    validoAte: r.validoAte,
    vencido: r.validoAte < day,
  };
}

/**
 * At "Entregue": each customer's pet of the booking whose services a valid package of it
 * covers uses one session of it (the one that expires first), once per booked pet. Runs in
 * the delivery's transaction, the booking locked. Returns the sessions used.
 */
async function takePackageSessions(
  tx: Tx,
  booking: Agendamento,
  pets: readonly AgendamentoPet[],
  at: Date,
): Promise<{ agendamentoPetId: string; pacotePetId: string }[]> {
  const used: { agendamentoPetId: string; pacotePetId: string }[] = [];
  for (const pet of pets) {
    if (!pet.petId) continue;
    const wanted = pet.servicos.map((s) => s.servicoId);
    const candidates = await tx
      .select()
      .from(pacotesPet)
      .where(
        and(
          eq(pacotesPet.petId, pet.petId),
          gte(pacotesPet.validoAte, booking.data),
          lt(pacotesPet.usadas, pacotesPet.sessoes),
          eq(pacotesPet.aguardandoPagamento, false),
        ),
      )
      .orderBy(asc(pacotesPet.validoAte), asc(pacotesPet.vendidoEm))
      .for("update");
    const pacote = candidates.find((c) => wanted.every((id) => c.servicoIds.includes(id)));
    if (!pacote) continue;
    const [inserted] = await tx
      .insert(pacoteUsos)
      .values({
        pacotePetId: pacote.id,
        agendamentoId: booking.id,
        agendamentoPetId: pet.id,
        usadoEm: at,
      })
      .onConflictDoNothing()
      .returning({ id: pacoteUsos.id });
    if (!inserted) continue;
    await tx
      .update(pacotesPet)
      .set({ usadas: sql`${pacotesPet.usadas} + 1` })
      .where(eq(pacotesPet.id, pacote.id));
    used.push({ agendamentoPetId: pet.id, pacotePetId: pacote.id });
  }
  return used;
}

/**
 * The booked pets with their price, each said covered when a session of its package pays for
 * it: the sessions taken now when `take` (a payment or "Entregue" before the hand-over), plus
 * any the booking already used. What the counter receives is the rest (decisions 0091, 0092).
 */
export async function packagePaidPets(
  tx: Tx,
  booking: Agendamento,
  pets: readonly AgendamentoPet[],
  at: Date,
  take: boolean,
): Promise<{ taken: number; pets: { preco: number; coberto: boolean }[] }> {
  const taken = take ? await takePackageSessions(tx, booking, pets, at) : [];
  const used = new Set(
    (
      await tx
        .select({ id: pacoteUsos.agendamentoPetId })
        .from(pacoteUsos)
        .where(eq(pacoteUsos.agendamentoId, booking.id))
    ).map((u) => u.id),
  );
  return {
    taken: taken.length,
    pets: pets.map((p) => ({ preco: p.preco, coberto: used.has(p.id) })),
  };
}

/**
 * The pets of these bookings (all of one day), each with its price and whether a package pays
 * for it: a session it already used (delivered), or one delivery would use (a valid package
 * of the pet covering every service booked). For the day's "A receber" (decision 0091).
 */
export async function packageCoverage(
  bookingIds: readonly string[],
  day: string,
  executor: Executor = db(),
): Promise<Map<string, { preco: number; coberto: boolean }[]>> {
  const coverage = new Map<string, { preco: number; coberto: boolean }[]>();
  if (bookingIds.length === 0) return coverage;
  const pets = await executor
    .select()
    .from(agendamentoPets)
    .where(inArray(agendamentoPets.agendamentoId, [...bookingIds]));
  const used = new Set(
    (
      await executor
        .select({ id: pacoteUsos.agendamentoPetId })
        .from(pacoteUsos)
        .where(inArray(pacoteUsos.agendamentoId, [...bookingIds]))
    ).map((u) => u.id),
  );
  const balances = await packageBalances(
    pets.flatMap((p) => (p.petId ? [p.petId] : [])),
    day,
    executor,
  );
  for (const pet of pets) {
    const covers =
      used.has(pet.id) ||
      balances.some(
        (b) =>
          b.petId === pet.petId && pet.servicos.every((s) => b.servicoIds.includes(s.servicoId)),
      );
    const list = coverage.get(pet.agendamentoId) ?? [];
    list.push({ preco: pet.preco, coberto: covers });
    coverage.set(pet.agendamentoId, list);
  }
  return coverage;
}

/** Days before its last day that a package with sessions left is reminded. */
const EXPIRY_NOTICE_DAYS = 7;

/**
 * Packages whose last day is within a week and that still have sessions: marked and their
 * e-mail queued in one transaction, each once (the mark is taken by one update).
 */
export async function remindExpiringPackages(at: Date = clockNow()): Promise<number> {
  const today = shopDayOf(at);
  return transaction(async (tx) => {
    const rows = await tx
      .update(pacotesPet)
      .set({ avisoVencimentoEm: at })
      .where(
        and(
          sql`${pacotesPet.avisoVencimentoEm} is null`,
          eq(pacotesPet.aguardandoPagamento, false),
          lt(pacotesPet.usadas, pacotesPet.sessoes),
          gte(pacotesPet.validoAte, today),
          sql`${pacotesPet.validoAte} <= ${addDays(today, EXPIRY_NOTICE_DAYS)}::date`,
        ),
      )
      .returning();
    const owners = await petOwners(
      rows.map((r) => r.petId),
      tx,
    );
    for (const row of rows) {
      const owner = owners.get(row.petId);
      if (!owner) continue;
      await emit(tx, {
        tipo: "pacote_banho.vencendo",
        resourceType: "pacote_pet",
        resourceId: row.id,
        emails: [{ tipo: "pacote_vencendo", destinatario: owner.email }],
      });
    }
    return rows.length;
  });
}

/** The owner's package offers, active first, then by name. */
export async function listPackages(executor: Executor = db()): Promise<PacoteBanho[]> {
  return executor
    .select()
    .from(pacotesBanho)
    .orderBy(sql`${pacotesBanho.ativo} desc`, asc(pacotesBanho.nome));
}
