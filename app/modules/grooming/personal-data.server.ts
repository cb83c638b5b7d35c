// What grooming holds about one person: their photo quote requests (with the pets' photos) and
// their bookings (with the pets). Anonymising keeps each one's number, services, day and
// prices; the personal fields, the photos, the pets' names and any one-time code of the phone
// go. The retention period removes the photos of old requests (decision 0045).
import { and, inArray, lt, ne, sql } from "drizzle-orm";
import { now } from "~/platform/clock.server";
import type { Executor } from "~/platform/db/client.server";
import { readByKeys } from "~/platform/db/keys.server";
import { forgetCodes } from "~/platform/one-time-codes.server";
import {
  ANONYMOUS,
  overwriteRows,
  type PersonalDataHandler,
  type StoredFile,
  type Subject,
  subjectMatch,
} from "~/platform/personal-data.server";
import { keyFromPublicUrl } from "~/platform/storage.server";
import { STATUS_AGENDAMENTO_LABEL, type StatusAgendamento } from "./booking-vocabulary";
import { agendamentoPets, agendamentos, pedidosServicos } from "./tables.server";

/** A booking still to happen or under way: its tutor cannot delete their account yet. */
const OPEN_BOOKING: readonly StatusAgendamento[] = [
  "solicitado",
  "confirmado",
  "em_atendimento",
  "pronto",
];

/** The stored files of a request's photos. */
const photoFiles = (fotos: string[]): StoredFile[] =>
  fotos.flatMap((url) => {
    const key = keyFromPublicUrl(url);
    return key ? [{ area: "public" as const, key }] : [];
  });

async function heldAbout(subject: Subject, executor: Executor) {
  const [requests, bookings] = await Promise.all([
    // A grooming request has no e-mail: only the phone finds it.
    executor
      .select()
      .from(pedidosServicos)
      .where(subjectMatch(subject, pedidosServicos.whatsapp, null))
      .orderBy(pedidosServicos.createdAt),
    executor
      .select()
      .from(agendamentos)
      .where(subjectMatch(subject, agendamentos.whatsapp, agendamentos.email))
      .orderBy(agendamentos.createdAt),
  ]);
  const pets = await readByKeys(
    bookings.map((b) => b.id),
    (ids) =>
      executor.select().from(agendamentoPets).where(inArray(agendamentoPets.agendamentoId, ids)),
  );
  return { requests, bookings, pets };
}

export const groomingPersonalData: PersonalDataHandler = {
  label: "Banho e tosa: pedidos de orçamento (com as fotos) e agendamentos (com os pets)",
  async find(subject, executor) {
    const { requests, bookings, pets } = await heldAbout(subject, executor);
    const photoName = (numero: string, i: number) => `fotos/${numero}-${i + 1}.webp`;
    return {
      counts: {
        servicos: requests.length,
        fotos: requests.reduce((n, s) => n + s.fotos.length, 0),
        agendamentos: bookings.length,
      },
      data: {
        servicos: requests.map((s) => ({
          ...s,
          arquivosFotos: s.fotos.map((_, i) => photoName(s.numeroPedido, i)),
        })),
        agendamentos: bookings.map(({ tokenHash: _t, chaveEnvio: _k, ipHash: _i, ...a }) => ({
          ...a,
          pets: pets.filter((p) => p.agendamentoId === a.id),
        })),
      },
      files: requests.flatMap((s) =>
        s.fotos.flatMap((url, i) => {
          const key = keyFromPublicUrl(url);
          return key ? [{ area: "public" as const, key, name: photoName(s.numeroPedido, i) }] : [];
        }),
      ),
      references: [
        ...requests.map((s) => ({ type: "servico", id: s.id })),
        ...bookings.map((a) => ({ type: "agendamento", id: a.id })),
      ],
    };
  },
  async openWork(subject, executor) {
    const { bookings } = await heldAbout(subject, executor);
    return bookings
      .filter((a) => OPEN_BOOKING.includes(a.status))
      .map((a) => {
        const [y, m, d] = a.data.split("-");
        return `o agendamento de banho e tosa ${a.numero} (${d}/${m}/${y}, ${STATUS_AGENDAMENTO_LABEL[a.status].toLowerCase()})`;
      });
  },
  async anonymise(subject, tx) {
    const { requests, bookings } = await heldAbout(subject, tx);
    const requestIds = requests.map((s) => s.id);
    const bookingIds = bookings.map((a) => a.id);
    await overwriteRows(tx, pedidosServicos, requestIds, {
      nomeTutor: ANONYMOUS,
      whatsapp: "",
      nomePet: "",
      endereco: null,
      bairro: null,
      referencia: null,
      observacoes: null,
      fotos: [],
    });
    await overwriteRows(tx, agendamentos, bookingIds, {
      nomeTutor: ANONYMOUS,
      whatsapp: "",
      whatsappDigitos: "",
      email: null,
      ipHash: null,
      endereco: null,
      bairro: null,
      observacoes: null,
      updatedAt: now(),
    });
    if (bookingIds.length > 0) {
      await tx
        .update(agendamentoPets)
        .set({ nome: "Pet", nomeChave: "", raca: null, alertas: null })
        .where(inArray(agendamentoPets.agendamentoId, bookingIds));
      const phones = [...new Set(bookings.map((a) => a.whatsappDigitos))];
      await forgetCodes(tx, "tutor", phones);
    }
    return {
      counts: { servicos: requestIds.length, agendamentos: bookingIds.length },
      files: requests.flatMap((s) => photoFiles(s.fotos)),
      references: [
        ...requestIds.map((id) => ({ type: "servico", id })),
        ...bookingIds.map((id) => ({ type: "agendamento", id })),
      ],
    };
  },
  async retention(cutoff, tx) {
    const groomed = await tx
      .select({ id: pedidosServicos.id, fotos: pedidosServicos.fotos })
      .from(pedidosServicos)
      .where(
        and(lt(pedidosServicos.createdAt, cutoff), ne(pedidosServicos.fotos, sql`'[]'::jsonb`)),
      )
      .for("update");
    await overwriteRows(
      tx,
      pedidosServicos,
      groomed.map((row) => row.id),
      { fotos: [] },
    );
    return {
      counts: {
        pedidosServicos: groomed.length,
        fotos: groomed.reduce((n, row) => n + row.fotos.length, 0),
      },
      files: groomed.flatMap((row) => photoFiles(row.fotos)),
      references: [],
    };
  },
};
