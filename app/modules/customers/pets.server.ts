// A customer's pets (issue 42 point 3, decision 0073): kept by the customer in "Minha conta",
// read by the grooming room through this face (the booking form fills them in, the agenda
// card shows their care alerts and expired vaccines, the staff keep weights and notes).
// A customer reaches only their own pets: every read and write is keyed by the account, and a
// pet of someone else is "not found", exactly like a pet that does not exist.
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { expiredOn, type Pelagem, type Porte, petNameKey } from "~/domain/pets";
import { type AdminActor, AdminError, audit } from "~/platform/admin/actor.server";
import { now as clockNow } from "~/platform/clock.server";
import {
  db,
  type Executor,
  inTransaction,
  type Tx,
  transaction,
} from "~/platform/db/client.server";
import { readByKeys } from "~/platform/db/keys.server";
import { emit } from "~/platform/events.server";
import { randomName, reencodePhoto } from "~/platform/images.server";
import {
  detectKind,
  publicUrl,
  type StorageArea,
  StorageError,
  storage,
} from "~/platform/storage.server";
import { MAX_PET_PHOTO_BYTES, type PetInput } from "./pet.schema";
import {
  type Cliente,
  clientes,
  type Pet,
  petNotas,
  petPesos,
  pets,
  petVacinas,
} from "./tables.server";

export const PET_NOT_FOUND = "Pet não encontrado";

