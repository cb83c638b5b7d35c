// What the public booking page (/servicos/agendar) shows for the fields it was sent: the
// units, the services with each pet's price, the bookable days and the chosen day's drop-off
// times; and the booking itself. The page is plain forms: each step is a GET of the same
// fields, the booking a POST (issue 28, decision 0038).

import crypto from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { createEvent } from "ics";
import { petsForBooking } from "~/modules/customers/index.server";
import { bookingCounterPayments } from "~/modules/payments/index.server";
import { unitAddress } from "~/modules/shop";
import { getUnit } from "~/modules/shop/index.server";
import { now as clockNow } from "~/platform/clock.server";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { getGroomingAgenda, listBookableUnits, listGroomingServices } from "./agenda-config.server";
import {
  type BookingErrors,
  type BookingFields,
  MAX_PETS,
  parseBooking,
  parsePets,
  readBookingFields,
} from "./booking.schema";
import {
  isDay,
  isTime,
  priceFor,
  type Slot,
  tutorMayChange,
  withinCancelWindow,
} from "./booking-rules";
import { PORTE_LABEL, type Porte } from "./booking-vocabulary";
import {
  BookingChangeError,
  bookGrooming,
  cancelBooking,
  type FreeTime,
  findBookingByLink,
  loadSlotPicker,
  type PetCard,
  petHasVisited,
  rescheduleBooking,
} from "./bookings.server";
import { bookingCardView, syncBookingCard } from "./card-payment.server";
import { bookingPixView } from "./online-payment.server";
import { packageBalances } from "./packages.server";
import { quoteFromLink } from "./quote-link.server";
import {
  CODE_ANSWER_FLOOR_MS,
  CODE_INVALID,
  CODE_SENT,
  plausiblePhone,
  type ReturningTutor,
  sendTutorCode,
  verifyTutorCode,
} from "./returning-tutor.server";
import type { PedidoServico } from "./tables.server";

export interface Retorno {
  etapa: "pedir" | "codigo" | "pets";
  whatsapp: string;
  /** What happened (code sent, wrong code), said next to the form. */
  message: string | null;
  error: boolean;
  /** Each pet as a link to this page with its fields filled, and one for all of them. */
  pets: { nome: string; href: string }[];
  todos: string | null;
}

const START: Retorno = {
  etapa: "pedir",
  whatsapp: "",
  message: null,
  error: false,
  pets: [],
  todos: null,
};

/** The booking form's fields of its pet `i`, filled in from a known pet's card. */
function fillPetFields(q: URLSearchParams, i: number, pet: PetCard): void {
  q.set(`pet${i}_nome`, pet.nome);
  q.set(`pet${i}_especie`, pet.especie);
  q.set(`pet${i}_raca`, pet.raca ?? "");
  q.set(`pet${i}_porte`, pet.porte);
  q.set(`pet${i}_pelagem`, pet.pelagem);
  q.set(`pet${i}_alertas`, pet.alertas ?? "");
}

/** The booking page's address with a returning tutor's pets (and contact) filled in. */
function returningLinks(tutor: ReturningTutor): Pick<Retorno, "pets" | "todos"> {
  const link = (pets: ReturningTutor["pets"]) => {
    const q = new URLSearchParams({
      pets: String(pets.length),
      unidade: tutor.unidadeId,
      nomeTutor: tutor.nomeTutor,
      whatsapp: tutor.whatsapp,
      email: tutor.email ?? "",
    });
    pets.forEach((p, i) => {
      fillPetFields(q, i, p);
      for (const id of p.servicoIds) q.append(`pet${i}_servico`, id);
    });
    return `/servicos/agendar?${q}`;
  };
  return {
    pets: tutor.pets.map((p) => ({ nome: p.nome, href: link([p]) })),
    todos: tutor.pets.length > 1 ? link(tutor.pets.slice(0, MAX_PETS)) : null,
  };
}

