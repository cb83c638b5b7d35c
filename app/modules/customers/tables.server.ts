// The customers module's slice of the stored model (issue 42, decision 0071): the optional
// account of a customer (by e-mail code, no password), its sessions, its pets with weights,
// vaccines and notes, saved delivery addresses, consents, and "avise-me quando chegar".
// Relative imports only: drizzle-kit reads the schema files without the path alias.
import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { pgTable } from "drizzle-orm/pg-core";
import {
  ESPECIES,
  FINALIDADES_CONSENTIMENTO,
  PELAGENS,
  PORTES,
  SEXOS_PET,
  SITUACOES_VACINA,
} from "../../domain/pets";
import * as col from "../../platform/db/columns.server";
import { sessionIndexes, sessionLifetime } from "../../platform/db/session-columns.server";
import { usuarios } from "../accounts/tables.server";
import { variantes } from "../catalog/tables.server";
import { bairrosEntrega } from "../delivery/tables.server";

/** A customer's account: the e-mail proved by a code is who they are. */
export const clientes = pgTable(
  "clientes",
  {
    id: col.id(),
    /** Lower case, trimmed; proved by a code at every sign-in. */
    email: pg.text("email").notNull(),
    nome: pg.text("nome").notNull().default(""),
    telefone: pg.text("telefone"),
    /** When the account was anonymised at the customer's request (the row stays, emptied). */
    anonimizadoEm: col.timestamptz("anonimizado_em"),
    ultimoAcessoEm: col.timestamptz("ultimo_acesso_em"),
    ...col.timestamps(),
  },
  (t) => [pg.uniqueIndex("clientes_email_idx").on(t.email)],
);

export type Cliente = typeof clientes.$inferSelect;

/** A customer's signed-in device: its own cookie, lifetime and revocation (not the staff's). */
export const sessoesClientes = pgTable(
  "sessoes_clientes",
  {
    /** sha256 of the cookie token. */
    id: pg.text("id").primaryKey(),
    clienteId: col.ownedBy("cliente_id", () => clientes.id),
    ...sessionLifetime(),
  },
  (t) =>
    sessionIndexes("sessoes_clientes", "cliente", { owner: t.clienteId, expiresAt: t.expiresAt }),
);

/** A pet of a customer, shared with the grooming room. */
export const pets = pgTable(
  "pets_clientes",
  {
    id: col.id(),
    clienteId: col.ownedBy("cliente_id", () => clientes.id),
    nome: pg.text("nome").notNull(),
    especie: pg.text("especie", { enum: ESPECIES }).notNull(),
    raca: pg.text("raca"),
    porte: pg.text("porte", { enum: PORTES }).notNull(),
    pelagem: pg.text("pelagem", { enum: PELAGENS }).notNull(),
    /**
     * Size and coat set the grooming price: when the customer sets or changes them, they are
     * "a confirmar" until the staff confirm them at check-in.
     */
    porteAConfirmar: pg.boolean("porte_a_confirmar").notNull().default(true),
    nascimento: pg.date("nascimento"),
    sexo: pg.text("sexo", { enum: SEXOS_PET }),
    castrado: pg.boolean("castrado"),
    /** Allergies, behaviour: shown to the staff on every agenda card and day sheet. */
    alertas: pg.text("alertas"),
    veterinarioNome: pg.text("veterinario_nome"),
    veterinarioTelefone: pg.text("veterinario_telefone"),
    rgPet: pg.text("rg_pet"),
    /** Storage key of the re-encoded photo (EXIF stripped), or null. */
    fotoKey: pg.text("foto_key"),
    /** Set when "juntar pets" merged this record into another (it leaves every list). */
    mescladoEm: pg.uuid("mesclado_em"),
    ...col.timestamps(),
  },
  (t) => [
    pg.index("pets_clientes_cliente_idx").on(t.clienteId),
    col.checkInList("pets_clientes_especie_check", "especie", ESPECIES),
    col.checkInList("pets_clientes_porte_check", "porte", PORTES),
    col.checkInList("pets_clientes_pelagem_check", "pelagem", PELAGENS),
    pg.check(
      "pets_clientes_sexo_check",
      sql`${t.sexo} is null or ${col.inList("sexo", SEXOS_PET)}`,
    ),
  ],
);

export type Pet = typeof pets.$inferSelect;

/** A line of a pet's record (a weight, a vaccine, a note): its id and the pet, gone with it. */
const petRecord = () => ({
  id: col.id(),
  petId: col.ownedBy("pet_id", () => pets.id),
});

/** A pet's weights over time (in grams), by the customer or the staff. */
export const petPesos = pgTable(
  "pet_pesos",
  {
    ...petRecord(),
    gramas: pg.integer("gramas").notNull(),
    medidoEm: col.timestamptz("medido_em").notNull(),
    /** The staff member who weighed; null when the customer typed it. */
    usuarioId: col.linkedTo("usuario_id", () => usuarios.id, "set null"),
    createdAt: col.createdAt(),
  },
  (t) => [
    pg.index("pet_pesos_pet_idx").on(t.petId, t.medidoEm),
    pg.check("pet_pesos_gramas_check", sql`${t.gramas} > 0 and ${t.gramas} <= 150000`),
  ],
);

