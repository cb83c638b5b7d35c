// The grooming configuration (issue 28): services with their prices per size and coat, each
// unit's agenda and its closed dates. Written by the admin screens and the demo seed.
import { and, asc, eq, inArray } from "drizzle-orm";
import { seesUnit } from "~/domain/unit-scope";
import { unitSells } from "~/modules/shop";
import { activeUnits } from "~/modules/shop/index.server";
import { type AdminActor, AdminError, audit } from "~/platform/admin/actor.server";
import { db, type Executor, inTransaction } from "~/platform/db/client.server";
import type { AgendaInput, ServiceInput } from "./agenda.schema";
import type { PriceCell } from "./booking-rules";
import { bookingsOfDay } from "./bookings.server";
import {
  type AgendaBanho,
  type Agendamento,
  agendasBanho,
  agendasBanhoFechadas,
  type ServicoBanho,
  servicosBanho,
  servicosBanhoPrecos,
} from "./tables.server";

/** Creates or replaces a service (by its slug) and its whole price table. */
export function saveGroomingService(
  input: ServiceInput,
  actor: AdminActor,
  executor?: Executor,
): Promise<ServicoBanho> {
  return inTransaction(executor, async (tx) => {
    const { precos, ...fields } = input;
    const [row] = await tx
      .insert(servicosBanho)
      .values(fields)
      .onConflictDoUpdate({ target: servicosBanho.slug, set: { ...fields, updatedAt: new Date() } })
      .returning();
    await tx.delete(servicosBanhoPrecos).where(eq(servicosBanhoPrecos.servicoId, row!.id));
    await tx.insert(servicosBanhoPrecos).values(precos.map((p) => ({ ...p, servicoId: row!.id })));
    await audit(tx, actor, "grooming_service_save", "servico_banho", row!.id, { slug: row!.slug });
    return row!;
  });
}

export interface ServiceWithPrices extends ServicoBanho {
  precos: PriceCell[];
}

/** The services in order (only the active, online-bookable ones when `online`). */
export async function listGroomingServices(
  options: { online?: boolean } = {},
  executor: Executor = db(),
): Promise<ServiceWithPrices[]> {
  const rows = await executor
    .select()
    .from(servicosBanho)
    .where(
      options.online
        ? and(eq(servicosBanho.ativo, true), eq(servicosBanho.agendavelOnline, true))
        : undefined,
    )
    .orderBy(asc(servicosBanho.posicao), asc(servicosBanho.nome));
  if (rows.length === 0) return [];
  const cells = await executor
    .select()
    .from(servicosBanhoPrecos)
    .where(
      inArray(
        servicosBanhoPrecos.servicoId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => ({ ...r, precos: cells.filter((c) => c.servicoId === r.id) }));
}

/**
 * A unit's agenda and closed dates are configured only by people of that unit (decision
 * 0069): another unit answers as an unknown one, checked inside the write's transaction.
 */
function ownUnit(actor: AdminActor, unidadeId: string) {
  if (!seesUnit(actor, unidadeId)) throw new AdminError("Unidade não encontrada");
}

/** Saves a unit's agenda (creating it the first time). */
export function saveGroomingAgenda(
  unidadeId: string,
  input: AgendaInput,
  actor: AdminActor,
  executor?: Executor,
): Promise<AgendaBanho> {
  return inTransaction(executor, async (tx) => {
    ownUnit(actor, unidadeId);
    const [row] = await tx
      .insert(agendasBanho)
      .values({ unidadeId, ...input })
      .onConflictDoUpdate({
        target: agendasBanho.unidadeId,
        set: { ...input, updatedAt: new Date() },
      })
      .returning();
    await audit(tx, actor, "grooming_agenda_save", "unidade", unidadeId, {
      capacidade_horario: input.capacidadeHorario,
      capacidade_dia: input.capacidadeDia,
    });
    return row!;
  });
}

export async function getGroomingAgenda(
  unidadeId: string,
  executor: Executor = db(),
): Promise<AgendaBanho | null> {
  const [row] = await executor
    .select()
    .from(agendasBanho)
    .where(eq(agendasBanho.unidadeId, unidadeId));
  return row ?? null;
}

/** The open units that take grooming bookings, with their agenda. */
export async function listBookableUnits(executor: Executor = db()) {
  const [units, agendas] = [
    await activeUnits(executor),
    await executor.select().from(agendasBanho).where(eq(agendasBanho.ativo, true)),
  ];
  const agendaOf = new Map(agendas.map((agenda) => [agenda.unidadeId, agenda]));
  return units.flatMap((u) => {
    const agenda = agendaOf.get(u.id);
    if (!agenda || !unitSells(u)) return [];
    return [
      {
        id: u.id,
        nome: u.nome,
        endereco: u.endereco,
        bairro: u.bairro,
        cidade: u.cidade,
        uf: u.uf,
        mapsUrl: u.mapsUrl,
        whatsapp: u.whatsapp,
        telefone: u.telefone,
        agenda,
      },
    ];
  });
}

/** Every unit, with its agenda when it has one (the staff's screens). */
export async function listUnitsWithAgenda(executor: Executor = db()) {
  const units = await activeUnits(executor);
  const agendas = await executor.select().from(agendasBanho);
  const agendaOf = new Map(agendas.map((agenda) => [agenda.unidadeId, agenda]));
  return units.map((u) => ({ id: u.id, nome: u.nome, agenda: agendaOf.get(u.id) ?? null }));
}

/**
 * Closes a date for grooming; answers the bookings that still hold a place that day, so the
 * staff can warn and reschedule each one ("avisar e remarcar").
 */
export function closeGroomingDate(
  unidadeId: string,
  data: string,
  motivo: string | null,
  actor: AdminActor,
): Promise<Agendamento[]> {
  return inTransaction(undefined, async (tx) => {
    ownUnit(actor, unidadeId);
    await tx
      .insert(agendasBanhoFechadas)
      .values({ unidadeId, data, motivo })
      .onConflictDoUpdate({
        target: [agendasBanhoFechadas.unidadeId, agendasBanhoFechadas.data],
        set: { motivo },
      });
    await audit(tx, actor, "grooming_date_close", "unidade", unidadeId, { data, motivo });
    return bookingsOfDay(tx, unidadeId, data, [
      "solicitado",
      "confirmado",
      "em_atendimento",
      "pronto",
    ]);
  });
}

export function reopenGroomingDate(unidadeId: string, data: string, actor: AdminActor) {
  return inTransaction(undefined, async (tx) => {
    ownUnit(actor, unidadeId);
    await tx
      .delete(agendasBanhoFechadas)
      .where(
        and(eq(agendasBanhoFechadas.unidadeId, unidadeId), eq(agendasBanhoFechadas.data, data)),
      );
    await audit(tx, actor, "grooming_date_open", "unidade", unidadeId, { data });
  });
}