/** The signed-in customer at the booking form (their pets are offered filled in). */
export interface BookingCustomer {
  clienteId: string;
  email: string;
  nome: string;
}

type AccountPet = Awaited<ReturnType<typeof petsForBooking>>[number];

/** The booking page's address with one (or every) account pet filled in, by its id. */
function accountLinks(pets: AccountPet[], fields: BookingFields) {
  const link = (chosen: AccountPet[]) => {
    const q = new URLSearchParams({ pets: String(chosen.length) });
    if (fields.contact.unidadeId) q.set("unidade", fields.contact.unidadeId);
    chosen.forEach((p, i) => {
      q.set(`pet${i}_id`, p.id);
      fillPetFields(q, i, p);
    });
    return `/servicos/agendar?${q}`;
  };
  return {
    pets: pets.map((p) => ({ nome: p.nome, href: link([p]) })),
    todos: pets.length > 1 ? link(pets.slice(0, MAX_PETS)) : null,
  };
}

/**
 * Whether each pet of the form books at a size "a confirmar" (the price then too): a
 * signed-in customer's pet whose size the staff never confirmed, or whose size or coat the
 * form changes; a pet new to the account. A guest's booking is estimated as always.
 */
function sizesToConfirm(fields: BookingFields, pets: AccountPet[] | null): boolean[] {
  return fields.pets.map((p) => {
    if (!pets) return false;
    const pet = pets.find((a) => a.id === p.petId);
    if (!pet) return true;
    return pet.porteAConfirmar || pet.porte !== p.porte || pet.pelagem !== p.pelagem;
  });
}

export interface BookingView {
  units: { id: string; nome: string; endereco: string; bairro: string }[];
  services: {
    id: string;
    nome: string;
    descricao: string | null;
    adicional: boolean;
    /** "a partir de" the smallest price, for the list before a pet is described. */
    aPartirDe: number;
  }[];
  fields: BookingFields;
  errors: BookingErrors;
  /**
   * Whether each pet needs the photo quote before booking, said as soon as its size or a
   * service is chosen: "gg" (always), "primeira" (a service that asks photos on a first
   * visit, and no visit of this pet is known for the phone typed), or null.
   */
  fotos: ("gg" | "primeira" | null)[];
  /** The flagged services' ids and the pets already known to have come (the page's script). */
  fotosRegra: { servicosPrimeira: string[]; visitou: boolean[] };
  /** "Pedir orçamento com fotos" with the first pet and the tutor filled in. */
  orcamentoHref: string;
  /** Each described pet's services and price (null while its fields are incomplete). */
  quotes: ({ servicos: { nome: string; preco: number }[]; total: number } | null)[];
  unidadeId: string;
  days: string[];
  slots: Slot[] | null;
  /** A refusal of the booking, with the next times that still fit when it was capacity. */
  refusal: { message: string; quote: boolean; proximos: FreeTime[] } | null;
  /** "Já agendou com a gente?": the step the returning tutor is at, and their pets' links. */
  retorno: Retorno;
  /** A signed-in customer's pets as links that fill the form (null: not signed in). */
  conta: { pets: { nome: string; href: string }[]; todos: string | null } | null;
  /** Each pet's size (and so its price) is "a confirmar" by the staff at check-in. */
  aConfirmar: boolean[];
  /**
   * The answered photo quote this booking comes from: its price is fixed, and so are the
   * first pet's size and services when the staff chose them (`fixo`).
   */
  orcamento: {
    numero: string;
    nomePet: string;
    preco: number;
    fixo: { porte: Porte; servicos: string[] } | null;
  } | null;
}