/** A pet's vaccines: "enviada" by the customer until the staff mark it "conferida". */
export const petVacinas = pgTable(
  "pet_vacinas",
  {
    ...petRecord(),
    tipo: pg.text("tipo").notNull(),
    aplicadaEm: pg.date("aplicada_em").notNull(),
    validaAte: pg.date("valida_ate"),
    /** Storage key of the proof's photo (re-encoded, EXIF stripped), or null. */
    comprovanteKey: pg.text("comprovante_key"),
    situacao: pg.text("situacao", { enum: SITUACOES_VACINA }).notNull().default("enviada"),
    conferidaPor: col.linkedTo("conferida_por", () => usuarios.id, "set null"),
    conferidaEm: col.timestamptz("conferida_em"),
    createdAt: col.createdAt(),
  },
  (t) => [
    pg.index("pet_vacinas_pet_idx").on(t.petId, t.validaAte),
    col.checkInList("pet_vacinas_situacao_check", "situacao", SITUACOES_VACINA),
  ],
);

/** The staff's notes on a pet (what the groomer saw), for its history. */
export const petNotas = pgTable(
  "pet_notas",
  {
    ...petRecord(),
    texto: pg.text("texto").notNull(),
    usuarioId: col.linkedTo("usuario_id", () => usuarios.id, "set null"),
    createdAt: col.createdAt(),
  },
  (t) => [pg.index("pet_notas_pet_idx").on(t.petId, t.createdAt)],
);

/** A saved delivery address (never a pick-up unit), offered at checkout. */
export const enderecosClientes = pgTable(
  "enderecos_clientes",
  {
    id: col.id(),
    clienteId: col.ownedBy("cliente_id", () => clientes.id),
    /** "Casa", "Trabalho": optional. */
    apelido: pg.text("apelido"),
    cep: pg.text("cep"),
    logradouro: pg.text("logradouro").notNull(),
    numero: pg.text("numero").notNull(),
    complemento: pg.text("complemento"),
    /** The delivery neighbourhood it falls in (sets the fee at checkout); null once removed. */
    bairroId: col.linkedTo("bairro_id", () => bairrosEntrega.id, "set null"),
    bairro: pg.text("bairro").notNull(),
    cidade: pg.text("cidade").notNull(),
    referencia: pg.text("referencia"),
    /** The newest used comes first at checkout. */
    usadoEm: col.timestamptz("usado_em").notNull().defaultNow(),
    createdAt: col.createdAt(),
  },
  (t) => [pg.index("enderecos_clientes_cliente_idx").on(t.clienteId, t.usadoEm)],
);

/** A customer's consent per purpose, revocable in one click (issue 42 point 6). */
export const consentimentosClientes = pgTable(
  "consentimentos_clientes",
  {
    id: col.id(),
    clienteId: col.ownedBy("cliente_id", () => clientes.id),
    finalidade: pg.text("finalidade", { enum: FINALIDADES_CONSENTIMENTO }).notNull(),
    concedido: pg.boolean("concedido").notNull(),
    /** Where it was given or revoked: 'conta', 'email', 'checkout'… */
    origem: pg.text("origem").notNull(),
    alteradoEm: col.timestamptz("alterado_em").notNull().defaultNow(),
  },
  (t) => [
    pg.uniqueIndex("consentimentos_clientes_idx").on(t.clienteId, t.finalidade),
    col.checkInList("consentimentos_finalidade_check", "finalidade", FINALIDADES_CONSENTIMENTO),
  ],
);

/**
 * "Avise-me quando chegar": one e-mail when the variant is available again at a unit that
 * sells online, at most once per restock; the request ends when it is sent.
 */
export const avisosChegada = pgTable(
  "avisos_chegada",
  {
    id: col.id(),
    varianteId: col.ownedBy("variante_id", () => variantes.id),
    email: pg.text("email").notNull(),
    clienteId: col.linkedTo("cliente_id", () => clientes.id, "set null"),
    /** When the customer agreed to this e-mail (required to ask). */
    consentidoEm: col.timestamptz("consentido_em").notNull(),
    avisadoEm: col.timestamptz("avisado_em"),
    canceladoEm: col.timestamptz("cancelado_em"),
    createdAt: col.createdAt(),
  },
  (t) => [
    // One open request per variant and e-mail.
    pg
      .uniqueIndex("avisos_chegada_aberto_idx")
      .on(t.varianteId, t.email)
      .where(sql`${t.avisadoEm} is null and ${t.canceladoEm} is null`),
    pg.index("avisos_chegada_variante_idx").on(t.varianteId, t.createdAt),
  ],
);
