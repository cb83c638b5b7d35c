// A package of baths bought online by the tutor (issue 45 point 5, decision 0091): from the
// pet's page in the account, the packages on offer for its size and coat; "Comprar por Pix"
// writes the pet's package waiting for payment (no session counts yet) and asks payments for
// its Pix, a charge owned by grooming like a booking's (decision 0088), not a store order:
// no stock, no delivery, no order statuses to bend. The charge's news (webhook,
// reconciliation) comes back as 'pacote_banho.pagamento'; the first "paga" activates the
// package once, its validity counted from that day, however often the news is repeated.
import { and, desc, eq, isNull, or } from "drizzle-orm";
import QRCode from "qrcode";
import {
  CobrancaError,
  createPackagePixCobranca,
  latestPackageCobranca,
  PaymentProviderError,
  pixOnlineOffered,
} from "~/modules/payments/index.server";
import { getSettings } from "~/modules/shop/index.server";
import { logAudit } from "~/platform/admin/audit.server";
import { now as clockNow } from "~/platform/clock.server";
import { db, type Executor } from "~/platform/db/client.server";
import type { DomainEvent } from "~/platform/event-types.server";
import { logger } from "~/platform/logger.server";
import { shopDayOf } from "./booking-rules";
import type { Pelagem, Porte } from "./booking-vocabulary";
import { type PackageBalance, packageBalances, soldPackage } from "./packages.server";
import { addDays } from "./series-rules";
import { pacotesBanho, pacotesPet } from "./tables.server";

/** The pet as the account knows it (its owner checked by the caller). */
export interface BuyingPet {
  id: string;
  porte: Porte;
  pelagem: Pelagem;
}

/** The packages part of the pet's page: balances, a purchase awaiting its Pix, the offer. */
export interface PetPackagesView {
  saldos: PackageBalance[];
  aguardando: {
    nome: string;
    preco: number;
    pix: { copiaECola: string; qrSvg: string; expiraEm: string | null } | null;
  } | null;
  oferta: { id: string; nome: string; preco: number; sessoes: number; validadeDias: number }[];
  pixOnline: boolean;
}

/** The active packages that fit the pet (a null size or coat fits any). */
async function offerFor(pet: BuyingPet) {
  return db()
    .select()
    .from(pacotesBanho)
    .where(
      and(
        eq(pacotesBanho.ativo, true),
        or(isNull(pacotesBanho.porte), eq(pacotesBanho.porte, pet.porte)),
        or(isNull(pacotesBanho.pelagem), eq(pacotesBanho.pelagem, pet.pelagem)),
      ),
    )
    .orderBy(pacotesBanho.preco);
}

async function waitingOf(petId: string) {
  const [row] = await db()
    .select()
    .from(pacotesPet)
    .where(and(eq(pacotesPet.petId, petId), eq(pacotesPet.aguardandoPagamento, true)))
    .orderBy(desc(pacotesPet.createdAt))
    .limit(1);
  return row ?? null;
}

export async function petPackagesView(pet: BuyingPet, at = clockNow()): Promise<PetPackagesView> {
  const [saldos, offer, waiting, settings] = await Promise.all([
    packageBalances([pet.id], shopDayOf(at)),
    offerFor(pet),
    waitingOf(pet.id),
    getSettings(),
  ]);
  let aguardando: PetPackagesView["aguardando"] = null;
  if (waiting) {
    const charge = await latestPackageCobranca(waiting.id);
    const live =
      charge?.status === "pendente" && charge.qrCode && (!charge.expiraEm || charge.expiraEm > at);
    aguardando = {
      nome: waiting.nome,
      preco: waiting.preco,
      pix: live
        ? {
            copiaECola: charge.qrCode!,
            qrSvg: await QRCode.toString(charge.qrCode!, {
              type: "svg",
              margin: 1,
              errorCorrectionLevel: "M",
            }),
            expiraEm: charge.expiraEm?.toISOString() ?? null,
          }
        : null,
    };
  }
  return {
    saldos,
    aguardando,
    oferta: offer.map((p) => ({
      id: p.id,
      nome: p.nome,
      preco: p.preco,
      sessoes: p.sessoes,
      validadeDias: p.validadeDias,
    })),
    pixOnline: pixOnlineOffered(settings),
  };
}

const PURCHASE_MESSAGES = {
  naoEncontrado: "Pacote não encontrado para este pet",
  semEmail: "Sua conta precisa de um e-mail para pagar por Pix",
  indisponivel: "Pix indisponível no momento: compre o pacote no balcão",
} as const;

/**
 * "Comprar por Pix": the pet's package written waiting for payment (the one already waiting
 * for the same package is reused: a double click, a new Pix after one expired) and its Pix
 * for the package's price, the server's.
 */
export async function buyPackageOnline(
  tutor: { nome: string; email: string | null },
  pet: BuyingPet,
  pacoteId: string,
): Promise<{ ok: true } | { ok: false; status: 404 | 422 | 503; message: string }> {
  const pacote = (await offerFor(pet)).find((p) => p.id === pacoteId);
  if (!pacote) return { ok: false, status: 404, message: PURCHASE_MESSAGES.naoEncontrado };
  if (!tutor.email) return { ok: false, status: 422, message: PURCHASE_MESSAGES.semEmail };
  if (!pixOnlineOffered(await getSettings())) {
    return { ok: false, status: 503, message: PURCHASE_MESSAGES.indisponivel };
  }
  const at = clockNow();
  const waiting = await waitingOf(pet.id);
  const row =
    waiting?.pacoteId === pacote.id && waiting.preco === pacote.preco
      ? waiting
      : (
          await db()
            .insert(pacotesPet)
            .values({
              ...soldPackage(pacote, pet.id, null, at),
              aguardandoPagamento: true,
            })
            .returning()
        )[0]!;
  try {
    await createPackagePixCobranca(
      { id: row.id, nome: row.nome, valor: row.preco, nomeTutor: tutor.nome, email: tutor.email },
      clockNow,
    );
    return { ok: true };
  } catch (error) {
    if (error instanceof CobrancaError || error instanceof PaymentProviderError) {
      logger.warn({ err: error, pacote: row.id }, "Pix do pacote não foi criado");
      return { ok: false, status: 503, message: PURCHASE_MESSAGES.indisponivel };
    }
    throw error;
  }
}

/**
 * The subscriber of 'pacote_banho.pagamento': paid, the package becomes active once (the
 * update takes only a package still waiting), valid from today for its days.
 */
export async function packageChargeMoved(executor: Executor, event: DomainEvent): Promise<void> {
  if (event.dados?.status !== "paga") return;
  const [row] = await executor
    .select({ validadeDias: pacotesBanho.validadeDias })
    .from(pacotesPet)
    .innerJoin(pacotesBanho, eq(pacotesBanho.id, pacotesPet.pacoteId))
    .where(eq(pacotesPet.id, event.resourceId));
  if (!row) return;
  const at = clockNow();
  const [activated] = await executor
    .update(pacotesPet)
    .set({
      aguardandoPagamento: false,
      vendidoEm: at,
      validoAte: addDays(shopDayOf(at), row.validadeDias),
    })
    .where(and(eq(pacotesPet.id, event.resourceId), eq(pacotesPet.aguardandoPagamento, true)))
    .returning();
  if (!activated) return;
  await logAudit(
    {
      action: "grooming_package_paid_online",
      resourceType: "pacote_pet",
      resourceId: activated.id,
      details: { pacote: activated.nome, valor: activated.preco, ...event.dados },
    },
    executor,
  );
}