/** The page for these fields; `check` asks for the pets' errors (a "Ver horários" press). */
export async function bookingView(
  fields: BookingFields,
  options: {
    now?: Date;
    check?: boolean;
    errors?: BookingErrors;
    refusal?: BookingView["refusal"];
    retorno?: Retorno;
    customer?: BookingCustomer | null;
  } = {},
): Promise<BookingView> {
  const accountPets = options.customer ? await petsForBooking(options.customer.clienteId) : null;
  if (options.customer) {
    // The account's e-mail is the proved one: the booking's e-mails go there.
    if (!fields.contact.email) fields.contact.email = options.customer.email;
    if (!fields.contact.nomeTutor) fields.contact.nomeTutor = options.customer.nome;
  }
  // The form's one-time key, made once and carried through the steps (decision 0038).
  if (!fields.envio) fields.envio = crypto.randomUUID();
  const quote = await quoteFromLink(fields.orcamento.numero, fields.orcamento.chave);
  // From the quote's link: the pet and the tutor come filled in, the size and services fixed.
  if (quote && fields.pets[0]) {
    if (!fields.pets[0].nome) fields.pets[0].nome = quote.nomePet;
    if (!fields.contact.nomeTutor) fields.contact.nomeTutor = quote.nomeTutor;
    if (!fields.contact.whatsapp) fields.contact.whatsapp = quote.whatsapp;
    fixQuotedPet(fields, quote);
  }
  const units = await listBookableUnits();
  const services = await listGroomingServices({ online: true });
  const unidadeId =
    units.find((u) => u.id === fields.contact.unidadeId)?.id ??
    (units.length === 1 ? units[0]!.id : "");
  const { pets, errors: petErrors } = parsePets(fields);
  const quotes = pets.map((pet) => {
    if (!pet) return null;
    const chosen = services.filter((s) => pet.servicoIds.includes(s.id));
    const lines = chosen.flatMap((s) => {
      const cell = priceFor(s.precos, pet.porte, pet.pelagem);
      return cell ? [{ nome: s.nome, preco: cell.preco }] : [];
    });
    return { servicos: lines, total: lines.reduce((sum, l) => sum + l.preco, 0) };
  });
  const servicosPrimeira = services.filter((s) => s.exigeOrcamentoPrimeiraVez).map((s) => s.id);
  const phone = fields.contact.whatsapp.replace(/\D/g, "");
  const visitou = await Promise.all(
    fields.pets.map((p) =>
      phone.length >= 10 && p.nome.trim() ? petHasVisited(db(), phone, p.nome) : false,
    ),
  );
  const fotos = fields.pets.map((p, i) => {
    if (i === 0 && quote) return null;
    if (p.porte === "GG") return "gg" as const;
    const flagged = p.servicoIds.some((id) => servicosPrimeira.includes(id));
    return flagged && !visitou[i] ? ("primeira" as const) : null;
  });
  const portes = pets.flatMap((p) => (p ? [p.porte] : []));
  const picker =
    unidadeId && portes.length === pets.length
      ? await loadSlotPicker(unidadeId, portes, fields.contact.data || null, { now: options.now })
      : unidadeId
        ? await loadSlotPicker(unidadeId, [], null, { now: options.now })
        : null;
  return {
    units: units.map((u) => ({ id: u.id, nome: u.nome, endereco: u.endereco, bairro: u.bairro })),
    services: services.map((s) => ({
      id: s.id,
      nome: s.nome,
      descricao: s.descricao,
      adicional: s.adicional,
      aPartirDe: Math.min(...s.precos.map((c) => c.preco)),
    })),
    fields,
    errors: options.errors ?? (options.check ? petErrors : {}),
    quotes,
    fotos,
    fotosRegra: { servicosPrimeira, visitou },
    orcamentoHref: quoteFormHref(fields),
    unidadeId,
    days: picker?.days ?? [],
    slots: portes.length === pets.length ? (picker?.slots ?? null) : null,
    refusal: options.refusal ?? null,
    retorno: options.retorno ?? START,
    conta: accountPets ? accountLinks(accountPets, fields) : null,
    aConfirmar: sizesToConfirm(fields, accountPets),
    orcamento: quote
      ? {
          numero: quote.numeroPedido,
          nomePet: quote.nomePet,
          preco: quote.precoOrcado!,
          fixo:
            quote.porteOrcado && quote.servicosOrcados
              ? {
                  porte: quote.porteOrcado,
                  servicos: services
                    .filter((s) => quote.servicosOrcados!.includes(s.id))
                    .map((s) => s.nome),
                }
              : null,
        }
      : null,
  };
}