export class PetError extends Error {
  constructor(
    message: string,
    readonly field: string = "form",
  ) {
    super(message);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_PETS_PER_CUSTOMER = 30;
const MAX_WEIGHTS = 200;
const MAX_VACCINES = 60;

export type PetView = Pet & { fotoUrl: string | null };
export type Peso = typeof petPesos.$inferSelect;
export type Vacina = typeof petVacinas.$inferSelect;
type Nota = typeof petNotas.$inferSelect;

const view = (pet: Pet): PetView => ({
  ...pet,
  fotoUrl: pet.fotoKey ? publicUrl(pet.fotoKey) : null,
});

/** The customer's pets (merged ones left out), by name. */
export async function listPets(clienteId: string, executor: Executor = db()): Promise<PetView[]> {
  const rows = await executor
    .select()
    .from(pets)
    .where(and(eq(pets.clienteId, clienteId), isNull(pets.mescladoEm)))
    .orderBy(asc(pets.nome));
  return rows.map(view);
}

/** One pet of this customer, locked when in a transaction; null for anyone else's. */
async function ownPet(executor: Executor, clienteId: string, petId: string, lock = false) {
  if (!UUID.test(petId)) return null;
  const query = executor
    .select()
    .from(pets)
    .where(and(eq(pets.id, petId), eq(pets.clienteId, clienteId), isNull(pets.mescladoEm)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

export interface PetRecord {
  pet: PetView;
  pesos: Peso[];
  vacinas: Vacina[];
}

/** A pet with its weights (newest first) and vaccines, or null when not this customer's. */
export async function customerPet(clienteId: string, petId: string): Promise<PetRecord | null> {
  const pet = await ownPet(db(), clienteId, petId);
  if (!pet) return null;
  return { pet: view(pet), ...(await weightsAndVaccines(db(), pet.id)) };
}

async function weightsAndVaccines(executor: Executor, petId: string) {
  const pesos = await executor
    .select()
    .from(petPesos)
    .where(eq(petPesos.petId, petId))
    .orderBy(desc(petPesos.medidoEm), desc(petPesos.createdAt));
  const vacinas = await executor
    .select()
    .from(petVacinas)
    .where(eq(petVacinas.petId, petId))
    .orderBy(asc(petVacinas.tipo), desc(petVacinas.aplicadaEm));
  return { pesos, vacinas };
}

/**
 * Checks an uploaded image (its bytes, not its name) and re-encodes it as WebP: auto-rotated,
 * EXIF and GPS stripped (a phone's photo carries the home's location).
 */
async function encodeImage(bytes: Uint8Array): Promise<Buffer> {
  if (bytes.byteLength > MAX_PET_PHOTO_BYTES) {
    throw new PetError("Imagem grande demais (máximo 10 MB)", "foto");
  }
  if ((await detectKind(bytes)).kind !== "image") {
    throw new PetError("Envie uma foto (JPEG, PNG, WebP ou HEIC)", "foto");
  }
  try {
    return await reencodePhoto(bytes, 1600);
  } catch (error) {
    throw new PetError(
      error instanceof StorageError ? error.message : "Imagem inválida ou corrompida",
      "foto",
    );
  }
}

/** Stores an image sent with a form, checked and re-encoded: its key, or null when none was sent. */
async function storeImage(
  area: StorageArea,
  folder: string,
  bytes: Uint8Array | null,
): Promise<string | null> {
  if (!bytes || bytes.byteLength === 0) return null;
  const encoded = await encodeImage(bytes);
  const key = `${folder}/${randomName()}.webp`;
  await storage().put(area, key, encoded);
  return key;
}

/**
 * Creates (petId null) or updates one of the customer's pets, with an optional new photo.
 * Size and coat set the grooming price: set or changed by the customer, they are "a confirmar"
 * until the staff confirm them at check-in.
 */
export async function savePet(
  clienteId: string,
  petId: string | null,
  input: PetInput,
  photo: Uint8Array | null = null,
): Promise<PetView> {
  const fotoKey = await storeImage("public", "pets", photo);
  try {
    const { saved, oldKey } = await transaction(async (tx) => {
      const at = clockNow();
      if (petId === null) {
        await lockCustomer(tx, clienteId);
        const count = (await listPets(clienteId, tx)).length;
        if (count >= MAX_PETS_PER_CUSTOMER) {
          throw new PetError(`Uma conta guarda até ${MAX_PETS_PER_CUSTOMER} pets`);
        }
        const [row] = await tx
          .insert(pets)
          .values({ ...input, clienteId, fotoKey, porteAConfirmar: true, createdAt: at })
          .returning();
        return { saved: row!, oldKey: null };
      }
      const current = await ownPet(tx, clienteId, petId, true);
      if (!current) throw new PetError(PET_NOT_FOUND);
      const changed = current.porte !== input.porte || current.pelagem !== input.pelagem;
      const [row] = await tx
        .update(pets)
        .set({
          ...input,
          porteAConfirmar: current.porteAConfirmar || changed,
          fotoKey: fotoKey ?? current.fotoKey,
          updatedAt: at,
        })
        .where(eq(pets.id, current.id))
        .returning();
      return { saved: row!, oldKey: fotoKey ? current.fotoKey : null };
    });
    await dropImage("public", oldKey);
    return view(saved);
  } catch (error) {
    await dropImage("public", fotoKey);
    throw error;
  }
}

/**
 * Deletes an image the pet no longer uses (replaced, or its save failed): a failure leaves an
 * orphan file behind, never fails what the customer did.
 */
async function dropImage(area: StorageArea, key: string | null) {
  if (key)
    await storage()
      .delete(area, key)
      .catch(() => undefined);
}

/** A weight typed by the customer (or weighed by the staff: `usuarioId`). */
async function insertWeight(
  tx: Tx,
  petId: string,
  input: { gramas: number; medidoEm: string },
  usuarioId: string | null,
) {
  const existing = await tx
    .select({ id: petPesos.id })
    .from(petPesos)
    .where(eq(petPesos.petId, petId));
  if (existing.length >= MAX_WEIGHTS) throw new PetError("Pesagens demais para este pet");
  const [row] = await tx
    .insert(petPesos)
    .values({
      petId,
      gramas: input.gramas,
      // The day at noon in São Paulo: the date reads the same in every zone the server runs.
      medidoEm: new Date(`${input.medidoEm}T15:00:00Z`),
      usuarioId,
    })
    .returning();
  return row!;
}

export async function addWeight(
  clienteId: string,
  petId: string,
  input: { gramas: number; medidoEm: string },
): Promise<Peso> {
  return transaction(async (tx) => {
    const pet = await ownPet(tx, clienteId, petId, true);
    if (!pet) throw new PetError(PET_NOT_FOUND);
    return insertWeight(tx, pet.id, input, null);
  });
}

/** A vaccine sent by the customer ("Enviada" until the staff check it), with its proof. */
export async function addVaccine(
  clienteId: string,
  petId: string,
  input: { tipo: string; aplicadaEm: string; validaAte: string | null },
  proof: Uint8Array | null = null,
): Promise<Vacina> {
  // The proof is a document of the customer's: kept private, served only to them and the staff.
  const key = await storeImage("private", "vacinas", proof);
  try {
    return await transaction(async (tx) => {
      const pet = await ownPet(tx, clienteId, petId, true);
      if (!pet) throw new PetError(PET_NOT_FOUND);
      const existing = await tx
        .select({ id: petVacinas.id })
        .from(petVacinas)
        .where(eq(petVacinas.petId, pet.id));
      if (existing.length >= MAX_VACCINES) throw new PetError("Vacinas demais para este pet");
      const [row] = await tx
        .insert(petVacinas)
        .values({ petId: pet.id, ...input, comprovanteKey: key, situacao: "enviada" })
        .returning();
      return row!;
    });
  } catch (error) {
    await dropImage("private", key);
    throw error;
  }
}

/** A vaccine's proof image, for its pet's customer (clienteId) or the staff (null). */
async function vaccineProof(
  petId: string,
  vacinaId: string,
  clienteId: string | null,
): Promise<Buffer | null> {
  if (!UUID.test(petId) || !UUID.test(vacinaId)) return null;
  const [row] = await db()
    .select({ key: petVacinas.comprovanteKey, dono: pets.clienteId })
    .from(petVacinas)
    .innerJoin(pets, eq(pets.id, petVacinas.petId))
    .where(and(eq(petVacinas.id, vacinaId), eq(petVacinas.petId, petId)));
  if (!row?.key || (clienteId !== null && row.dono !== clienteId)) return null;
  return storage().read("private", row.key);
}

/**
 * The answer of the two routes that show a vaccine's proof (the customer's, the staff's): the
 * image, private and never cached, or the same 404 whatever was missing.
 */
export async function vaccineProofResponse(
  petId: string,
  vacinaId: string,
  clienteId: string | null,
): Promise<Response> {
  const image = await vaccineProof(petId, vacinaId, clienteId);
  if (!image) {
    return new Response("Comprovante não encontrado", {
      status: 404,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "private, no-store",
      },
    });
  }
  return new Response(new Uint8Array(image), {
    headers: {
      "Content-Type": "image/webp",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * "Juntar pets": `goneId` is the same animal as `keepId` (two records, e.g. one from a guest
 * booking and one typed in the account). Weights, vaccines and notes move to the kept one,
 * its empty fields take the other's, the bookings follow (grooming, through the event), and the
 * other is marked merged (it leaves every list). Both must be the same customer's.
 */
async function mergeInto(tx: Tx, clienteId: string | null, keepId: string, goneId: string) {
  if (!UUID.test(keepId) || !UUID.test(goneId) || keepId === goneId) {
    throw new PetError("Escolha dois pets diferentes para juntar");
  }
  // Locked in id order: two merges of the same pair never wait crosswise.
  const rows = await tx
    .select()
    .from(pets)
    .where(and(inArray(pets.id, [keepId, goneId]), isNull(pets.mescladoEm)))
    .orderBy(asc(pets.id))
    .for("update");
  const keep = rows.find((p) => p.id === keepId);
  const gone = rows.find((p) => p.id === goneId);
  if (!keep || !gone || (clienteId !== null && keep.clienteId !== clienteId)) {
    throw new PetError(PET_NOT_FOUND);
  }
  if (gone.clienteId !== keep.clienteId) throw new PetError(PET_NOT_FOUND);
  await tx.update(petPesos).set({ petId: keep.id }).where(eq(petPesos.petId, gone.id));
  await tx.update(petVacinas).set({ petId: keep.id }).where(eq(petVacinas.petId, gone.id));
  await tx.update(petNotas).set({ petId: keep.id }).where(eq(petNotas.petId, gone.id));
  const alertas =
    [keep.alertas, gone.alertas].filter((a): a is string => !!a && a.trim() !== "").join("\n") ||
    null;
  await tx
    .update(pets)
    .set({
      raca: keep.raca ?? gone.raca,
      nascimento: keep.nascimento ?? gone.nascimento,
      sexo: keep.sexo ?? gone.sexo,
      castrado: keep.castrado ?? gone.castrado,
      alertas: keep.alertas === gone.alertas ? keep.alertas : alertas,
      veterinarioNome: keep.veterinarioNome ?? gone.veterinarioNome,
      veterinarioTelefone: keep.veterinarioTelefone ?? gone.veterinarioTelefone,
      rgPet: keep.rgPet ?? gone.rgPet,
      fotoKey: keep.fotoKey ?? gone.fotoKey,
      updatedAt: clockNow(),
    })
    .where(eq(pets.id, keep.id));
  await tx.update(pets).set({ mescladoEm: keep.id }).where(eq(pets.id, gone.id));
  await emit(tx, {
    tipo: "pet.mesclado",
    resourceType: "pet",
    resourceId: gone.id,
    dados: { para: keep.id },
  });
  return { keep, gone };
}

/** "Juntar pets" by the customer, for two of their own pets. */
export async function mergeCustomerPets(clienteId: string, keepId: string, goneId: string) {
  await transaction((tx) => mergeInto(tx, clienteId, keepId, goneId));
}

// ——— The grooming room's reads and writes (through this face) ———

/** The customer's pets as the booking form fills them in. */
export async function petsForBooking(clienteId: string) {
  const rows = await listPets(clienteId);
  return rows.map((p) => ({
    id: p.id,
    nome: p.nome,
    especie: p.especie,
    raca: p.raca,
    porte: p.porte,
    pelagem: p.pelagem,
    alertas: p.alertas,
    porteAConfirmar: p.porteAConfirmar,
  }));
}

export interface BookedPetData {
  petId: string | null;
  nome: string;
  especie: PetInput["especie"];
  raca: string | null;
  porte: Porte;
  pelagem: Pelagem;
  alertas: string | null;
}

/**
 * A signed-in customer's booking, inside its transaction: each booked pet becomes (or stays)
 * one of their pets. A pet chosen from the account (its id, checked to be theirs) keeps its
 * record; one typed anew is found by name among theirs or saved to the account. Whether the
 * booked size is "a confirmar": the pet's size was never confirmed by the staff, or the
 * customer changed size or coat now (the pet then takes the new ones, unconfirmed).
 */
export async function petsOfBooking(
  tx: Tx,
  clienteId: string,
  booked: readonly BookedPetData[],
): Promise<{ petId: string; porteAConfirmar: boolean }[]> {
  const out: { petId: string; porteAConfirmar: boolean }[] = [];
  await lockCustomer(tx, clienteId);
  for (const b of booked) {
    const known =
      (b.petId ? await ownPet(tx, clienteId, b.petId, true) : null) ??
      (await petByName(tx, clienteId, b.nome));
    if (!known) {
      const [created] = await tx
        .insert(pets)
        .values({
          clienteId,
          nome: b.nome,
          especie: b.especie,
          raca: b.raca,
          porte: b.porte,
          pelagem: b.pelagem,
          alertas: b.alertas,
          porteAConfirmar: true,
        })
        .returning({ id: pets.id });
      out.push({ petId: created!.id, porteAConfirmar: true });
      continue;
    }
    const changed = known.porte !== b.porte || known.pelagem !== b.pelagem;
    const aConfirmar = known.porteAConfirmar || changed;
    await tx
      .update(pets)
      .set({
        porte: b.porte,
        pelagem: b.pelagem,
        porteAConfirmar: aConfirmar,
        raca: b.raca ?? known.raca,
        alertas: b.alertas ?? known.alertas,
        updatedAt: clockNow(),
      })
      .where(eq(pets.id, known.id));
    out.push({ petId: known.id, porteAConfirmar: aConfirmar });
  }
  return out;
}

/**
 * The customer's row, locked until the transaction ends: two writes that may create the same
 * pet (two bookings at once, a booking and the guest pets attaching, two "Adicionar pet" at the
 * limit) run one after the other, so a name is looked up after the other's insert.
 */
async function lockCustomer(tx: Executor, clienteId: string) {
  await tx
    .select({ id: clientes.id })
    .from(clientes)
    .where(eq(clientes.id, clienteId))
    .for("update");
}

async function petByName(tx: Executor, clienteId: string, nome: string): Promise<Pet | null> {
  const key = petNameKey(nome);
  const rows = await tx
    .select()
    .from(pets)
    .where(and(eq(pets.clienteId, clienteId), isNull(pets.mescladoEm)));
  return rows.find((p) => petNameKey(p.nome) === key) ?? null;
}

/**
 * A guest booking's pet, once its e-mail is verified (grooming, inside the event's
 * transaction): the account's pet of that name, or a new one with the booked fields.
 */
export async function adoptBookedPet(
  tx: Executor,
  clienteId: string,
  booked: Omit<BookedPetData, "petId">,
): Promise<string> {
  await lockCustomer(tx, clienteId);
  const known = await petByName(tx, clienteId, booked.nome);
  if (known) return known.id;
  const [created] = await tx
    .insert(pets)
    .values({ clienteId, ...booked, porteAConfirmar: true })
    .returning({ id: pets.id });
  return created!.id;
}

/** Check-in: the staff saw the pet, its size and coat are now the confirmed ones. */
export async function confirmPetSize(tx: Tx, petId: string, porte: Porte, pelagem: Pelagem) {
  await tx
    .update(pets)
    .set({ porte, pelagem, porteAConfirmar: false, updatedAt: clockNow() })
    .where(eq(pets.id, petId));
}

export interface PetCare {
  alertas: string | null;
  /** Vaccines expired on the day asked (valid-until before it). */
  vencidas: { tipo: string; validaAte: string }[];
}

/** For the agenda of `day`: each pet's current care alerts and the vaccines expired then. */
export async function petsCare(
  petIds: readonly string[],
  day: string,
  executor: Executor = db(),
): Promise<Map<string, PetCare>> {
  const ids = [...new Set(petIds)];
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: pets.id, alertas: pets.alertas })
    .from(pets)
    .where(inArray(pets.id, ids));
  const vacinas = await executor
    .select({ petId: petVacinas.petId, tipo: petVacinas.tipo, validaAte: petVacinas.validaAte })
    .from(petVacinas)
    .where(inArray(petVacinas.petId, ids));
  return new Map(
    rows.map((r) => {
      // A newer dose of the same type covers an older one that expired.
      const mine = vacinas.filter((v) => v.petId === r.id);
      const types = [...new Set(mine.map((v) => v.tipo.toLowerCase()))];
      const latest = types.map(
        (t) =>
          mine
            .filter((v) => v.tipo.toLowerCase() === t)
            .sort((a, b) => (b.validaAte ?? "9999").localeCompare(a.validaAte ?? "9999"))[0]!,
      );
      const vencidas = expiredOn(latest, day).map((v) => ({
        tipo: v.tipo,
        validaAte: v.validaAte as string,
      }));
      return [r.id, { alertas: r.alertas, vencidas }];
    }),
  );
}

export interface StaffPetRecord extends PetRecord {
  notas: (Nota & { autor: string | null })[];
  cliente: Pick<Cliente, "id" | "email" | "nome" | "telefone">;
  /** The customer's other pets: "Juntar pets" offers them. */
  outros: { id: string; nome: string }[];
}

/** A pet as the staff see it (history page): null when unknown or merged away. */
export async function staffPetRecord(petId: string): Promise<StaffPetRecord | null> {
  if (!UUID.test(petId)) return null;
  const [row] = await db()
    .select({ pet: pets, cliente: clientes })
    .from(pets)
    .innerJoin(clientes, eq(clientes.id, pets.clienteId))
    .where(eq(pets.id, petId));
  if (!row) return null;
  const notas = await db()
    .select()
    .from(petNotas)
    .where(eq(petNotas.petId, petId))
    .orderBy(desc(petNotas.createdAt));
  const outros = (await listPets(row.cliente.id)).filter((p) => p.id !== petId);
  return {
    pet: view(row.pet),
    ...(await weightsAndVaccines(db(), petId)),
    notas: notas.map((n) => ({ ...n, autor: null })),
    cliente: {
      id: row.cliente.id,
      email: row.cliente.email,
      nome: row.cliente.nome,
      telefone: row.cliente.telefone,
    },
    outros: outros.map((p) => ({ id: p.id, nome: p.nome })),
  };
}

/** The pet a merged record went into (its history page follows), or null. */
export async function mergedInto(petId: string): Promise<string | null> {
  if (!UUID.test(petId)) return null;
  const [row] = await db().select({ para: pets.mescladoEm }).from(pets).where(eq(pets.id, petId));
  return row?.para ?? null;
}

async function staffPet(tx: Tx, petId: string) {
  if (!UUID.test(petId)) throw new AdminError(PET_NOT_FOUND);
  const [row] = await tx
    .select()
    .from(pets)
    .where(and(eq(pets.id, petId), isNull(pets.mescladoEm)))
    .for("update");
  if (!row) throw new AdminError(PET_NOT_FOUND);
  return row;
}

/** The staff weigh the pet (audited). */
export async function staffAddWeight(
  actor: AdminActor,
  petId: string,
  input: { gramas: number; medidoEm: string },
) {
  return transaction(async (tx) => {
    const pet = await staffPet(tx, petId);
    const row = await insertWeight(tx, pet.id, input, actor.userId).catch(toAdminError);
    await audit(tx, actor, "pet_weight", "pet", pet.id, { gramas: input.gramas });
    return row;
  });
}

/** A staff note on the pet (what the groomer saw), audited. */
export async function staffAddNote(actor: AdminActor, petId: string, texto: string) {
  return transaction(async (tx) => {
    const pet = await staffPet(tx, petId);
    const [row] = await tx
      .insert(petNotas)
      .values({ petId: pet.id, texto, usuarioId: actor.userId })
      .returning();
    await audit(tx, actor, "pet_note", "pet", pet.id, {});
    return row!;
  });
}

/** The staff saw the proof: the vaccine is "Conferida" (audited, who and when kept). */
export async function checkVaccine(actor: AdminActor, petId: string, vacinaId: string) {
  if (!UUID.test(vacinaId)) throw new AdminError("Vacina não encontrada");
  return transaction(async (tx) => {
    const pet = await staffPet(tx, petId);
    const at = clockNow();
    const [row] = await tx
      .update(petVacinas)
      .set({ situacao: "conferida", conferidaPor: actor.userId, conferidaEm: at })
      .where(and(eq(petVacinas.id, vacinaId), eq(petVacinas.petId, pet.id)))
      .returning();
    if (!row) throw new AdminError("Vacina não encontrada");
    await audit(tx, actor, "pet_vaccine_checked", "pet", pet.id, {
      vacina: row.tipo,
      valida_ate: row.validaAte,
    });
    return row;
  });
}

/** "Juntar pets" by the staff (two records of one customer's animal), audited. */
export async function staffMergePets(actor: AdminActor, keepId: string, goneId: string) {
  await transaction(async (tx) => {
    const { keep, gone } = await mergeInto(tx, null, keepId, goneId).catch(toAdminError);
    await audit(tx, actor, "pet_merge", "pet", keep.id, { de: gone.id, nome: gone.nome });
  });
}

function toAdminError(error: unknown): never {
  if (error instanceof PetError) throw new AdminError(error.message);
  throw error;
}

/**
 * Attaches a verified e-mail's guest bookings to its account (point 3): the pets booked with
 * that e-mail become the account's pets (by name) and their bookings link to them. The
 * bookings are grooming's: it does the work in this transaction, on the event.
 */
export async function attachGuestPets(cliente: Cliente, executor?: Executor) {
  await inTransaction(executor, (tx) =>
    emit(tx, {
      tipo: "cliente.email_verificado",
      resourceType: "cliente",
      resourceId: cliente.id,
      dados: { email: cliente.email },
    }),
  );
}

/** Who each pet belongs to (its account's e-mail and name): for e-mails about the pet. */
export async function petOwners(
  petIds: readonly string[],
  executor: Executor = db(),
): Promise<Map<string, { clienteId: string; email: string; nome: string; pet: string }>> {
  const rows = await readByKeys(petIds, (wanted) =>
    executor
      .select({
        petId: pets.id,
        pet: pets.nome,
        clienteId: clientes.id,
        email: clientes.email,
        nome: clientes.nome,
        anonimizadoEm: clientes.anonimizadoEm,
      })
      .from(pets)
      .innerJoin(clientes, eq(clientes.id, pets.clienteId))
      .where(inArray(pets.id, wanted)),
  );
  return new Map(
    rows
      .filter((r) => !r.anonimizadoEm)
      .map((r) => [r.petId, { clienteId: r.clienteId, email: r.email, nome: r.nome, pet: r.pet }]),
  );
}

/** The customer's pets with their latest weight (grams; null when never weighed). */
export async function petsWithWeight(clienteId: string) {
  const list = await listPets(clienteId);
  const out: { id: string; nome: string; especie: Pet["especie"]; pesoG: number | null }[] = [];
  for (const p of list) {
    const [latest] = await db()
      .select({ gramas: petPesos.gramas })
      .from(petPesos)
      .where(eq(petPesos.petId, p.id))
      .orderBy(desc(petPesos.medidoEm), desc(petPesos.createdAt))
      .limit(1);
    out.push({ id: p.id, nome: p.nome, especie: p.especie, pesoG: latest?.gramas ?? null });
  }
  return out;
}
