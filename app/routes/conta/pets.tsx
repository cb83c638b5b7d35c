// "Minha conta" → "Meus pets" (issue 42 point 3): the customer's pets and "Adicionar pet".
// Plain forms (the account is served without React in the browser).
import { data, redirect, useActionData, useLoaderData } from "react-router";
import { PetFields } from "~/components/conta/pet-fields";
import { Button } from "~/components/ui/button";
import { formatIsoDate } from "~/domain/dates";
import { PELAGEM_LABEL, PORTE_LABEL } from "~/domain/pets";
import { listPets, petFormAction, requireCustomer } from "~/modules/customers/index.server";
import { packageBalances } from "~/modules/grooming/index.server";
import type { Route } from "./+types/pets";

const NO_STORE = { "Cache-Control": "private, no-store" };

export function meta() {
  return [{ title: "Meus pets" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return NO_STORE;
}

export async function loader({ request }: Route.LoaderArgs) {
  const { cliente } = await requireCustomer(request);
  const pets = await listPets(cliente.id);
  // Packages of baths with sessions left (decision 0087).
  const pacotes = await packageBalances(pets.map((p) => p.id));
  return data(
    {
      pets: pets.map((p) => ({
        id: p.id,
        nome: p.nome,
        porte: p.porte,
        pelagem: p.pelagem,
        porteAConfirmar: p.porteAConfirmar,
        alertas: p.alertas,
        fotoUrl: p.fotoUrl,
        pacotes: pacotes
          .filter((b) => b.petId === p.id)
          .map((b) => ({
            nome: b.nome,
            restantes: b.restantes,
            sessoes: b.sessoes,
            validoAte: b.validoAte,
          })),
      })),
    },
    { headers: NO_STORE },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const { cliente } = await requireCustomer(request);
  const result = await petFormAction(cliente.id, null, request);
  if (result.ok) return redirect(result.redirect, { status: 303 });
  return data(result, { status: result.status, headers: NO_STORE });
}

export default function MyPets() {
  const { pets } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <div className="grid gap-6">
      <section className="grid gap-3">
        <h2 className="text-xl font-bold">Meus pets</h2>
        {pets.length === 0 ? (
          <p className="text-sm text-slate-600">
            Nenhum pet ainda. Adicione abaixo: o agendamento do banho e tosa já vem preenchido.
          </p>
        ) : (
          <ul className="grid gap-2" data-testid="meus-pets">
            {pets.map((p) => (
              <li key={p.id}>
                <a
                  href={`/conta/pets/${p.id}`}
                  className="flex min-h-11 items-center gap-3 rounded-xl border border-slate-200 bg-white p-3"
                >
                  {p.fotoUrl ? (
                    <img
                      src={p.fotoUrl}
                      alt=""
                      className="size-12 shrink-0 rounded-full object-cover"
                    />
                  ) : null}
                  <span className="min-w-0">
                    <span className="block font-semibold text-brand-700 underline">{p.nome}</span>
                    <span className="block text-sm text-slate-600">
                      {PORTE_LABEL[p.porte]} · {PELAGEM_LABEL[p.pelagem]}
                      {p.porteAConfirmar ? " · porte a confirmar" : ""}
                    </span>
                    {p.pacotes.map((b) => (
                      <span
                        key={`${b.nome}-${b.validoAte}`}
                        className="block text-sm font-semibold text-emerald-800"
                        data-testid="pacote"
                      >
                        {b.nome}: {b.restantes} de {b.sessoes}{" "}
                        {b.sessoes === 1 ? "sessão" : "sessões"} · vale até{" "}
                        {formatIsoDate(b.validoAte)}
                      </span>
                    ))}
                    {p.alertas ? (
                      <span className="block break-words text-sm font-semibold text-red-800">
                        {p.alertas}
                      </span>
                    ) : null}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
        {pets.length > 0 ? (
          <a className="font-semibold text-brand-700 underline" href="/servicos/agendar">
            Agendar banho e tosa
          </a>
        ) : null}
      </section>
      <section className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="adicionar" className="text-lg font-bold">
          Adicionar pet
        </h2>
        {refused?.errors.form ? (
          <p role="alert" className="font-medium text-red-700">
            {refused.errors.form}
          </p>
        ) : null}
        <form method="post" encType="multipart/form-data" className="grid gap-4" noValidate>
          <PetFields values={refused?.values ?? {}} errors={refused?.errors ?? {}} />
          <Button type="submit" className="justify-self-start">
            Adicionar pet
          </Button>
        </form>
      </section>
    </div>
  );
}