/**
 * The photo quote's form on /servicos with what this form already says: the tutor, the first
 * pet that needs the quote (name, breed and size) (decision 0056).
 */
function quoteFormHref(fields: BookingFields): string {
  const pet = fields.pets.find((p) => p.porte === "GG") ?? fields.pets[0];
  const q = new URLSearchParams({ servico: "banho_tosa" });
  const set = (name: string, value: string | undefined) => {
    const text = (value ?? "").trim().slice(0, 120);
    if (text) q.set(name, text);
  };
  set("nome_tutor", fields.contact.nomeTutor);
  set("whatsapp", fields.contact.whatsapp);
  set("nome_pet", pet?.nome);
  const porte = PORTE_LABEL[pet?.porte as Porte] as string | undefined;
  set("raca_porte", [pet?.raca, porte?.toLowerCase()].filter(Boolean).join(", "));
  return `/servicos?${q}#orcamento`;
}

/** The first pet takes the size and services the staff quoted, whatever the form says. */
function fixQuotedPet(fields: BookingFields, quote: PedidoServico) {
  const first = fields.pets[0];
  if (!first || !quote.porteOrcado || !quote.servicosOrcados) return;
  first.porte = quote.porteOrcado;
  first.servicoIds = [...quote.servicosOrcados];
}

export type BookingSubmission =
  | { ok: true; numero: string; token: string }
  | { ok: false; status: 409 | 422; view: BookingView };

/** The POST of the booking page: the whole form checked, then the booking. */
export async function submitBooking(
  form: FormData,
  options: {
    now?: Date;
    origem?: string | null;
    ip?: string | null;
    customer?: BookingCustomer | null;
  } = {},
): Promise<BookingSubmission> {
  const fields = readBookingFields(form);
  const quoted = await quoteFromLink(fields.orcamento.numero, fields.orcamento.chave);
  if (quoted) fixQuotedPet(fields, quoted);
  const parsed = parseBooking(fields);
  if (!parsed.ok) {
    return {
      ok: false,
      status: 422,
      view: await bookingView(fields, { ...options, errors: parsed.errors }),
    };
  }
  const result = await bookGrooming(
    {
      ...parsed.input,
      pedidoServicoId: quoted?.id ?? null,
      precoFixo: quoted?.precoOrcado ?? null,
      chaveEnvio: fields.envio || null,
      clienteId: options.customer?.clienteId ?? null,
    },
    options,
  );
  if (result.ok) {
    logger.info({ numero: result.agendamento.numero }, "agendamento de banho e tosa");
    return { ok: true, numero: result.agendamento.numero, token: result.token };
  }
  const refusal = {
    message: result.message,
    quote: result.code === "orcamento",
    proximos: result.code === "capacidade" ? result.proximos : [],
  };
  return {
    ok: false,
    status: result.code === "capacidade" ? 409 : 422,
    view: await bookingView(fields, { ...options, refusal }),
  };
}

