// What the customers module holds about one person (decision 0075): the account, its saved
// addresses, pets (with weights, vaccines and the staff's notes, and the photos as files),
// consents and "avise-me" requests. Anonymising empties all of it: the account row stays
// (other records point at it) with `anonimizado_em` and an e-mail that matches nobody, every
// session ends, the pets and their photos go.
import { eq, type InferSelectModel, inArray, or } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { now } from "~/platform/clock.server";
import type { Executor } from "~/platform/db/client.server";
import { forgetCodes } from "~/platform/one-time-codes.server";
import {
  NOTHING,
  type PersonalDataHandler,
  type StoredFile,
  type Subject,
  subjectMatch,
} from "~/platform/personal-data.server";
import { consumeRateLimit, rateLimitRule } from "~/platform/rate-limits.server";
import {
  avisosChegada,
  clientes,
  consentimentosClientes,
  enderecosClientes,
  petNotas,
  petPesos,
  pets,
  petVacinas,
  sessoesClientes,
} from "./tables.server";

/**
 * Where pets.server.ts keeps each file (decision 0073): a pet's photo in the public area under a
 * random name (shown on the staff's card and the customer's page), a vaccine's proof private.
 */
const PET_PHOTO_AREA = "public" as const;
const VACCINE_PROOF_AREA = "private" as const;

/** The e-mail an anonymised account keeps: unique, and no one's (`.invalid` is reserved). */
const erasedEmail = (id: string) => `anonimizado-${id}@anonimizado.invalid`;

/**
 * The rows of `table` whose `key` column is one of `ids`, ordered by `order` when given; no
 * query at all when there are no ids.
 */
async function rowsOf<
  T extends PgTable & Record<K | O, AnyPgColumn>,
  K extends string,
  O extends string = never,
>(executor: Executor, table: T, key: K, ids: string[], order?: O): Promise<InferSelectModel<T>[]> {
  if (ids.length === 0) return [];
  const query = executor
    .select()
    .from(table as PgTable)
    .where(inArray(table[key], ids))
    .$dynamic();
  return (await (order ? query.orderBy(table[order]) : query)) as InferSelectModel<T>[];
}

async function heldAbout(subject: Subject, executor: Executor) {
  const accounts = await executor
    .select()
    .from(clientes)
    .where(subjectMatch(subject, clientes.telefone, clientes.email));
  const ids = accounts.map((c) => c.id);
  const requestsWhere =
    subject.kind === "email"
      ? ids.length > 0
        ? or(
            subjectMatch(subject, null, avisosChegada.email),
            inArray(avisosChegada.clienteId, ids),
          )
        : subjectMatch(subject, null, avisosChegada.email)
      : ids.length > 0
        ? inArray(avisosChegada.clienteId, ids)
        : null;
  // One after the other: inside privacy's transaction they share one connection.
  const addresses = await rowsOf(executor, enderecosClientes, "clienteId", ids, "createdAt");
  const petRows = await rowsOf(executor, pets, "clienteId", ids, "createdAt");
  const consents = await rowsOf(executor, consentimentosClientes, "clienteId", ids);
  const requests = requestsWhere
    ? await executor
        .select()
        .from(avisosChegada)
        .where(requestsWhere)
        .orderBy(avisosChegada.createdAt)
    : [];
  // The signed-in devices, without the id (the hash of the cookie's secret).
  const devices = (await rowsOf(executor, sessoesClientes, "clienteId", ids, "createdAt")).map(
    ({ clienteId, userAgent, createdAt, lastSeenAt, expiresAt }) => ({
      clienteId,
      userAgent,
      createdAt,
      lastSeenAt,
      expiresAt,
    }),
  );
  const petIds = petRows.map((p) => p.id);
  const weights = await rowsOf(executor, petPesos, "petId", petIds, "medidoEm");
  const vaccines = await rowsOf(executor, petVacinas, "petId", petIds, "aplicadaEm");
  const notes = await rowsOf(executor, petNotas, "petId", petIds, "createdAt");
  return {
    accounts,
    addresses,
    petRows,
    consents,
    requests,
    weights,
    vaccines,
    notes,
    devices,
  };
}

