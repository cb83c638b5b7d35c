// A customer's saved delivery addresses (issue 42 point 4, decision 0074): kept from the
// account's page and from each delivery order placed signed in (never a pick-up), the newest
// used first. Each names its served neighbourhood by id, so a renamed neighbourhood still
// sets the fee and a removed one asks the customer to choose again. Every read and write
// carries the customer's id: nobody reaches another customer's address.
import { and, asc, desc, eq, inArray, notInArray } from "drizzle-orm";
import { shop } from "~/content/shop";
import { findServedArea, type StreetAddress } from "~/modules/delivery";
import { listActiveBairros } from "~/modules/delivery/index.server";
import { now } from "~/platform/clock.server";
import { db, type Executor, transaction } from "~/platform/db/client.server";
import { type AddressInput, MAX_ENDERECOS } from "./address.schema";
import { enderecosClientes } from "./tables.server";

/** A saved address as the account and the checkout show it. */
export interface SavedAddress extends StreetAddress {
  id: string;
  apelido: string | null;
  /** The served neighbourhood's current name; null when it is no longer served. */
  bairro: string | null;
  /** The name as saved (shown when no longer served). */
  bairroSalvo: string;
  /** The fee of the neighbourhood now (centavos), or null when not served. */
  taxaEntrega: number | null;
}

/** The active neighbourhood a typed name matches (any name when the shop lists none). */
async function servedBairro(nome: string): Promise<{ id: string | null; nome: string } | null> {
  const bairros = await listActiveBairros();
  const area = findServedArea({ bairros, taxaEntregaPadrao: 0, freteGratisMinimo: 0 }, nome);
  if (!area) return null;
  return { id: bairros.find((b) => b.nome === area.nome)?.id ?? null, nome: area.nome };
}

/** The customer's addresses, the newest used first. */
export async function listAddresses(
  clienteId: string,
  executor: Executor = db(),
): Promise<SavedAddress[]> {
  const [rows, bairros] = await Promise.all([
    executor
      .select()
      .from(enderecosClientes)
      .where(eq(enderecosClientes.clienteId, clienteId))
      .orderBy(desc(enderecosClientes.usadoEm), desc(enderecosClientes.createdAt)),
    listActiveBairros(),
  ]);
  return rows.map((r) => {
    // By id while the neighbourhood exists; by name when the shop lists none (any name).
    const served =
      (r.bairroId ? bairros.find((b) => b.id === r.bairroId) : undefined) ??
      (bairros.length === 0 ? { nome: r.bairro, taxaEntrega: null } : undefined);
    return {
      id: r.id,
      apelido: r.apelido,
      cep: r.cep,
      logradouro: r.logradouro,
      numero: r.numero,
      complemento: r.complemento,
      referencia: r.referencia,
      bairro: served?.nome ?? null,
      bairroSalvo: r.bairro,
      taxaEntrega: served?.taxaEntrega ?? null,
    };
  });
}

/** One of the customer's addresses (null when it is not theirs). */
export async function savedAddress(clienteId: string, id: string): Promise<SavedAddress | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  return (await listAddresses(clienteId)).find((a) => a.id === id) ?? null;
}

/** Keeps the newest `MAX_ENDERECOS` of the customer. */
async function trim(executor: Executor, clienteId: string) {
  const keep = executor
    .select({ id: enderecosClientes.id })
    .from(enderecosClientes)
    .where(eq(enderecosClientes.clienteId, clienteId))
    .orderBy(desc(enderecosClientes.usadoEm), desc(enderecosClientes.createdAt))
    .limit(MAX_ENDERECOS);
  await executor
    .delete(enderecosClientes)
    .where(and(eq(enderecosClientes.clienteId, clienteId), notInArray(enderecosClientes.id, keep)));
}

const BAIRRO_NAO_ATENDIDO = "Ainda não entregamos nesse bairro. Escolha um bairro da lista.";

type AddressResult = { ok: true; id: string } | { ok: false; field: "bairro"; message: string };

