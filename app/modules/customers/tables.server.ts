// The customers module's slice of the stored model (issue 42, decision 0071): the optional
// account of a customer (by e-mail code, no password), its sessions, its pets with weights,
// vaccines and notes, saved delivery addresses, consents, and "avise-me quando chegar".
// Relative imports only: drizzle-kit reads the schema files without the path alias.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  ESPECIES,
  FINALIDADES_CONSENTIMENTO,
  PELAGENS,
  PORTES,
  SEXOS_PET,
  SITUACOES_VACINA,
} from "../../domain/pets";
import {
  checkInList,
  createdAt,
  id,
  inList,
  linkedTo,
  ownedBy,
  timestamptz,
  updatedAt,
} from "../../platform/db/columns.server";
import { usuarios } from "../accounts/tables.server";
import { variantes } from "../catalog/tables.server";
import { bairrosEntrega } from "../delivery/tables.server";

/** A customer's account: the e-mail proved by a code is who they are. */
export const clientes = pgTable(
  "clientes",
  {
    id: id(),
    /** Lower case, trimmed; proved by a code at every sign-in. */
    email: text("email").notNull(),
    nome: text("nome").notNull().default(""),
    telefone: text("telefone"),
    /** When the account was anonymised at the customer's request (the row stays, emptied). */
    anonimizadoEm: timestamptz("anonimizado_em"),
    ultimoAcessoEm: timestamptz("ultimo_acesso_em"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("clientes_email_idx").on(t.email)],
);

export type Cliente = typeof clientes.$inferSelect;

/** A customer's signed-in device: its own cookie, lifetime and revocation (not the staff's). */
export const sessoesClientes = pgTable(
  "sessoes_clientes",
  {
    /** sha256 of the cookie token. */
    id: text("id").primaryKey(),
    clienteId: ownedBy("cliente_id", () => clientes.id),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    lastSeenAt: timestamptz("last_seen_at").notNull().defaultNow(),
    expiresAt: timestamptz("expires_at").notNull(),
  },
  (t) => [
    index("sessoes_clientes_cliente_idx").on(t.clienteId),
    index("sessoes_clientes_expires_idx").on(t.expiresAt),
  ],
);

/** A pet of a customer, shared with the grooming room. */
export const pets = pgTable(
  "pets_clientes",
  {
    id: id(),
    clienteId: ownedBy("cliente_id", () => clientes.id),
    nome: text("nome").notNull(),
    especie: text("especie", { enum: ESPECIES }).notNull(),
    raca: text("raca"),
    porte: text("porte", { enum: PORTES }).notNull(),
    pelagem: text("pelagem", { enum: PELAGENS }).notNull(),
    /**
     * Size and coat set the grooming price: when the customer sets or changes them, they are
     * "a confirmar" until the staff confirm them at check-in.
     */
    porteAConfirmar: boolean("porte_a_confirmar").notNull().default(true),
    nascimento: date("nascimento"),
    sexo: text("sexo", { enum: SEXOS_PET }),
    castrado: boolean("castrado"),
    /** Allergies, behaviour: shown to the staff on every agenda card and day sheet. */
    alertas: text("alertas"),
    veterinarioNome: text("veterinario_nome"),
    veterinarioTelefone: text("veterinario_telefone"),
    rgPet: text("rg_pet"),
    /** Storage key of the re-encoded photo (EXIF stripped), or null. */
    fotoKey: text("foto_key"),
    /** Set when "juntar pets" merged this record into another (it leaves every list). */
    mescladoEm: uuid("mesclado_em"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("pets_clientes_cliente_idx").on(t.clienteId),
    checkInList("pets_clientes_especie_check", "especie", ESPECIES),
    checkInList("pets_clientes_porte_check", "porte", PORTES),
    checkInList("pets_clientes_pelagem_check", "pelagem", PELAGENS),
    check("pets_clientes_sexo_check", sql`${t.sexo} is null or ${inList("sexo", SEXOS_PET)}`),
  ],
);

export type Pet = typeof pets.$inferSelect;

/** A pet's weights over time (in grams), by the customer or the staff. */
export const petPesos = pgTable(
  "pet_pesos",
  {
    id: id(),
    petId: ownedBy("pet_id", () => pets.id),
    gramas: integer("gramas").notNull(),
    medidoEm: timestamptz("medido_em").notNull(),
    /** The staff member who weighed; null when the customer typed it. */
    usuarioId: linkedTo("usuario_id", () => usuarios.id, "set null"),
    createdAt: createdAt(),
  },
  (t) => [
    index("pet_pesos_pet_idx").on(t.petId, t.medidoEm),
    check("pet_pesos_gramas_check", sql`${t.gramas} > 0 and ${t.gramas} <= 150000`),
  ],
);

/** A pet's vaccines: "enviada" by the customer until the staff mark it "conferida". */
export const petVacinas = pgTable(
  "pet_vacinas",
  {
    id: id(),
    petId: ownedBy("pet_id", () => pets.id),
    tipo: text("tipo").notNull(),
    aplicadaEm: date("aplicada_em").notNull(),
    validaAte: date("valida_ate"),
    /** Storage key of the proof's photo (re-encoded, EXIF stripped), or null. */
    comprovanteKey: text("comprovante_key"),
    situacao: text("situacao", { enum: SITUACOES_VACINA }).notNull().default("enviada"),
    conferidaPor: linkedTo("conferida_por", () => usuarios.id, "set null"),
    conferidaEm: timestamptz("conferida_em"),
    createdAt: createdAt(),
  },
  (t) => [
    index("pet_vacinas_pet_idx").on(t.petId, t.validaAte),
    checkInList("pet_vacinas_situacao_check", "situacao", SITUACOES_VACINA),
  ],
);

/** The staff's notes on a pet (what the groomer saw), for its history. */
export const petNotas = pgTable(
  "pet_notas",
  {
    id: id(),
    petId: ownedBy("pet_id", () => pets.id),
    texto: text("texto").notNull(),
    usuarioId: linkedTo("usuario_id", () => usuarios.id, "set null"),
    createdAt: createdAt(),
  },
  (t) => [index("pet_notas_pet_idx").on(t.petId, t.createdAt)],
);

/** A saved delivery address (never a pick-up unit), offered at checkout. */
export const enderecosClientes = pgTable(
  "enderecos_clientes",
  {
    id: id(),
    clienteId: ownedBy("cliente_id", () => clientes.id),
    /** "Casa", "Trabalho": optional. */
    apelido: text("apelido"),
    cep: text("cep"),
    logradouro: text("logradouro").notNull(),
    numero: text("numero").notNull(),
    complemento: text("complemento"),
    /** The delivery neighbourhood it falls in (sets the fee at checkout); null once removed. */
    bairroId: linkedTo("bairro_id", () => bairrosEntrega.id, "set null"),
    bairro: text("bairro").notNull(),
    cidade: text("cidade").notNull(),
    referencia: text("referencia"),
    /** The newest used comes first at checkout. */
    usadoEm: timestamptz("usado_em").notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index("enderecos_clientes_cliente_idx").on(t.clienteId, t.usadoEm)],
);

/** A customer's consent per purpose, revocable in one click (issue 42 point 6). */
export const consentimentosClientes = pgTable(
  "consentimentos_clientes",
  {
    id: id(),
    clienteId: ownedBy("cliente_id", () => clientes.id),
    finalidade: text("finalidade", { enum: FINALIDADES_CONSENTIMENTO }).notNull(),
    concedido: boolean("concedido").notNull(),
    /** Where it was given or revoked: 'conta', 'email', 'checkout'… */
    origem: text("origem").notNull(),
    alteradoEm: timestamptz("alterado_em").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("consentimentos_clientes_idx").on(t.clienteId, t.finalidade),
    checkInList("consentimentos_finalidade_check", "finalidade", FINALIDADES_CONSENTIMENTO),
  ],
);

/**
 * "Avise-me quando chegar": one e-mail when the variant is available again at a unit that
 * sells online, at most once per restock; the request ends when it is sent.
 */
export const avisosChegada = pgTable(
  "avisos_chegada",
  {
    id: id(),
    varianteId: ownedBy("variante_id", () => variantes.id),
    email: text("email").notNull(),
    clienteId: linkedTo("cliente_id", () => clientes.id, "set null"),
    /** When the customer agreed to this e-mail (required to ask). */
    consentidoEm: timestamptz("consentido_em").notNull(),
    avisadoEm: timestamptz("avisado_em"),
    canceladoEm: timestamptz("cancelado_em"),
    createdAt: createdAt(),
  },
  (t) => [
    // One open request per variant and e-mail.
    uniqueIndex("avisos_chegada_aberto_idx")
      .on(t.varianteId, t.email)
      .where(sql`${t.avisadoEm} is null and ${t.canceladoEm} is null`),
    index("avisos_chegada_variante_idx").on(t.varianteId, t.createdAt),
  ],
);