/** The status page (/servicos/agendamento/:numero?token=…): null for an unknown link. */
export async function bookingStatusView(
  numero: string,
  token: string | null,
  options: { now?: Date; reagendarData?: string | null } = {},
) {
  if (!token) return null;
  const found = await findBookingByLink(numero, token);
  if (!found) return null;
  const { agendamento: a, pets } = found;
  const at = options.now ?? clockNow();
  const unit = await getUnit(a.unidadeId);
  const agenda = await getGroomingAgenda(a.unidadeId);
  const podeMudar =
    tutorMayChange(a.status) && withinCancelWindow(a.inicio, at, agenda?.cancelamentoHoras ?? 24);
  // The days are always offered; the times once a day was chosen ("Reagendar: ver horários").
  const picker = podeMudar
    ? await loadSlotPicker(
        a.unidadeId,
        pets.map((p) => p.porte),
        options.reagendarData || null,
        { now: at, exceptId: a.id, unconfirmed: a.status === "solicitado" },
      )
    : null;
  // Paid at the counter or online: how much, how and when; never who received it. Back from
  // the provider's card page, the provider is read first, never the address (decision 0091).
  let paid = (await bookingCounterPayments([a.id])).get(a.id);
  if (!paid && (await syncBookingCard(a).catch(cardSyncFailed)) > 0) {
    paid = (await bookingCounterPayments([a.id])).get(a.id);
  }
  // The pets' packages with sessions left (decision 0087), as of the booking's day.
  const pacotes = await packageBalances(
    pets.flatMap((p) => (p.petId ? [p.petId] : [])),
    a.data,
  );
  const pix = await bookingPixView(a, Boolean(paid), at);
  const cartao = await bookingCardView(a, paid);
  return {
    pix,
    cartao,
    numero: a.numero,
    status: a.status,
    historico: a.historico,
    pagamento: paid
      ? {
          valor: paid.valor,
          metodo: paid.metodo,
          em: paid.recebidoEm.toISOString(),
          // Said only when true: a counter payment reads as before.
          ...(paid.online ? { online: true } : {}),
        }
      : null,
    data: a.data,
    horario: a.horario,
    inicio: a.inicio.toISOString(),
    nomeTutor: a.nomeTutor,
    levaTraz: a.levaTraz,
    endereco: a.endereco,
    bairro: a.bairro,
    preco: a.precoFinal ?? a.precoEstimado,
    precoFinal: a.precoFinal !== null,
    pets: pets.map((p) => ({
      nome: p.nome,
      porte: p.porte,
      pelagem: p.pelagem,
      raca: p.raca,
      servicos: p.servicos.map((s) => s.nome),
      preco: p.preco,
      aConfirmar: p.porteAConfirmar,
      pacote: (() => {
        const b = pacotes.find((x) => x.petId === p.petId);
        return b
          ? { nome: b.nome, restantes: b.restantes, sessoes: b.sessoes, validoAte: b.validoAte }
          : null;
      })(),
    })),
    /** Until the staff confirm size and coat at check-in, the price is only an estimate. */
    precoAConfirmar: a.precoFinal === null && pets.some((p) => p.porteAConfirmar),
    unidade: unit
      ? {
          nome: unit.nome,
          endereco: unitAddress(unit),
          mapsUrl: unit.mapsUrl,
          whatsapp: unit.whatsapp ?? unit.telefone,
        }
      : null,
    cancelamentoHoras: agenda?.cancelamentoHoras ?? 24,
    podeMudar,
    reagendar: picker ? { days: picker.days, slots: picker.slots } : null,
  };
}

/** "Adicionar ao calendário": the booking as an .ics event, or null for an unknown link. */
export async function bookingCalendar(numero: string, token: string | null, pageUrl: string) {
  if (!token) return null;
  const found = await findBookingByLink(numero, token);
  if (!found) return null;
  const { agendamento: a, pets } = found;
  // A booking that no longer holds a place has no calendar event to add.
  if (a.status === "cancelado" || a.status === "nao_compareceu") return null;
  const unit = await getUnit(a.unidadeId);
  const minutes = Math.max(
    30,
    ...pets.map((p) => p.servicos.reduce((sum, s) => sum + s.duracaoMinutos, 0)),
  );
  const { error, value } = createEvent({
    uid: `${a.numero}@agropet-litoral`,
    start: a.inicio.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    duration: { hours: Math.floor(minutes / 60), minutes: minutes % 60 },
    title: `Banho e tosa: ${pets.map((p) => p.nome).join(", ")}`,
    description: `Agendamento ${a.numero}. Acompanhe: ${pageUrl}`,
    location: unit ? `${unit.nome}, ${unitAddress(unit)}` : undefined,
    url: pageUrl,
    // Until the staff confirm it, the time is a request: the calendar marks it tentative.
    status: a.status === "solicitado" ? "TENTATIVE" : "CONFIRMED",
  });
  if (error || !value) throw error ?? new Error("calendário vazio");
  return value;
}

