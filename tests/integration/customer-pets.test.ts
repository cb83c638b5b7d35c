// A customer's pets (issue 42 point 3, decision 0073), through the real routes on the demo
// shop: "Meus pets" keeps each customer to their own pets (404 for anyone else's), photos and
// proofs re-encoded without EXIF; the booking form fills a signed-in customer's pet and links
// it, with size and price "a confirmar" until check-in; guest bookings' pets attach once the
// e-mail is verified; "Juntar pets"; and the staff's agenda card and pet page.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { customerVerified } from "~/modules/customers/index.server";
import {
  clientes,
  customerCookie,
  petNotas,
  petPesos,
  pets,
  petVacinas,
} from "~/modules/customers/testing.server";
import { cancelBooking, checkInBooking, groomingDay } from "~/modules/grooming/index.server";
import { agendamentoPets, agendamentos } from "~/modules/grooming/testing.server";
import { storage } from "~/platform/storage.server";
import { adminAuditLog } from "~/platform/tables.server";
import { loader as agendaLoader } from "~/routes/admin/servicos-agenda";
import { loader as printLoader } from "~/routes/admin/servicos-agenda-imprimir";
import { action as petPageAction, loader as petPageLoader } from "~/routes/admin/servicos-pet";
import { action as petAction, loader as petLoader } from "~/routes/conta/pet";
import { loader as proofLoader } from "~/routes/conta/pet-comprovante";
import { action as petsAction, loader as petsLoader } from "~/routes/conta/pets";
import { loader as statusLoader } from "~/routes/public/servicos-agendamento";
import { action as bookAction, loader as bookLoader } from "~/routes/public/servicos-agendar";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { withTestClock } from "../support/clock";
import { withDemoShop } from "../support/demo-shop";
import { call, expectRedirect, expectRefused } from "../support/routes";
import { staffSession } from "../support/staff";

const ctx = withTestDatabase();
// Tuesday 1 Dec 2026, 09:00 in São Paulo.
withTestClock("2026-12-01T12:00:00Z");
const shop = withDemoShop();

async function phonePhoto() {
  // A JPEG carrying EXIF with a GPS position, as phone photos do.
  return sharp({ create: { width: 64, height: 48, channels: 3, background: "#c96" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "Telefone" },
      IFD3: { GPSLatitudeRef: "S", GPSLatitude: "27/1 5/1 0/1" },
    })
    .toBuffer();
}

const THOR = {
  nome: "Thor",
  especie: "cao",
  raca: "Golden",
  porte: "G",
  pelagem: "longa",
  alertas: "alergia a perfume",
};

function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file)
    form.append(
      file.name,
      new File([new Uint8Array(file.data)], "foto.jpg", { type: "image/jpeg" }),
    );
  return form;
}

const as = (cookie: string, path: string, init: RequestInit = {}) =>
  makeRequest(path, { ...init, headers: { cookie } });

/** The pet page's form sent by this customer for the pet `id`. */
const postToPet = (cookie: string, id: string, body: FormData) =>
  call(petAction, as(cookie, `/conta/pets/${id}`, { method: "POST", body }), { id });