type Held = Awaited<ReturnType<typeof heldAbout>>;

/** The photos (the pet's and each vaccine proof's), with their names in the ZIP. */
function filesOf({ petRows, vaccines }: Held): (StoredFile & { name: string })[] {
  const extension = (key: string) => key.match(/\.[a-z0-9]+$/i)?.[0] ?? "";
  return [
    ...petRows.flatMap((p) =>
      p.fotoKey
        ? [{ area: PET_PHOTO_AREA, key: p.fotoKey, name: `pets/${p.id}${extension(p.fotoKey)}` }]
        : [],
    ),
    ...vaccines.flatMap((v) =>
      v.comprovanteKey
        ? [
            {
              area: VACCINE_PROOF_AREA,
              key: v.comprovanteKey,
              name: `vacinas/${v.id}${extension(v.comprovanteKey)}`,
            },
          ]
        : [],
    ),
  ];
}

export const customersPersonalData: PersonalDataHandler = {
  label: "Conta do cliente: endereços, pets (pesos, vacinas, notas), consentimentos e avise-me",
  async find(subject, executor) {
    const held = await heldAbout(subject, executor);
    const files = filesOf(held);
    const fileOf = (key: string | null) => files.find((f) => f.key === key)?.name ?? null;
    return {
      counts: {
        contas: held.accounts.length,
        enderecos: held.addresses.length,
        pets: held.petRows.length,
        pesos: held.weights.length,
        vacinas: held.vaccines.length,
        avisos: held.requests.length,
      },
      data: {
        contas: held.accounts,
        enderecos: held.addresses,
        pets: held.petRows.map(({ fotoKey, ...p }) => ({ ...p, arquivoFoto: fileOf(fotoKey) })),
        pesos: held.weights,
        vacinas: held.vaccines.map(({ comprovanteKey, ...v }) => ({
          ...v,
          arquivoComprovante: fileOf(comprovanteKey),
        })),
        notas: held.notes,
        consentimentos: held.consents,
        avisosChegada: held.requests,
        aparelhos: held.devices,
      },
      files,
      references: held.accounts.map((c) => ({ type: "cliente", id: c.id })),
    };
  },
  async anonymise(subject, tx) {
    const held = await heldAbout(subject, tx);
    if (held.accounts.length === 0 && held.requests.length === 0) return NOTHING;
    const ids = held.accounts.map((c) => c.id);
    const files: StoredFile[] = filesOf(held);
    if (held.requests.length > 0) {
      await tx.delete(avisosChegada).where(
        inArray(
          avisosChegada.id,
          held.requests.map((r) => r.id),
        ),
      );
    }
    if (ids.length > 0) {
      // Weights, vaccines and notes go with their pets (their foreign keys cascade); a booking
      // that named a pet keeps its own copy, emptied by grooming's handler.
      await tx.delete(pets).where(inArray(pets.clienteId, ids));
      await tx.delete(enderecosClientes).where(inArray(enderecosClientes.clienteId, ids));
      await tx.delete(consentimentosClientes).where(inArray(consentimentosClientes.clienteId, ids));
      await tx.delete(sessoesClientes).where(inArray(sessoesClientes.clienteId, ids));
      for (const id of ids) {
        await tx
          .update(clientes)
          .set({
            email: erasedEmail(id),
            nome: "",
            telefone: null,
            anonimizadoEm: now(),
            updatedAt: now(),
          })
          .where(eq(clientes.id, id));
      }
      // A sign-in code waiting for the old address dies too.
      await forgetCodes(
        tx,
        "conta",
        held.accounts.map((c) => c.email),
      );
    }
    return {
      counts: {
        contas: ids.length,
        enderecos: held.addresses.length,
        pets: held.petRows.length,
        avisos: held.requests.length,
      },
      files,
      references: ids.map((id) => ({ type: "cliente", id })),
    };
  },
};

/** "Baixar meus dados" counts against the account's daily allowance (a ZIP carries photos). */
export function allowOwnExport(clienteId: string): Promise<boolean> {
  return consumeRateLimit("conta_exportar", clienteId, rateLimitRule("conta_exportar"), now());
}