export type ChangeOutcome =
  | { ok: true }
  | { ok: false; status: 409 | 422 | 404; message: string; proximos: FreeTime[] };

/** The status page's POST: "Cancelar" or "Reagendar" (with the new day and time). */
export async function changeBooking(
  numero: string,
  token: string | null,
  form: FormData,
): Promise<ChangeOutcome> {
  const intent = form.get("intent");
  try {
    if (!token) throw new BookingChangeError("Agendamento não encontrado");
    if (intent === "cancelar") {
      await cancelBooking(numero, token);
      return { ok: true };
    }
    if (intent === "reagendar") {
      const data = String(form.get("data") ?? "");
      const horario = String(form.get("horario") ?? "");
      if (!isDay(data) || !isTime(horario)) {
        return { ok: false, status: 422, message: "Escolha o dia e o horário", proximos: [] };
      }
      const result = await rescheduleBooking(numero, token, { data, horario });
      if (result.ok) return { ok: true };
      return {
        ok: false,
        status: result.code === "capacidade" ? 409 : 422,
        message: result.message,
        proximos: result.code === "capacidade" ? result.proximos : [],
      };
    }
    return { ok: false, status: 422, message: "Ação inválida", proximos: [] };
  } catch (error) {
    if (error instanceof BookingChangeError) {
      const status = error.message === "Agendamento não encontrado" ? 404 : 422;
      return { ok: false, status, message: error.message, proximos: [] };
    }
    throw error;
  }
}

/** "Já agendou com a gente?": the two POSTs (send a code, check it) and the page after each. */
export async function returningTutorStep(
  form: FormData,
  options: { now?: Date; origem?: string | null } = {},
): Promise<{ status: 200 | 422; view: BookingView }> {
  const whatsapp = String(form.get("retorno_whatsapp") ?? "").slice(0, 30);
  const fields = readBookingFields(new URLSearchParams());
  const page = async (status: 200 | 422, retorno: Retorno) => ({
    status,
    view: await bookingView(fields, { now: options.now, retorno }),
  });
  if (!plausiblePhone(whatsapp)) {
    return page(422, {
      ...START,
      whatsapp,
      message: "Informe seu WhatsApp com DDD",
      error: true,
    });
  }
  if (form.get("intent") === "codigo") {
    await Promise.all([sendTutorCode(whatsapp, options), sleep(CODE_ANSWER_FLOOR_MS)]);
    return page(200, { ...START, etapa: "codigo", whatsapp, message: CODE_SENT });
  }
  const tutor = await verifyTutorCode(whatsapp, String(form.get("codigo") ?? ""), options);
  if (!tutor || tutor.pets.length === 0) {
    return page(422, { ...START, etapa: "codigo", whatsapp, message: CODE_INVALID, error: true });
  }
  return page(200, {
    ...START,
    etapa: "pets",
    whatsapp,
    message: `Olá, ${tutor.nomeTutor}! Escolha quem vem desta vez.`,
    ...returningLinks(tutor),
  });
}

/** The provider could not be read: the page shows what is known, the reconciliation follows. */
function cardSyncFailed(error: unknown): number {
  logger.warn({ err: error }, "cartão do agendamento: provedor não lido");
  return 0;
}