/** Adds an address from the account's form (the neighbourhood must be served). */
export async function addAddress(clienteId: string, input: AddressInput): Promise<AddressResult> {
  const bairro = await servedBairro(input.bairro);
  if (!bairro) return { ok: false, field: "bairro", message: BAIRRO_NAO_ATENDIDO };
  return transaction(async (tx) => {
    const [row] = await tx
      .insert(enderecosClientes)
      .values({ ...fields(input), bairroId: bairro.id, bairro: bairro.nome, clienteId })
      .returning({ id: enderecosClientes.id });
    await trim(tx, clienteId);
    return { ok: true as const, id: row!.id };
  });
}

/** Edits one of the customer's addresses; false when it is not theirs. */
export async function updateAddress(
  clienteId: string,
  id: string,
  input: AddressInput,
): Promise<AddressResult | { ok: false; field: null; message: string }> {
  const bairro = await servedBairro(input.bairro);
  if (!bairro) return { ok: false, field: "bairro", message: BAIRRO_NAO_ATENDIDO };
  const [row] = await db()
    .update(enderecosClientes)
    .set({ ...fields(input), bairroId: bairro.id, bairro: bairro.nome })
    .where(and(eq(enderecosClientes.id, id), eq(enderecosClientes.clienteId, clienteId)))
    .returning({ id: enderecosClientes.id });
  return row ? { ok: true, id: row.id } : { ok: false, field: null, message: NOT_FOUND };
}

const NOT_FOUND = "Endereço não encontrado.";

/** Removes one of the customer's addresses; false when it is not theirs. */
export async function removeAddress(clienteId: string, id: string): Promise<boolean> {
  const rows = await db()
    .delete(enderecosClientes)
    .where(and(eq(enderecosClientes.id, id), eq(enderecosClientes.clienteId, clienteId)))
    .returning({ id: enderecosClientes.id });
  return rows.length > 0;
}

function fields(input: AddressInput) {
  return {
    apelido: input.apelido,
    cep: input.cep,
    logradouro: input.logradouro,
    numero: input.numero,
    complemento: input.complemento,
    referencia: input.referencia,
    cidade: shop.city,
  };
}

const same = (a: string | null, b: string | null) =>
  (a ?? "").trim().toLowerCase() === (b ?? "").trim().toLowerCase();

/**
 * A delivery order placed signed in keeps its address, in the order's transaction: the same
 * street, number, complement and neighbourhood becomes the newest used (its CEP and
 * reference updated); else a new one comes first and the oldest beyond the limit goes. The
 * neighbourhood comes as the order priced it: nothing here reads outside the transaction
 * (the embedded database runs one statement at a time).
 */
export async function rememberOrderAddress(
  tx: Executor,
  clienteId: string,
  order: StreetAddress & { bairro: string; bairroId: string | null },
): Promise<void> {
  const bairro = { id: order.bairroId, nome: order.bairro };
  const at = now();
  const current = await tx
    .select()
    .from(enderecosClientes)
    .where(eq(enderecosClientes.clienteId, clienteId))
    .orderBy(asc(enderecosClientes.createdAt));
  const match = current.find(
    (a) =>
      same(a.logradouro, order.logradouro) &&
      same(a.numero, order.numero) &&
      same(a.complemento, order.complemento) &&
      (a.bairroId && bairro.id ? a.bairroId === bairro.id : same(a.bairro, bairro.nome)),
  );
  if (match) {
    await tx
      .update(enderecosClientes)
      .set({
        usadoEm: at,
        cep: order.cep ?? match.cep,
        referencia: order.referencia ?? match.referencia,
        bairroId: bairro.id,
        bairro: bairro.nome,
      })
      .where(inArray(enderecosClientes.id, [match.id]));
    return;
  }
  await tx.insert(enderecosClientes).values({
    clienteId,
    logradouro: order.logradouro,
    numero: order.numero,
    complemento: order.complemento,
    referencia: order.referencia,
    cep: order.cep,
    bairroId: bairro.id,
    bairro: bairro.nome,
    cidade: shop.city,
    usadoEm: at,
  });
  await trim(tx, clienteId);
}
