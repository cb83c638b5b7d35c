// A package of baths bought online by the tutor (issue 45 point 5, decision 0091): from the
// pet's page in the account, the packages on offer for its size and coat; "Comprar por Pix"
// writes the pet's package waiting for payment (no session counts yet) and asks payments for
// its Pix, a charge owned by grooming like a booking's (decision 0088), not a store order:
// no stock, no delivery, no order statuses to bend. The charge's news (webhook,
// reconciliation) comes back as 'pacote_banho.pagamento'; the first "paga" activates the
// package once, its validity counted from that day, however often the news is repeated.
// By card (decision 0092) the same waiting package is paid on Checkout Pro's page instead.
import { and, desc, eq, isNull, or } from "drizzle-orm";
import QRCode from "qrcode";
import {
  cardCobrancasOf,
  cardOnlineOffered,
  createPackagePixCobranca,
  latestPackageCobranca,
  packageReference,
  pixOnlineOffered,
  pricedPreference,
} from "~/modules/payments/index.server";
import { getSettings } from "~/modules/shop/index.server";
import { logAudit } from "~/platform/admin/audit.server";
import { now as clockNow } from "~/platform/clock.server";
import { db, type Executor } from "~/platform/db/client.server";
import type { DomainEvent } from "~/platform/event-types.server";
import { logger } from "~/platform/logger.server";
import { shopDayOf } from "./booking-rules";
import type { Pelagem, Porte } from "./booking-vocabulary";
import { syncPackageCard } from "./card-payment.server";
import { providerDown } from "./online-payment.server";
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
    pacoteId: string;
    nome: string;
    preco: number;
    pix: { copiaECola: string; qrSvg: string; expiraEm: string | null } | null;
    /** Its card payment at the provider (decision 0092): in analysis, or refused; else null. */
    cartao: "analise" | "recusado" | null;
  } | null;
  oferta: { id: string; nome: string; preco: number; sessoes: number; validadeDias: number }[];
  pixOnline: boolean;
  /** Card through Checkout Pro, as for a booking (decision 0092). */
  cartaoOnline: boolean;
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
    const [charge, card] = await Promise.all([
      latestPackageCobranca(waiting.id),
      cardCobrancasOf({ pacotePetId: waiting.id }),
    ]);
    const live =
      charge?.status === "pendente" && charge.qrCode && (!charge.expiraEm || charge.expiraEm > at);
    aguardando = {
      pacoteId: waiting.pacoteId,
      nome: waiting.nome,
      preco: waiting.preco,
      cartao: !card[0] ? null : card[0].status === "pendente" ? "analise" : "recusado",
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
    cartaoOnline: cardOnlineOffered(settings),
  };
}

const PURCHASE_MESSAGES = {
  naoEncontrado: "Pacote não encontrado para este pet",
  semEmail: "Sua conta precisa de um e-mail para pagar online",
  indisponivel: "Pix indisponível no momento: compre o pacote no balcão",
  cartaoIndisponivel: "Pagamento com cartão indisponível no momento: pague com Pix ou no balcão",
  emAnalise: "Há um pagamento com cartão deste pacote em análise: aguarde a resposta",
} as const;

type PurchaseRefusal = { ok: false; status: 404 | 409 | 422 | 503; message: string };

/**
 * "Comprar por Pix" or "Comprar com cartão" (decision 0092): the pet's package written waiting
 * for payment (the one already waiting for the same package and price is reused: a double
 * click, a new payment after one lapsed or was refused), then its Pix, or the provider's page
 * (url) for its price, the server's: a double click lands on the same checkout, `novo` (after
 * a refusal) opens another; the tutor comes back to the pet's page, which reads the provider.
 */
export async function buyPackageOnline(
  tutor: { nome: string; email: string | null },
  pet: BuyingPet,
  pacoteId: string,
  options: { meio?: "pix" | "cartao"; novo?: boolean; origem?: string | null } = {},
): Promise<{ ok: true; url: string | null } | PurchaseRefusal> {
  const card = options.meio === "cartao";
  const unavailable = card ? PURCHASE_MESSAGES.cartaoIndisponivel : PURCHASE_MESSAGES.indisponivel;
  const pacote = (await offerFor(pet)).find((p) => p.id === pacoteId);
  if (!pacote) return { ok: false, status: 404, message: PURCHASE_MESSAGES.naoEncontrado };
  if (!tutor.email) return { ok: false, status: 422, message: PURCHASE_MESSAGES.semEmail };
  const settings = await getSettings();
  if (!(card ? cardOnlineOffered(settings) : pixOnlineOffered(settings))) {
    return { ok: false, status: 503, message: unavailable };
  }
  const waiting = await waitingOf(pet.id);
  const row =
    waiting?.pacoteId === pacote.id && waiting.preco === pacote.preco
      ? waiting
      : (
          await db()
            .insert(pacotesPet)
            .values({ ...soldPackage(pacote, pet.id, null, clockNow()), aguardandoPagamento: true })
            .returning()
        )[0]!;
  const what = { id: row.id, nome: row.nome, valor: row.preco, nomeTutor: tutor.nome };
  try {
    if (!card) {
      await createPackagePixCobranca({ ...what, email: tutor.email }, clockNow);
      return { ok: true, url: null };
    }
    const charges = await cardCobrancasOf({ pacotePetId: row.id });
    if (charges.some((c) => c.status === "pendente")) {
      return { ok: false, status: 409, message: PURCHASE_MESSAGES.emAnalise };
    }
    const preference = await pricedPreference(
      { pacotePetId: row.id },
      {
        chave: `preferencia-pacote-${row.id}`,
        titulo: `${row.nome} - Agropet Litoral`,
        referencia: packageReference(row.id),
        valor: row.preco,
        nome: tutor.nome,
        email: tutor.email,
      },
      { novo: options.novo, voltarPara: `/conta/pets/${pet.id}#pacotes`, origem: options.origem },
      clockNow,
    );
    return { ok: true, url: preference.initPoint };
  } catch (error) {
    return providerDown(error, { pacote: row.id }, "pagamento do pacote não iniciado", unavailable);
  }
}

/**
 * Back from the provider's page (or any visit while a package waits): its card payments are
 * read from the provider, never from the address. A provider down leaves the page as it was.
 */
export async function syncWaitingPackageCard(petId: string): Promise<void> {
  const waiting = await waitingOf(petId);
  if (!waiting) return;
  await syncPackageCard(waiting.id).catch((error) =>
    logger.warn({ err: error, pacote: waiting.id }, "cartão do pacote: provedor não lido"),
  );
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
