// /admin/servicos/pacotes: "Pacotes de banho" (issue 45 point 5, decision 0087). The owner or
// manager defines each offer (the services it covers, size and coat, price, sessions, validity
// in days) and edits or deactivates it; a package already sold keeps what it was sold with.
// The counter sells one from the pet's page. Plain forms.
import { href } from "react-router";
import { adminPage } from "~/components/admin/page";
import { AdminPageHeader } from "~/components/admin/page-header";
import { IntentForm } from "~/components/forms/intent-form";
import { useActionResult } from "~/components/forms/use-action-result";
import { Button } from "~/components/ui/button";
import { CheckboxLabel } from "~/components/ui/checkbox-field";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { RecordList } from "~/components/ui/record-list";
import { Select, SelectOptions } from "~/components/ui/select";
import { formatBRL, formatBRLNumber, parseBRL } from "~/domain/money";
import { adminAction, adminLoader } from "~/modules/accounts/index.server";
import { PELAGEM_LABEL, PELAGENS, PORTE_LABEL, PORTES } from "~/modules/grooming";
import { listGroomingServices, listPackages, savePackage } from "~/modules/grooming/index.server";
import { adminIntent } from "~/platform/admin/action.server";
import { AdminError } from "~/platform/admin/actor.server";
import type { Route } from "./+types/servicos-pacotes";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Pacotes de banho",
  capability: "servicos.configurar",
  failure: "Erro ao carregar os pacotes",
});

export const loader = adminLoader(handle, async ({ request }: Route.LoaderArgs, { reads }) => {
  const [pacotes, services] = await reads(() =>
    Promise.all([listPackages(), listGroomingServices()]),
  );
  const editar = new URL(request.url).searchParams.get("editar");
  return {
    pacotes,
    services: services.map((s) => ({ id: s.id, nome: s.nome, ativo: s.ativo })),
    editando: pacotes.find((p) => p.id === editar) ?? null,
  };
});

const int = (v: string | undefined) => (/^\d{1,4}$/.test(v ?? "") ? Number(v) : Number.NaN);

/** The picked value when the list has it; else none ("Qualquer porte", an unknown value). */
const oneOf = <V extends string>(values: readonly V[], value: string | undefined) =>
  (values as readonly string[]).includes(value ?? "") ? (value as V) : null;

/** The offer's optional limits: each a pick among its list, or any. */
const LIMITS: readonly {
  id: "porte" | "pelagem";
  label: string;
  any: string;
  values: readonly string[];
  labels: Readonly<Record<string, string>>;
}[] = [
  { id: "porte", label: "Porte", any: "Qualquer porte", values: PORTES, labels: PORTE_LABEL },
  {
    id: "pelagem",
    label: "Pelagem",
    any: "Qualquer pelagem",
    values: PELAGENS,
    labels: PELAGEM_LABEL,
  },
];

/** The offer's counts: how many sessions, how many days they are valid. */
const COUNTS = [
  { id: "sessoes", label: "Sessões", max: 52, initial: 4 },
  { id: "validadeDias", label: "Validade (dias)", max: 730, initial: 30 },
] as const;

export const action = adminAction(
  {
    pacote: adminIntent({
      capability: "servicos.configurar",
      failure: "Erro ao salvar o pacote",
      run: async (fields: Record<string, string>, { actor, form }) => {
        // Checkboxes: every service ticked (the fields keep only one).
        const input: Record<string, string | undefined> = fields;
        const servicoIds = form.getAll("servicoIds").map(String);
        const preco = parseBRL(input.preco ?? "");
        if (preco === null) throw new AdminError("Informe o preço do pacote", "preco");
        const id = /^[0-9a-f-]{36}$/i.test(input.id ?? "") ? input.id! : null;
        const row = await savePackage(
          {
            nome: (input.nome ?? "").slice(0, 200),
            servicoIds: servicoIds.slice(0, 30),
            porte: oneOf(PORTES, input.porte),
            pelagem: oneOf(PELAGENS, input.pelagem),
            preco,
            sessoes: int(input.sessoes),
            validadeDias: int(input.validadeDias),
            ativo: input.ativo === "on",
          },
          actor,
          id,
        );
        return `${row.nome} salvo (${formatBRL(row.preco)}, ${row.sessoes} sessões, ${row.validadeDias} dias)`;
      },
    }),
  },
  { capability: "servicos.configurar", noControlChars: true },
);

