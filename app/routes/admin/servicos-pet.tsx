// /admin/servicos/pets/:id: a customer's pet as the grooming room sees it (issue 42 point 3),
// opened from the agenda card: care alerts, bookings and services, weights, vaccines and the
// staff's notes. The staff weigh, write a note, mark a vaccine "Conferida" (audited) and
// "Juntar pets" (two records of one animal). Plain forms.
import { data, Form, href, redirect, useActionData } from "react-router";
import { z } from "zod";
import { adminPage } from "~/components/admin/page";
import { AdminPageHeader } from "~/components/admin/page-header";
import { PackageBalances, PackageSaleForm } from "~/components/admin/servicos/package-sale";
import { usePode } from "~/components/admin/use-papel";
import { VaccineDates, WeightList } from "~/components/conta/pet-history";
import { PetMergeFields } from "~/components/conta/pet-merge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { RecordList } from "~/components/ui/record-list";
import { Textarea } from "~/components/ui/textarea";
import { formatDate, formatDateTime, formatIsoDate } from "~/domain/dates";
import { formatBRL } from "~/domain/money";
import {
  ESPECIE_LABEL,
  PELAGEM_LABEL,
  PORTE_LABEL,
  SEXO_PET_LABEL,
  SITUACAO_VACINA_LABEL,
} from "~/domain/pets";
import { unitsInScope } from "~/domain/unit-scope";
import { adminAction, adminLoader } from "~/modules/accounts/index.server";
import { noteSchema, PET_LIMITS, weightSchema } from "~/modules/customers";
import {
  checkVaccine,
  mergedInto,
  staffAddNote,
  staffAddWeight,
  staffMergePets,
  staffPetRecord,
} from "~/modules/customers/index.server";
import { STATUS_AGENDAMENTO_LABEL } from "~/modules/grooming";
import * as grooming from "~/modules/grooming/index.server";
import { adminIntent, firstIssue } from "~/platform/admin/action.server";
import { AdminError } from "~/platform/admin/actor.server";
import { now } from "~/platform/clock.server";
import { counterPaymentFields, handOverPayment } from "~/schemas/status";
import type { Route } from "./+types/servicos-pet";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Histórico do pet",
  capability: "agenda.ver",
  failure: "Erro ao carregar o pet",
});

export const loader = adminLoader(
  handle,
  async ({ params }: Route.LoaderArgs, { reads, staff }) => {
    const record = await reads(() => staffPetRecord(params.id));
    if (!record) throw data({ message: "Pet não encontrado" }, { status: 404 });
    // A merged record's page goes to the pet it became.
    if (record.pet.mescladoEm) {
      const to = await mergedInto(params.id);
      if (to) throw redirect(`/admin/servicos/pets/${to}`);
    }
    const bookings = await reads(() => grooming.petBookings(params.id));
    // Its packages of baths, and the offers that fit it for "Vender pacote" (decision 0087).
    const [pacotes, offers, units] = await reads(() =>
      Promise.all([
        grooming.packageBalances([params.id]),
        grooming.listPackages(),
        grooming.listUnitsWithAgenda(),
      ]),
    );
    // Today in the shop's clock: an expired vaccine is said so.
    const hoje = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(now());
    return {
      record,
      bookings,
      hoje,
      pacotes,
      offers: offers
        .filter(
          (o) =>
            o.ativo &&
            (!o.porte || o.porte === record.pet.porte) &&
            (!o.pelagem || o.pelagem === record.pet.pelagem),
        )
        .map((o) => ({
          id: o.id,
          nome: o.nome,
          preco: o.preco,
          sessoes: o.sessoes,
          validadeDias: o.validadeDias,
        })),
      units: unitsInScope(staff, units)
        .filter((u) => u.agenda)
        .map((u) => ({ id: u.id, nome: u.nome })),
    };
  },
);

const saleSchema = z.object({
  pacoteId: z.uuid({ error: "Escolha o pacote" }),
  unidadeId: z.uuid({ error: "Escolha a unidade" }),
  ...counterPaymentFields,
});

const idOf = (write: { params: Readonly<Record<string, string | undefined>> }) =>
  write.params.id ?? "";

