// "Meus pets" → one pet (issue 42 point 3): its data and photo, weights over time, vaccines
// ("Enviada" until the staff mark "Conferida") and "Juntar pets". A pet of someone else is
// the same 404 as one that does not exist. Plain forms, one column on a phone.
import { data, redirect, useActionData, useLoaderData } from "react-router";
import { PetFields } from "~/components/conta/pet-fields";
import { VaccineDates, WeightList } from "~/components/conta/pet-history";
import { PetMergeFields } from "~/components/conta/pet-merge";
import { PetPackages } from "~/components/conta/pet-packages";
import { SubPageTop } from "~/components/conta/sub-page-top";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { SITUACAO_VACINA_LABEL, VACINAS_COMUNS } from "~/domain/pets";
import { PET_LIMITS } from "~/modules/customers";
import {
  customerPet,
  listPets,
  petFormAction,
  requireCustomer,
} from "~/modules/customers/index.server";
import {
  buyPackageOnline,
  petPackagesView,
  syncWaitingPackageCard,
} from "~/modules/grooming/index.server";
import { now } from "~/platform/clock.server";
import { readForm } from "~/platform/request-info.server";
import { siteOrigin } from "~/platform/site-url.server";
import type { Route } from "./+types/pet";

const NO_STORE = { "Cache-Control": "private, no-store" };

const DONE: Record<string, string> = {
  novo: "Pet adicionado.",
  salvo: "Dados salvos.",
  peso: "Peso registrado.",
  pacote: "Pacote reservado: pague o Pix abaixo para ativá-lo.",
  vacina: "Vacina enviada: a equipe confere no próximo atendimento.",
  juntar: "Pets juntados: os pesos, vacinas e agendamentos estão todos aqui.",
};