export default function PacotesBanho({ loaderData }: Route.ComponentProps) {
  const { result, errors } = useActionResult<typeof action>();
  const { pacotes, services, editando: e } = loaderData;
  const nameOf = (id: string) => services.find((s) => s.id === id)?.nome ?? "serviço removido";
  return (
    <div className="grid max-w-3xl gap-6">
      <AdminPageHeader
        title="Pacotes de banho"
        description="Vendidos no balcão pela página do pet; cada banho entregue desconta uma sessão."
        back={{ to: href("/admin/servicos/configuracao"), label: "Configuração" }}
      />
      {result && !result.ok && result.message ? (
        <p role="alert" className="font-semibold text-red-700">
          {result.message}
        </p>
      ) : null}
      <RecordList
        items={pacotes}
        empty="Nenhum pacote definido ainda."
        keyOf={(p) => p.id}
        itemClassName="grid gap-1"
        data-testid="pacotes"
      >
        {(p) => (
          <>
            <p className="font-semibold">
              {p.nome} · {formatBRL(p.preco)}
              {p.ativo ? "" : " · inativo"}
            </p>
            <p>
              {p.sessoes} sessões · vale {p.validadeDias} dias ·{" "}
              {p.servicoIds.map(nameOf).join(", ")}
              {p.porte ? ` · porte ${PORTE_LABEL[p.porte]}` : ""}
              {p.pelagem ? ` · ${PELAGEM_LABEL[p.pelagem]}` : ""}
            </p>
            <a className="text-brand-700 underline" href={`?editar=${p.id}`}>
              Editar
            </a>
          </>
        )}
      </RecordList>
      <section className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-bold">{e ? `Editar ${e.nome}` : "Novo pacote"}</h2>
        <IntentForm intent="pacote" className="grid gap-3" key={e?.id ?? "novo"}>
          {e ? <input type="hidden" name="id" value={e.id} /> : null}
          <Field id="nome" label="Nome" error={errors.nome}>
            <Input
              defaultValue={e?.nome ?? ""}
              placeholder="Pacote 4 banhos"
              maxLength={80}
              required
            />
          </Field>
          <fieldset className="grid gap-1">
            <legend className="text-sm font-medium">Serviços cobertos</legend>
            {errors.servicoIds ? (
              <p role="alert" className="text-sm font-medium text-red-700">
                {errors.servicoIds}
              </p>
            ) : null}
            {services
              .filter((s) => s.ativo || e?.servicoIds.includes(s.id))
              .map((s) => (
                <CheckboxLabel
                  key={s.id}
                  id={`servico-${s.id}`}
                  name="servicoIds"
                  value={s.id}
                  label={s.nome}
                  defaultChecked={e?.servicoIds.includes(s.id) ?? false}
                />
              ))}
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-2">
            {LIMITS.map((limit) => (
              <Field key={limit.id} id={limit.id} label={limit.label}>
                <Select defaultValue={e?.[limit.id] ?? ""}>
                  <option value="">{limit.any}</option>
                  <SelectOptions values={limit.values} labels={limit.labels} />
                </Select>
              </Field>
            ))}
            <Field id="preco" label="Preço (R$)" error={errors.preco}>
              <Input
                inputMode="decimal"
                defaultValue={e ? formatBRLNumber(e.preco) : ""}
                maxLength={12}
                required
              />
            </Field>
            {COUNTS.map((count) => (
              <Field key={count.id} id={count.id} label={count.label} error={errors[count.id]}>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={count.max}
                  defaultValue={e?.[count.id] ?? count.initial}
                  required
                />
              </Field>
            ))}
          </div>
          <CheckboxLabel
            id="ativo"
            name="ativo"
            label="À venda"
            defaultChecked={e?.ativo ?? true}
          />
          <Button type="submit" className="justify-self-start">
            {e ? "Salvar pacote" : "Criar pacote"}
          </Button>
        </IntentForm>
      </section>
    </div>
  );
}