export const action = adminAction(
  {
    peso: adminIntent({
      capability: "agenda.operar",
      schema: weightSchema,
      refusal: firstIssue,
      failure: "Erro ao registrar o peso",
      run: async (input, write) => {
        await staffAddWeight(write.actor, idOf(write), {
          gramas: input.peso,
          medidoEm: input.medidoEm,
        });
        return "Peso registrado";
      },
    }),
    nota: adminIntent({
      capability: "agenda.operar",
      schema: noteSchema,
      refusal: firstIssue,
      failure: "Erro ao salvar a observação",
      run: async ({ texto }, write) => {
        await staffAddNote(write.actor, idOf(write), texto);
        return "Observação salva";
      },
    }),
    conferir: adminIntent({
      capability: "agenda.operar",
      failure: "Erro ao conferir a vacina",
      run: async ({ vacinaId }, write) => {
        const row = await checkVaccine(write.actor, idOf(write), vacinaId ?? "");
        return `Vacina ${row.tipo} conferida`;
      },
    }),
    "vender-pacote": adminIntent({
      capability: "agenda.receber",
      schema: saleSchema,
      refusal: firstIssue,
      failure: "Erro ao vender o pacote",
      run: async (input, write) => {
        const pagamento = handOverPayment(input);
        if (!pagamento) throw new AdminError("Escolha como foi pago", "metodo");
        const sold = await grooming.sellPackageAtCounter(
          { pacoteId: input.pacoteId, petId: idOf(write), unidadeId: input.unidadeId, pagamento },
          write.actor,
        );
        return `${sold.nome} vendido: ${sold.sessoes} sessões, vale até ${formatIsoDate(sold.validoAte)}`;
      },
    }),
    juntar: adminIntent({
      capability: "agenda.operar",
      failure: "Erro ao juntar os pets",
      run: async ({ outroId }, write) => {
        // The other record joins this one (this page's pet stays).
        await staffMergePets(write.actor, idOf(write), outroId ?? "");
        return "Pets juntados: pesos, vacinas, observações e agendamentos estão neste registro";
      },
    }),
  },
  { capability: "agenda.operar", noControlChars: true },
);