/** Adds a pet through "Adicionar pet" and returns its id. */
/** The staff's form on the pet's page /admin/servicos/pets/:id, sent with their `cookie`. */
const staffPostsToPet = (cookie: string, id: string, fields: Record<string, string>) =>
  call(
    petPageAction,
    makeRequest(`/admin/servicos/pets/${id}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { cookie },
    }),
    { id },
  );

async function addPet(cookie: string, fields: Record<string, string> = THOR, photo?: Buffer) {
  const body = multipart(fields, photo ? { name: "foto", data: photo } : undefined);
  const response = expectRedirect(
    await call(petsAction, as(cookie, "/conta/pets", { method: "POST", body })),
    /^\/conta\/pets\/[0-9a-f-]{36}\?feito=novo$/,
  );
  return response.headers.get("location")!.split("/").at(-1)!.split("?")[0]!;
}

let phoneSeq = 0;
function bookingForm(fields: Record<string, string>) {
  phoneSeq += 1;
  const form = new URLSearchParams({
    pets: "1",
    unidade: shop.unidadeId,
    data: "2026-12-03",
    horario: "09:00",
    nomeTutor: "Ana Souza",
    whatsapp: `(47) 99${String(1_000_000 + phoneSeq).slice(1, 4)}-${String(1_000_000 + phoneSeq).slice(4)}0`,
    email: "",
    ...fields,
  });
  form.append("pet0_servico", shop.servico("banho"));
  return form;
}

/** Books with the customer's cookie; returns the booking's number and token. */
async function book(cookie: string, form: URLSearchParams) {
  const response = expectRedirect(
    await call(bookAction, as(cookie, "/servicos/agendar", { method: "POST", body: form })),
    /^\/servicos\/agendamento\//,
  );
  const url = new URL(response.headers.get("location")!, "http://localhost");
  return { numero: url.pathname.split("/").at(-1)!, token: url.searchParams.get("token")! };
}

const thorFields = (petId: string, overrides: Record<string, string> = {}) => ({
  pet0_id: petId,
  pet0_nome: "Thor",
  pet0_especie: "cao",
  pet0_raca: "Golden",
  pet0_porte: "G",
  pet0_pelagem: "longa",
  pet0_alertas: "alergia a perfume",
  ...overrides,
});

describe("Meus pets", () => {
  it("adds a pet with its photo re-encoded and EXIF stripped; only its customer sees it", async () => {
    const ana = await customerCookie("ana.pets@example.com");
    const bia = await customerCookie("bia.pets@example.com");
    const id = await addPet(ana.cookie, THOR, await phonePhoto());

    const page = await call(petLoader, as(ana.cookie, `/conta/pets/${id}`), { id });
    expect(page.status).toBe(200);
    expect(page.data.pet).toMatchObject({ nome: "Thor", porte: "G", alertas: "alergia a perfume" });
    // Set by the customer: the staff have not confirmed the size yet.
    expect(page.data.pet.porteAConfirmar).toBe(true);
    const key = page.data.pet.fotoUrl.replace("/uploads/", "");
    const meta = await sharp((await storage().read("public", key))!).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();

    // Another customer: not their pet, the same 404 as no pet at all, for reading and writing.
    expect((await call(petLoader, as(bia.cookie, `/conta/pets/${id}`), { id })).status).toBe(404);
    const hijack = multipart({ intent: "pet", ...THOR, nome: "Roubado" });
    expect((await postToPet(bia.cookie, id, hijack)).status).toBe(404);
    const weigh = multipart({ intent: "peso", peso: "30", medidoEm: "2026-11-30" });
    expect((await postToPet(bia.cookie, id, weigh)).status).toBe(404);
    const list = await call(petsLoader, as(bia.cookie, "/conta/pets"));
    expect(list.data.pets).toEqual([]);
    const [row] = await ctx.database.db.select().from(pets).where(eq(pets.id, id));
    expect(row!.nome).toBe("Thor");
    expect(await ctx.database.db.select().from(petPesos).where(eq(petPesos.petId, id))).toEqual([]);
    // Signed out: "Entrar", coming back here.
    const out = await call(petLoader, makeRequest(`/conta/pets/${id}`), { id });
    expect(out.response?.headers.get("location")).toBe(
      `/conta/entrar?voltar=${encodeURIComponent(`/conta/pets/${id}`)}`,
    );
  });

  it("refuses what the form refuses, keeping what was typed", async () => {
    const ana = await customerCookie("ana.refusals@example.com");
    const bad = multipart({ ...THOR, porte: "XL", nome: "", alertas: "x".repeat(301) });
    const refused = await call(
      petsAction,
      as(ana.cookie, "/conta/pets", { method: "POST", body: bad }),
    );
    expectRefused(refused, 422, {
      nome: "Informe o nome do pet",
      porte: "Escolha o porte",
      alertas: "Use no máximo 300 caracteres",
    });
    expect(refused.data.values.raca).toBe("Golden");
    const notImage = multipart(THOR, { name: "foto", data: Buffer.from("%PDF-1.4 not a photo") });
    const wrong = await call(
      petsAction,
      as(ana.cookie, "/conta/pets", { method: "POST", body: notImage }),
    );
    expect(wrong.status).toBe(422);
    expect(wrong.data.errors.foto).toMatch(/Envie uma foto/);
    const id = await addPet(ana.cookie);
    const late = multipart({
      intent: "vacina",
      tipo: "Antirrábica",
      aplicadaEm: "2026-05-01",
      validaAte: "2026-04-01",
    });
    const vaccine = await postToPet(ana.cookie, id, late);
    expect(vaccine.data.errors).toEqual({ validaAte: "A validade é depois da aplicação" });
    expect(
      await ctx.database.db.select().from(pets).where(eq(pets.clienteId, ana.clienteId)),
    ).toHaveLength(1);
  });

  it("keeps weights and vaccines ('Enviada' until the staff mark 'Conferida', audited); the proof is private", async () => {
    const ana = await customerCookie("ana.vacinas@example.com");
    const bia = await customerCookie("bia.vacinas@example.com");
    const id = await addPet(ana.cookie);
    const post = (cookie: string, fields: Record<string, string>, proof?: Buffer) =>
      postToPet(
        cookie,
        id,
        multipart(fields, proof ? { name: "comprovante", data: proof } : undefined),
      );
    expectRedirect(
      await post(ana.cookie, { intent: "peso", peso: "31,5", medidoEm: "2026-11-20" }),
      `/conta/pets/${id}?feito=peso`,
    );
    expectRedirect(
      await post(
        ana.cookie,
        {
          intent: "vacina",
          tipo: "Antirrábica",
          aplicadaEm: "2025-11-01",
          validaAte: "2026-12-02",
        },
        await phonePhoto(),
      ),
      `/conta/pets/${id}?feito=vacina`,
    );
    const page = await call(petLoader, as(ana.cookie, `/conta/pets/${id}`), { id });
    expect(page.data.pesos).toEqual([expect.objectContaining({ gramas: 31_500 })]);
    expect(page.data.vacinas).toEqual([
      expect.objectContaining({
        tipo: "Antirrábica",
        validaAte: "2026-12-02",
        situacao: "enviada",
        comprovante: true,
      }),
    ]);
    const vacinaId = page.data.vacinas[0].id;
    const proof = await call(proofLoader, as(ana.cookie, `/conta/pets/${id}/vacinas/${vacinaId}`), {
      id,
      vacinaId,
    });
    expect(proof.response?.status).toBe(200);
    const bytes = Buffer.from(await proof.response!.arrayBuffer());
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    const stranger = await call(
      proofLoader,
      as(bia.cookie, `/conta/pets/${id}/vacinas/${vacinaId}`),
      { id, vacinaId },
    );
    expect(stranger.response?.status).toBe(404);

    // The staff: the pet's page, a weight, a note and the vaccine checked.
    const staff = await staffSession({ papel: "atendente", unidades: null });
    const staffPost = (fields: Record<string, string>) => staffPostsToPet(staff.cookie, id, fields);
    expect((await staffPost({ intent: "conferir", vacinaId })).data).toMatchObject({ ok: true });
    expect(
      (await staffPost({ intent: "peso", peso: "32", medidoEm: "2026-12-01" })).data,
    ).toMatchObject({ ok: true });
    expect(
      (await staffPost({ intent: "nota", texto: "Ficou calmo no secador" })).data,
    ).toMatchObject({ ok: true });
    const [checked] = await ctx.database.db
      .select()
      .from(petVacinas)
      .where(eq(petVacinas.id, vacinaId));
    expect(checked).toMatchObject({ situacao: "conferida", conferidaPor: staff.user.id });
    const trail = await ctx.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.resourceId, id));
    expect(trail.map((e) => e.action).sort()).toEqual([
      "pet_note",
      "pet_vaccine_checked",
      "pet_weight",
    ]);
    const history = await call(
      petPageLoader,
      makeRequest(`/admin/servicos/pets/${id}`, { headers: { cookie: staff.cookie } }),
      { id },
    );
    expect(history.data.record.pesos.map((p: { gramas: number }) => p.gramas)).toEqual([
      32_000, 31_500,
    ]);
    expect(history.data.record.notas.map((n: { texto: string }) => n.texto)).toEqual([
      "Ficou calmo no secador",
    ]);
    // A groomer may see and work the pet's page; nobody outside the panel may.
    const outsider = await call(petPageLoader, makeRequest(`/admin/servicos/pets/${id}`), { id });
    expect(outsider.status).not.toBe(200);
  });
});

describe("booking with the account's pets", () => {
  it("fills Thor in, links the booking to him, 'preço a confirmar' until the staff confirm at check-in", async () => {
    const ana = await customerCookie("ana.agenda@example.com");
    const id = await addPet(ana.cookie);
    await ctx.database.db.insert(petVacinas).values({
      petId: id,
      tipo: "Antirrábica",
      aplicadaEm: "2025-11-01",
      validaAte: "2026-12-02",
    });

    const form = await call(bookLoader, as(ana.cookie, "/servicos/agendar"));
    expect(form.data.conta.pets).toEqual([
      { nome: "Thor", href: expect.stringContaining(`pet0_id=${id}`) },
    ]);
    const filled = await call(bookLoader, as(ana.cookie, form.data.conta.pets[0].href));
    expect(filled.data.fields.pets[0]).toMatchObject({
      nome: "Thor",
      porte: "G",
      pelagem: "longa",
      alertas: "alergia a perfume",
      petId: id,
    });
    expect(filled.data.fields.contact.email).toBe("ana.agenda@example.com");

    const first = await book(ana.cookie, bookingForm(thorFields(id)));
    const [linked] = await ctx.database.db
      .select()
      .from(agendamentoPets)
      .innerJoin(agendamentos, eq(agendamentos.id, agendamentoPets.agendamentoId))
      .where(eq(agendamentos.numero, first.numero));
    expect(linked!.agendamento_pets).toMatchObject({ petId: id, porteAConfirmar: true });
    // Banho for a large long-coated dog, as the demo prices it: an estimate, to be confirmed.
    const bathGLonga = linked!.agendamento_pets.preco;
    const status = await call(
      statusLoader,
      makeRequest(`/servicos/agendamento/${first.numero}?token=${first.token}`),
      { numero: first.numero },
    );
    expect(status.data).toMatchObject({
      precoAConfirmar: true,
      precoFinal: false,
      preco: bathGLonga,
    });
    expect(status.data.pets[0]).toMatchObject({ aConfirmar: true });

    // The staff's agenda card: the allergy, the vaccine expired on the booking day, the flag.
    const staff = await staffSession({ papel: "atendente", unidades: null });
    const agenda = await call(
      agendaLoader,
      makeRequest(`/admin/servicos/agenda?unidade=${shop.unidadeId}&dia=2026-12-03`, {
        headers: { cookie: staff.cookie },
      }),
    );
    const card = agenda.data.agendaDay.agendamentos.find(
      (a: { numero: string }) => a.numero === first.numero,
    );
    expect(card.pets[0]).toMatchObject({
      petId: id,
      porteAConfirmar: true,
      cuidado: {
        alertas: "alergia a perfume",
        vencidas: [{ tipo: "Antirrábica", validaAte: "2026-12-02" }],
      },
    });
    const sheet = await call(
      printLoader,
      makeRequest(`/admin/servicos/agenda/imprimir?unidade=${shop.unidadeId}&dia=2026-12-03`, {
        headers: { cookie: staff.cookie },
      }),
    );
    expect(sheet.data.fichas[0]).toMatchObject({
      alertas: "alergia a perfume",
      aConfirmar: true,
      vencidas: [expect.objectContaining({ tipo: "Antirrábica" })],
    });

    // Check-in at size M, short coat: confirmed on the booking and on the pet.
    const [booking] = await ctx.database.db
      .select()
      .from(agendamentos)
      .where(eq(agendamentos.numero, first.numero));
    await checkInBooking(
      booking!.id,
      {
        pets: [{ id: linked!.agendamento_pets.id, porte: "G", pelagem: "longa" }],
        precoFinal: null,
      },
      staff.actor(),
    );
    const [pet] = await ctx.database.db.select().from(pets).where(eq(pets.id, id));
    expect(pet).toMatchObject({ porte: "G", pelagem: "longa", porteAConfirmar: false });
    const [afterCheckIn] = await ctx.database.db
      .select()
      .from(agendamentoPets)
      .where(eq(agendamentoPets.id, linked!.agendamento_pets.id));
    expect(afterCheckIn!.porteAConfirmar).toBe(false);

    // Booked again at the confirmed size: no "a confirmar".
    const second = await book(ana.cookie, bookingForm({ ...thorFields(id), horario: "13:30" }));
    const again = await call(
      statusLoader,
      makeRequest(`/servicos/agendamento/${second.numero}?token=${second.token}`),
      { numero: second.numero },
    );
    expect(again.data).toMatchObject({ precoAConfirmar: false, preco: bathGLonga });
    await cancelBooking(second.numero, second.token);

    // The customer says M, short coat: priced as M short (cheaper), to be confirmed; the pet
    // now holds M, unconfirmed.
    const view = await call(
      bookLoader,
      as(
        ana.cookie,
        `/servicos/agendar?${bookingForm(thorFields(id, { pet0_porte: "M", pet0_pelagem: "curta" }))}`,
      ),
    );
    expect(view.data.aConfirmar).toEqual([true]);
    const third = await book(
      ana.cookie,
      bookingForm({
        ...thorFields(id, { pet0_porte: "M", pet0_pelagem: "curta" }),
        horario: "13:30",
      }),
    );
    const changed = await call(
      statusLoader,
      makeRequest(`/servicos/agendamento/${third.numero}?token=${third.token}`),
      { numero: third.numero },
    );
    expect(changed.data.precoAConfirmar).toBe(true);
    expect(changed.data.preco).toBeLessThan(bathGLonga);
    const [now] = await ctx.database.db.select().from(pets).where(eq(pets.id, id));
    expect(now).toMatchObject({ porte: "M", pelagem: "curta", porteAConfirmar: true });
  });

  it("a pet typed anew by a signed-in customer is saved to the account; another's pet id is not taken", async () => {
    const caio = await customerCookie("caio.novo@example.com");
    const dora = await customerCookie("dora.novo@example.com");
    const doraPet = await addPet(dora.cookie, { ...THOR, nome: "Mel" });
    // Caio sends Dora's pet id with his own new pet: a new pet of his, Dora's untouched.
    await book(
      caio.cookie,
      bookingForm({
        ...thorFields(doraPet),
        pet0_nome: "Bidu",
        pet0_porte: "P",
        pet0_pelagem: "curta",
      }),
    );
    const his = await ctx.database.db.select().from(pets).where(eq(pets.clienteId, caio.clienteId));
    expect(his.map((p) => p.nome)).toEqual(["Bidu"]);
    const [mel] = await ctx.database.db.select().from(pets).where(eq(pets.id, doraPet));
    expect(mel).toMatchObject({ nome: "Mel", porte: "G" });
    const [link] = await ctx.database.db
      .select()
      .from(agendamentoPets)
      .where(eq(agendamentoPets.nome, "Bidu"));
    expect(link!.petId).toBe(his[0]!.id);
  });
});

describe("guest bookings attach by verified e-mail", () => {
  it("the pets booked with an e-mail join its account once verified, and only that e-mail's", async () => {
    const guest = bookingForm({
      pet0_nome: "Rex",
      pet0_especie: "cao",
      pet0_porte: "M",
      pet0_pelagem: "curta",
      pet0_alertas: "medo de secador",
      email: "Edu@Example.com",
    });
    const other = bookingForm({
      pet0_nome: "Luna",
      pet0_especie: "gato",
      pet0_porte: "P",
      pet0_pelagem: "curta",
      email: "outra@example.com",
      horario: "13:30",
    });
    for (const form of [guest, other]) {
      expectRedirect(
        await call(bookAction, makeRequest("/servicos/agendar", { method: "POST", body: form })),
        /^\/servicos\/agendamento\//,
      );
    }
    const [rexBefore] = await ctx.database.db
      .select()
      .from(agendamentoPets)
      .where(eq(agendamentoPets.nome, "Rex"));
    expect(rexBefore!.petId).toBeNull();

    const { clienteId } = await customerCookie("edu@example.com");
    const [cliente] = await ctx.database.db
      .select()
      .from(clientes)
      .where(eq(clientes.id, clienteId));
    await customerVerified(ctx.database.db, cliente!);
    const edus = await ctx.database.db.select().from(pets).where(eq(pets.clienteId, clienteId));
    expect(edus).toEqual([
      expect.objectContaining({
        nome: "Rex",
        porte: "M",
        alertas: "medo de secador",
        porteAConfirmar: true,
      }),
    ]);
    const [rexAfter] = await ctx.database.db
      .select()
      .from(agendamentoPets)
      .where(eq(agendamentoPets.nome, "Rex"));
    expect(rexAfter!.petId).toBe(edus[0]!.id);
    const [luna] = await ctx.database.db
      .select()
      .from(agendamentoPets)
      .where(eq(agendamentoPets.nome, "Luna"));
    expect(luna!.petId).toBeNull();
    // Verified again: nothing doubles.
    await customerVerified(ctx.database.db, cliente!);
    expect(
      await ctx.database.db.select().from(pets).where(eq(pets.clienteId, clienteId)),
    ).toHaveLength(1);
  });
});

describe("Juntar pets", () => {
  it("moves weights, vaccines, notes and booking links; the merged one leaves the lists", async () => {
    const ana = await customerCookie("ana.juntar@example.com");
    const bia = await customerCookie("bia.juntar@example.com");
    const keep = await addPet(ana.cookie);
    const gone = await addPet(ana.cookie, { ...THOR, nome: "Thorzinho", rgPet: "RG-123" });
    const biaPet = await addPet(bia.cookie, { ...THOR, nome: "Nina" });
    await ctx.database.db
      .insert(petPesos)
      .values({ petId: gone, gramas: 30_000, medidoEm: new Date() });
    await ctx.database.db
      .insert(petVacinas)
      .values({ petId: gone, tipo: "V10", aplicadaEm: "2026-01-01" });
    await ctx.database.db.insert(petNotas).values({ petId: gone, texto: "Late no secador" });
    await book(
      ana.cookie,
      bookingForm({ ...thorFields(gone), pet0_nome: "Thorzinho", horario: "08:00" }),
    );

    // Someone else's pet cannot be merged into one's own, nor the other way.
    const steal = multipart({ intent: "juntar", outroId: biaPet });
    expect((await postToPet(ana.cookie, keep, steal)).status).toBe(404);
    expect(await ctx.database.db.select().from(pets).where(eq(pets.id, biaPet))).toEqual([
      expect.objectContaining({ mescladoEm: null }),
    ]);

    const merge = multipart({ intent: "juntar", outroId: gone });
    expectRedirect(await postToPet(ana.cookie, keep, merge), `/conta/pets/${keep}?feito=juntar`);
    const [kept] = await ctx.database.db.select().from(pets).where(eq(pets.id, keep));
    const [merged] = await ctx.database.db.select().from(pets).where(eq(pets.id, gone));
    expect(merged!.mescladoEm).toBe(keep);
    expect(kept!.rgPet).toBe("RG-123");
    expect(
      await ctx.database.db.select().from(petPesos).where(eq(petPesos.petId, keep)),
    ).toHaveLength(1);
    expect(
      await ctx.database.db.select().from(petVacinas).where(eq(petVacinas.petId, keep)),
    ).toHaveLength(1);
    expect(
      await ctx.database.db.select().from(petNotas).where(eq(petNotas.petId, keep)),
    ).toHaveLength(1);
    const [link] = await ctx.database.db
      .select()
      .from(agendamentoPets)
      .where(eq(agendamentoPets.nome, "Thorzinho"));
    expect(link!.petId).toBe(keep);
    const list = await call(petsLoader, as(ana.cookie, "/conta/pets"));
    expect(list.data.pets.map((p: { nome: string }) => p.nome)).toEqual(["Thor"]);
    expect(
      (await call(petLoader, as(ana.cookie, `/conta/pets/${gone}`), { id: gone })).status,
    ).toBe(404);
  });

  it("the staff merge two records of one customer (audited), never two customers' pets", async () => {
    const ana = await customerCookie("ana.staffmerge@example.com");
    const bia = await customerCookie("bia.staffmerge@example.com");
    const keep = await addPet(ana.cookie);
    const gone = await addPet(ana.cookie, { ...THOR, nome: "Tor" });
    const biaPet = await addPet(bia.cookie, { ...THOR, nome: "Nina" });
    const staff = await staffSession({ papel: "atendente", unidades: null });
    const post = (fields: Record<string, string>) => staffPostsToPet(staff.cookie, keep, fields);
    const refused = await post({ intent: "juntar", outroId: biaPet });
    expect(refused.data).toMatchObject({ ok: false, message: "Pet não encontrado" });
    expect((await post({ intent: "juntar", outroId: gone })).data).toMatchObject({ ok: true });
    const [merged] = await ctx.database.db.select().from(pets).where(eq(pets.id, gone));
    expect(merged!.mescladoEm).toBe(keep);
    const trail = await ctx.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "pet_merge"));
    expect(trail).toEqual([
      expect.objectContaining({ resourceId: keep, adminUserId: staff.user.id }),
    ]);
  });
});

describe("the agenda's care data", () => {
  it("a vaccine renewed after the expired one is not a warning; one valid on the day is not either", async () => {
    const ana = await customerCookie("ana.cuidado@example.com");
    const id = await addPet(ana.cookie, { ...THOR, nome: "Bolt" });
    await ctx.database.db.insert(petVacinas).values([
      { petId: id, tipo: "Antirrábica", aplicadaEm: "2024-11-01", validaAte: "2025-11-01" },
      { petId: id, tipo: "antirrábica", aplicadaEm: "2025-11-01", validaAte: "2026-11-01" },
      { petId: id, tipo: "V10", aplicadaEm: "2025-12-10", validaAte: "2026-12-10" },
    ]);
    await book(
      ana.cookie,
      bookingForm({ ...thorFields(id), pet0_nome: "Bolt", data: "2026-12-10", horario: "08:00" }),
    );
    const day = await groomingDay(shop.unidadeId, "2026-12-10", { unidades: null });
    const bolt = day!.agendamentos.flatMap((a) => a.pets).find((p) => p.nome === "Bolt");
    expect(bolt!.cuidado!.vencidas).toEqual([{ tipo: "antirrábica", validaAte: "2026-11-01" }]);
  });
});