export function meta() {
  return [{ title: "Meu pet" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return NO_STORE;
}

const notFound = () => data({ message: "Pet não encontrado" }, { status: 404, headers: NO_STORE });

export async function loader({ request, params }: Route.LoaderArgs) {
  const { cliente } = await requireCustomer(request);
  const record = await customerPet(cliente.id, params.id);
  if (!record) throw notFound();
  const outros = (await listPets(cliente.id)).filter((p) => p.id !== record.pet.id);
  const feito = new URL(request.url).searchParams.get("feito") ?? "";
  const hoje = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(now());
  const { pet } = record;
  // Back from the provider's page: its answer is read there, never from the address.
  await syncWaitingPackageCard(pet.id);
  const pacotes = await petPackagesView(pet);
  return data(
    {
      pacotes,
      pet: {
        id: pet.id,
        nome: pet.nome,
        especie: pet.especie,
        raca: pet.raca,
        porte: pet.porte,
        pelagem: pet.pelagem,
        porteAConfirmar: pet.porteAConfirmar,
        nascimento: pet.nascimento,
        sexo: pet.sexo,
        castrado: pet.castrado,
        alertas: pet.alertas,
        veterinarioNome: pet.veterinarioNome,
        veterinarioTelefone: pet.veterinarioTelefone,
        rgPet: pet.rgPet,
        fotoUrl: pet.fotoUrl,
      },
      pesos: record.pesos.map((p) => ({ id: p.id, gramas: p.gramas, medidoEm: p.medidoEm })),
      vacinas: record.vacinas.map((v) => ({
        id: v.id,
        tipo: v.tipo,
        aplicadaEm: v.aplicadaEm,
        validaAte: v.validaAte,
        situacao: v.situacao,
        comprovante: v.comprovanteKey !== null,
      })),
      outros: outros.map((p) => ({ id: p.id, nome: p.nome })),
      feito: DONE[feito] ?? null,
      hoje,
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const { cliente } = await requireCustomer(request);
  const form = await readForm(request.clone());
  const intent = form.get("intent");
  if (intent === "comprar_pacote" || intent === "comprar_pacote_cartao") {
    // A package of baths paid by Pix (decision 0091) or card (0092): this customer's pet only.
    const record = await customerPet(cliente.id, params.id);
    if (!record) throw notFound();
    const tutor = { nome: cliente.nome, email: cliente.email };
    const pacoteId = String(form.get("pacoteId") ?? "");
    const bought = await buyPackageOnline(tutor, record.pet, pacoteId, {
      meio: intent === "comprar_pacote_cartao" ? "cartao" : "pix",
      novo: form.get("novo") === "1",
      origem: siteOrigin(request),
    });
    // By card: to the provider's page (a plain redirect), which sends the tutor back here.
    if (bought.ok && bought.url) return redirect(bought.url, 303);
    if (bought.ok) return redirect(`/conta/pets/${params.id}?feito=pacote#pacotes`, 303);
    return data(
      {
        ok: false as const,
        intent: "comprar_pacote",
        message: bought.message,
        errors: {} as Record<string, string>,
        values: {} as Record<string, string>,
      },
      { status: bought.status, headers: NO_STORE },
    );
  }
  const result = await petFormAction(cliente.id, params.id, request);
  if (result.ok) return redirect(result.redirect, { status: 303 });
  if (result.status === 404) throw notFound();
  return data(result, { status: result.status, headers: NO_STORE });
}

export default function MyPet() {
  const { pet, pesos, vacinas, outros, feito, hoje, pacotes } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const errorsOf = (intent: string) => (refused?.intent === intent ? refused.errors : {});
  const valuesOf = (intent: string) => (refused?.intent === intent ? refused.values : {});
  return (
    <div className="grid gap-6">
      <SubPageTop backTo="/conta/pets" backLabel="← Meus pets" done={feito} />
      <section className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <div className="flex items-center gap-3">
          {pet.fotoUrl ? (
            <img
              src={pet.fotoUrl}
              alt={`Foto de ${pet.nome}`}
              className="size-16 shrink-0 rounded-full object-cover"
            />
          ) : null}
          <h2 className="min-w-0 break-words text-xl font-bold">{pet.nome}</h2>
        </div>
        {pet.porteAConfirmar ? (
          <p className="text-sm text-slate-700" data-testid="porte-a-confirmar">
            Porte e pelagem a confirmar: a equipe confere quando você trouxer o pet, e o preço do
            banho segue o porte confirmado.
          </p>
        ) : null}
        {errorsOf("pet").form ? (
          <p role="alert" className="font-medium text-red-700">
            {errorsOf("pet").form}
          </p>
        ) : null}
        <form method="post" encType="multipart/form-data" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="pet" />
          <PetFields
            values={refused?.intent === "pet" ? refused.values : pet}
            errors={errorsOf("pet")}
          />
          <Button type="submit" className="justify-self-start">
            Salvar
          </Button>
        </form>
      </section>

      <PetPackages
        view={pacotes}
        erro={
          refused?.intent === "comprar_pacote" && "message" in refused
            ? String(refused.message)
            : null
        }
      />
      <section className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-bold">Vacinas</h2>
        {vacinas.length === 0 ? (
          <p className="text-sm text-slate-600">Nenhuma vacina informada.</p>
        ) : (
          <ul className="grid gap-2 text-sm" data-testid="vacinas">
            {vacinas.map((v) => (
              <li key={v.id} className="rounded-lg bg-slate-50 p-2">
                <VaccineDates vacina={v} />
                {v.validaAte && v.validaAte < hoje ? (
                  <span className="font-semibold text-red-700"> · vencida</span>
                ) : null}{" "}
                · <span data-testid="vacina-situacao">{SITUACAO_VACINA_LABEL[v.situacao]}</span>
                {v.comprovante ? (
                  <>
                    {" "}
                    ·{" "}
                    <a
                      className="text-brand-700 underline"
                      href={`/conta/pets/${pet.id}/vacinas/${v.id}`}
                    >
                      comprovante
                    </a>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <form method="post" encType="multipart/form-data" className="grid gap-3" noValidate>
          <input type="hidden" name="intent" value="vacina" />
          <Field id="tipo" label="Vacina" required error={errorsOf("vacina").tipo}>
            <Input
              list="vacinas-comuns"
              defaultValue={valuesOf("vacina").tipo ?? ""}
              maxLength={PET_LIMITS.vacinaTipo}
              required
            />
          </Field>
          <datalist id="vacinas-comuns">
            {VACINAS_COMUNS.map((v) => (
              <option key={v} value={v} />
            ))}
          </datalist>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              id="aplicadaEm"
              label="Aplicada em"
              required
              error={errorsOf("vacina").aplicadaEm}
            >
              <Input type="date" defaultValue={valuesOf("vacina").aplicadaEm ?? ""} required />
            </Field>
            <Field id="validaAte" label="Válida até" error={errorsOf("vacina").validaAte}>
              <Input type="date" defaultValue={valuesOf("vacina").validaAte ?? ""} />
            </Field>
          </div>
          <Field
            id="comprovante"
            label="Foto da carteirinha (opcional)"
            error={errorsOf("vacina").foto}
          >
            <Input type="file" accept="image/*" />
          </Field>
          <Button type="submit" variant="outline" className="justify-self-start">
            Enviar vacina
          </Button>
        </form>
      </section>

      <section className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-bold">Peso</h2>
        <WeightList pesos={pesos} testId="pesos" />
        <form method="post" className="flex flex-wrap items-end gap-3" noValidate>
          <input type="hidden" name="intent" value="peso" />
          <Field id="peso" label="Peso (kg)" required error={errorsOf("peso").peso}>
            <Input
              inputMode="decimal"
              maxLength={8}
              defaultValue={valuesOf("peso").peso ?? ""}
              className="w-28"
              required
            />
          </Field>
          <Field id="medidoEm" label="Dia" required error={errorsOf("peso").medidoEm}>
            <Input type="date" defaultValue={valuesOf("peso").medidoEm ?? hoje} required />
          </Field>
          <Button type="submit" variant="outline">
            Registrar peso
          </Button>
        </form>
      </section>

      {outros.length > 0 ? (
        <section className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4">
          <h2 className="text-lg font-bold">Juntar pets</h2>
          <p className="text-sm text-slate-600">
            Cadastrou o mesmo pet duas vezes? Escolha o outro registro: pesos, vacinas e
            agendamentos dele passam para {pet.nome}.
          </p>
          {errorsOf("juntar").form ? (
            <p role="alert" className="font-medium text-red-700">
              {errorsOf("juntar").form}
            </p>
          ) : null}
          <form method="post" className="flex flex-wrap items-end gap-3">
            <PetMergeFields nome={pet.nome} outros={outros} />
          </form>
        </section>
      ) : null}
    </div>
  );
}