export default function PetHistory({ loaderData }: Route.ComponentProps) {
  const { record, bookings, hoje: today } = loaderData;
  const vender = usePode("agenda.receber");
  const { pet, pesos, vacinas, notas, cliente, outros } = record;
  const result = useActionData<typeof action>() as
    | { ok: boolean; message?: string; intent?: string; errors?: Record<string, string> }
    | undefined;
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title={pet.nome}
        description={`${ESPECIE_LABEL[pet.especie]}${pet.raca ? `, ${pet.raca}` : ""} · ${PORTE_LABEL[pet.porte]}${pet.porteAConfirmar ? " (a confirmar)" : ""} · ${PELAGEM_LABEL[pet.pelagem]}`}
        back={{ to: href("/admin/servicos/agenda"), label: "Voltar à agenda" }}
      />
      {result?.message ? (
        <p
          role={result.ok ? "status" : "alert"}
          className={result.ok ? "text-green-800" : "font-semibold text-red-700"}
        >
          {result.message}
        </p>
      ) : null}
      {pet.alertas ? (
        <p
          className="whitespace-pre-line rounded-lg bg-red-100 p-3 font-semibold text-red-800"
          data-testid="pet-alertas"
        >
          Cuidados: {pet.alertas}
        </p>
      ) : null}
      <section className="grid gap-1 rounded-xl border border-slate-200 bg-white p-4 text-sm">
        <p>
          Tutor: {cliente.nome || cliente.email} · {cliente.email}
        </p>
        {pet.nascimento ? <p>Nascimento: {formatIsoDate(pet.nascimento)}</p> : null}
        {pet.sexo ? (
          <p>
            {SEXO_PET_LABEL[pet.sexo]}
            {pet.castrado ? " · castrado(a)" : ""}
          </p>
        ) : null}
        {pet.veterinarioNome ? (
          <p>
            Veterinário: {pet.veterinarioNome}
            {pet.veterinarioTelefone ? ` · ${pet.veterinarioTelefone}` : ""}
          </p>
        ) : null}
        {pet.rgPet ? <p>RG Pet: {pet.rgPet}</p> : null}
        {pet.fotoUrl ? (
          <img
            src={pet.fotoUrl}
            alt={`Foto de ${pet.nome}`}
            className="mt-2 size-32 rounded-lg object-cover"
          />
        ) : null}
      </section>

      <section className="grid gap-2">
        <h2 className="text-lg font-bold">Pacotes de banho</h2>
        <PackageBalances pacotes={loaderData.pacotes} />
        {vender ? (
          <details
            className="rounded-lg border border-slate-200 bg-white p-3"
            open={result?.intent === "vender-pacote" && !result.ok}
          >
            <summary className="min-h-11 cursor-pointer content-center font-semibold">
              Vender pacote
            </summary>
            <PackageSaleForm
              offers={loaderData.offers}
              units={loaderData.units}
              errors={result?.intent === "vender-pacote" && !result.ok ? (result.errors ?? {}) : {}}
            />
          </details>
        ) : null}
      </section>

      <section className="grid gap-2">
        <h2 className="text-lg font-bold">Agendamentos</h2>
        <RecordList
          items={bookings}
          empty="Nenhum agendamento ligado a este pet."
          keyOf={(b) => b.numero}
          data-testid="pet-agendamentos"
        >
          {(b) => (
            <>
              <span className="font-semibold">
                {formatIsoDate(b.data)} {b.horario}
              </span>{" "}
              · {b.numero} · {STATUS_AGENDAMENTO_LABEL[b.status]} · {b.porte} ·{" "}
              {b.servicos.join(", ")} · {formatBRL(b.preco)}
            </>
          )}
        </RecordList>
      </section>

      <section className="grid gap-2">
        <h2 className="text-lg font-bold">Vacinas</h2>
        <RecordList
          items={vacinas}
          empty="Nenhuma vacina informada."
          keyOf={(v) => v.id}
          itemClassName="flex flex-wrap items-center gap-2"
        >
          {(v) => (
            <>
              <VaccineDates vacina={v} />
              {v.validaAte && v.validaAte < today ? (
                <span className="font-semibold text-red-700">vencida</span>
              ) : null}
              <span className="rounded-full bg-slate-100 px-2">
                {SITUACAO_VACINA_LABEL[v.situacao]}
                {v.conferidaEm ? ` em ${formatDate(v.conferidaEm)}` : ""}
              </span>
              {v.comprovanteKey ? (
                <a
                  className="text-brand-700 underline"
                  href={`/admin/servicos/pets/${pet.id}/vacinas/${v.id}`}
                >
                  Comprovante
                </a>
              ) : null}
              {v.situacao === "enviada" ? (
                <Form method="post">
                  <input type="hidden" name="vacinaId" value={v.id} />
                  <Button type="submit" size="sm" name="intent" value="conferir">
                    Marcar conferida
                  </Button>
                </Form>
              ) : null}
            </>
          )}
        </RecordList>
      </section>

      <section className="grid gap-2">
        <h2 className="text-lg font-bold">Pesos</h2>
        <WeightList pesos={pesos} testId="pet-pesos" byWhom />
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <Field id="peso" label="Peso (kg)">
            <Input inputMode="decimal" maxLength={8} required />
          </Field>
          <Field id="medidoEm" label="Dia">
            <Input type="date" defaultValue={today} required />
          </Field>
          <Button type="submit" name="intent" value="peso">
            Registrar peso
          </Button>
        </Form>
      </section>

      <section className="grid gap-2">
        <h2 className="text-lg font-bold">Observações da equipe</h2>
        <ul className="grid gap-2 text-sm" data-testid="pet-notas">
          {notas.map((n) => (
            <li key={n.id} className="whitespace-pre-line rounded-lg bg-slate-50 p-2">
              <span className="text-slate-500">{formatDateTime(n.createdAt)}</span> {n.texto}
            </li>
          ))}
        </ul>
        <Form method="post" className="grid gap-2">
          <Field id="texto" label="Nova observação">
            <Textarea maxLength={PET_LIMITS.nota} rows={3} required />
          </Field>
          <Button type="submit" name="intent" value="nota" className="justify-self-start">
            Salvar observação
          </Button>
        </Form>
      </section>

      {outros.length > 0 ? (
        <section className="grid gap-2">
          <h2 className="text-lg font-bold">Juntar pets</h2>
          <p className="text-sm text-slate-600">
            O outro registro é o mesmo animal? Os pesos, vacinas, observações e agendamentos dele
            passam para este, e ele sai das listas.
          </p>
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <PetMergeFields nome={pet.nome} outros={outros} />
          </Form>
        </section>
      ) : null}
    </div>
  );
}
