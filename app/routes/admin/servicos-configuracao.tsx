// /admin/servicos/configuracao: grooming settings (issue 28): each unit's agenda (drop-off
// times per weekday, capacity in points, points per size, per-size limits, notice, window,
// cancellation, initial status), its closed dates, and the services with their price table.

import { Form } from "react-router";
import { adminPage } from "~/components/admin/page";
import { AdminPageHeader } from "~/components/admin/page-header";
import { IntentForm } from "~/components/forms/intent-form";
import { useActionResult } from "~/components/forms/use-action-result";
import { Button } from "~/components/ui/button";
import { CheckboxLabel } from "~/components/ui/checkbox-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NamedOptions, Select } from "~/components/ui/select";
import { shopDay } from "~/domain/dates";
import { formatBRLNumber } from "~/domain/money";
import { countText } from "~/domain/text";
import { unitsInScope } from "~/domain/unit-scope";
import { chatLink, externalLinkProps } from "~/domain/whatsapp";
import { adminAction, adminLoader } from "~/modules/accounts/index.server";
import {
  agendaSchema,
  closedDateMessage,
  dayLabel,
  PELAGEM_LABEL,
  PELAGENS,
  PORTES,
  serviceSchema,
} from "~/modules/grooming";
import * as grooming from "~/modules/grooming/index.server";
import { adminIntent, fail, firstIssue, ok } from "~/platform/admin/action.server";
import { now } from "~/platform/clock.server";
import type { Route } from "./+types/servicos-configuracao";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Configuração de Banho & Tosa",
  capability: "servicos.configurar",
  failure: "Erro ao carregar a configuração",
});

const WEEKDAY_NAMES = ["Domingo", "Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"];
const UUID = /^[0-9a-f-]{36}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const loader = adminLoader(handle, async ({ request }: Route.LoaderArgs, { staff }) => {
  // A person bound to some units configures only theirs (decision 0069).
  const units = unitsInScope(staff, await grooming.listUnitsWithAgenda());
  const param = new URL(request.url).searchParams.get("unidade");
  const unit = units.find((u) => u.id === param) ?? units.find((u) => u.agenda) ?? units[0] ?? null;
  const closed = unit ? await grooming.listClosedDates(unit.id, shopDay(now())) : [];
  const services = await grooming.listGroomingServices();
  return { units: units.map((u) => ({ id: u.id, nome: u.nome })), unit, closed, services };
});

/** The unit and the day a closing names, else the refusal that says which is missing. */
function closingDay(fields: Record<string, string>) {
  const { unidadeId = "", data = "" } = fields;
  return UUID.test(unidadeId) && DAY.test(data) ? { unidadeId, data } : null;
}

export const action = adminAction(
  {
    agenda: adminIntent({
      schema: agendaSchema,
      refusal: firstIssue,
      failure: "Erro ao salvar a agenda",
      run: async (agenda, { fields, actor }) => {
        const { unidadeId } = fields;
        if (!unidadeId || !UUID.test(unidadeId)) return fail("agenda", "Unidade inválida");
        await grooming.saveGroomingAgenda(unidadeId, agenda, actor);
        return ok("agenda", "Agenda salva");
      },
    }),
    servico: adminIntent({
      schema: serviceSchema,
      refusal: firstIssue,
      failure: "Erro ao salvar o serviço",
      run: async (service, { actor }) =>
        `Serviço "${(await grooming.saveGroomingService(service, actor)).nome}" salvo`,
    }),
    reabrir: adminIntent({
      failure: "Erro ao reabrir a data",
      run: async (fields, { actor }) => {
        const day = closingDay(fields);
        if (!day) return fail("reabrir", "Escolha a data", 422);
        await grooming.reopenGroomingDate(day.unidadeId, day.data, actor);
        return ok("reabrir", "Data reaberta");
      },
    }),
    fechar: adminIntent({
      failure: "Erro ao fechar a data",
      run: async (fields, { actor }) => {
        const day = closingDay(fields);
        if (!day) return fail("fechar", "Escolha a data", 422);
        const affected = await grooming.closeGroomingDate(
          day.unidadeId,
          day.data,
          fields.motivo?.trim() || null,
          actor,
        );
        return {
          ...ok(
            "fechar",
            "Data fechada",
            affected.length
              ? `${countText(affected.length, "agendamento")} nesse dia: avise e remarque`
              : undefined,
          ),
          afetados: affected.map((a) => ({
            numero: a.numero,
            horario: a.horario,
            nomeTutor: a.nomeTutor,
            whatsapp: a.whatsapp,
            data: a.data,
          })),
        };
      },
    }),
  },
  { capability: handle.capability },
);

function AgendaForm({ unit }: { unit: NonNullable<Route.ComponentProps["loaderData"]["unit"]> }) {
  const a = unit.agenda;
  return (
    <IntentForm
      intent="agenda"
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4"
    >
      <input type="hidden" name="unidadeId" value={unit.id} />
      <h2 className="text-lg font-bold">Agenda da {unit.nome}</h2>
      <CheckboxLabel
        id="ativo"
        name="ativo"
        defaultChecked={a?.ativo ?? true}
        label="Aceita agendamentos pelo site"
      />
      <div className="grid gap-2 sm:grid-cols-2">
        {WEEKDAY_NAMES.map((name, d) => (
          <div key={name} className="grid gap-1">
            <Label htmlFor={`horarios_${d}`}>{name}: horários de entrega</Label>
            <Input
              id={`horarios_${d}`}
              name={`horarios_${d}`}
              defaultValue={(a?.horarios[d] ?? []).join(", ")}
              placeholder="08:00, 09:00, 13:30"
            />
          </div>
        ))}
      </div>
      <div className="grid gap-2 sm:grid-cols-3">
        <NumberField
          name="capacidadeHorario"
          label="Pontos por horário"
          value={a?.capacidadeHorario ?? 6}
        />
        <NumberField name="capacidadeDia" label="Pontos por dia" value={a?.capacidadeDia ?? 16} />
        <NumberField
          name="antecedenciaHoras"
          label="Antecedência mínima (h)"
          value={a?.antecedenciaHoras ?? 2}
        />
        <NumberField name="diasAFrente" label="Dias à frente" value={a?.diasAFrente ?? 30} />
        <NumberField
          name="cancelamentoHoras"
          label="Cancelar até (h antes)"
          value={a?.cancelamentoHoras ?? 24}
        />
        <NumberField
          name="confirmarEmHoras"
          label="Solicitado sem confirmação libera em (h)"
          value={a?.confirmarEmHoras ?? 12}
        />
        <div className="grid gap-1">
          <Label htmlFor="statusInicial">Agendamento do site começa</Label>
          <Select
            id="statusInicial"
            name="statusInicial"
            defaultValue={a?.statusInicial ?? "solicitado"}
          >
            <option value="solicitado">Solicitado (a equipe confirma)</option>
            <option value="confirmado">Confirmado</option>
          </Select>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {PORTES.map((p) => (
          <NumberField
            key={p}
            name={`pontos_${p}`}
            label={`Pontos ${p}`}
            value={a?.pontos[p] ?? { P: 1, M: 1, G: 2, GG: 3 }[p]}
          />
        ))}
        {PORTES.map((p) => (
          <NumberField
            key={p}
            name={`limite_${p}`}
            label={`Máx. ${p} por dia`}
            value={a?.limitesPorte[p] ?? ""}
          />
        ))}
      </div>
      <Button type="submit">Salvar agenda</Button>
    </IntentForm>
  );
}

function NumberField({
  name,
  label,
  value,
}: {
  name: string;
  label: string;
  value: number | string;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={name}>{label}</Label>
      <Input id={name} name={name} inputMode="numeric" defaultValue={String(value)} />
    </div>
  );
}

type Service = Route.ComponentProps["loaderData"]["services"][number];

/** A service's yes-or-no settings, as the form names them, and what a new service starts with. */
const SERVICE_FLAGS = [
  { id: "ativo", name: "ativo", label: "Ativo", initial: true },
  { id: "online", name: "agendavelOnline", label: "Agendável online", initial: true },
  {
    id: "orcamento",
    name: "exigeOrcamentoPrimeiraVez",
    label: "Primeira vez exige orçamento com fotos",
    initial: false,
  },
  { id: "adicional", name: "adicional", label: "Adicional", initial: false },
] as const;

function ServiceForm({ service }: { service: Service | null }) {
  const prefix = service?.slug ?? "novo";
  const cell = (porte: string, pelagem: string) =>
    service?.precos.find((c) => c.porte === porte && c.pelagem === pelagem);
  return (
    <IntentForm intent="servico" className="grid gap-3">
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="grid gap-1">
          <Label htmlFor={`${prefix}-nome`}>Nome</Label>
          <Input id={`${prefix}-nome`} name="nome" defaultValue={service?.nome ?? ""} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${prefix}-slug`}>Identificador</Label>
          <Input
            id={`${prefix}-slug`}
            name="slug"
            defaultValue={service?.slug ?? ""}
            readOnly={!!service}
          />
        </div>
        <div className="grid gap-1 sm:col-span-2">
          <Label htmlFor={`${prefix}-descricao`}>Descrição</Label>
          <Input
            id={`${prefix}-descricao`}
            name="descricao"
            defaultValue={service?.descricao ?? ""}
          />
        </div>
      </div>
      <table className="text-sm">
        <thead>
          <tr>
            <th scope="col">Porte</th>
            {PELAGENS.map((c) => (
              <th key={c} scope="col" colSpan={2}>
                {PELAGEM_LABEL[c]}: R$ · min
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PORTES.map((p) => (
            <tr key={p}>
              <th scope="row">{p}</th>
              {PELAGENS.map((c) => (
                <td key={c} colSpan={2}>
                  <span className="flex gap-1">
                    <Input
                      aria-label={`Preço ${p} ${c}`}
                      name={`preco_${p}_${c}`}
                      inputMode="decimal"
                      defaultValue={cell(p, c) ? formatBRLNumber(cell(p, c)!.preco) : ""}
                    />
                    <Input
                      aria-label={`Minutos ${p} ${c}`}
                      name={`duracao_${p}_${c}`}
                      inputMode="numeric"
                      defaultValue={cell(p, c)?.duracaoMinutos ?? ""}
                    />
                  </span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex flex-wrap gap-4">
        {SERVICE_FLAGS.map((flag) => (
          <CheckboxLabel
            key={flag.name}
            id={`${prefix}-${flag.id}`}
            name={flag.name}
            defaultChecked={service?.[flag.name] ?? flag.initial}
            label={flag.label}
          />
        ))}
      </div>
      <input type="hidden" name="posicao" value={String(service?.posicao ?? 0)} />
      <Button type="submit">Salvar serviço</Button>
    </IntentForm>
  );
}

export default function ConfiguracaoBanho({ loaderData }: Route.ComponentProps) {
  const { result } = useActionResult<typeof action>();
  const { units, unit, closed, services } = loaderData;
  const afetados = result && "afetados" in result ? result.afetados : [];
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Configuração de Banho & Tosa"
        description={
          <span className="flex flex-wrap gap-3">
            <a className="text-brand-700 underline" href="/admin/servicos/agenda">
              Agenda do dia
            </a>
            <a className="text-brand-700 underline" href="/admin/servicos/pacotes">
              Pacotes de banho
            </a>
          </span>
        }
      />
      <Form method="get" className="flex items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor="unidade">Unidade</Label>
          <Select id="unidade" name="unidade" defaultValue={unit?.id ?? ""}>
            <NamedOptions items={units} />
          </Select>
        </div>
        <Button type="submit" variant="outline">
          Abrir
        </Button>
      </Form>
      {unit ? <AgendaForm key={unit.id} unit={unit} /> : null}
      {unit ? (
        <section className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4">
          <h2 className="text-lg font-bold">Datas fechadas</h2>
          <ul className="grid gap-1">
            {closed.map((c) => (
              <li key={c.data} className="flex items-center gap-2">
                {dayLabel(c.data)} {c.motivo ? `· ${c.motivo}` : ""}
                <IntentForm intent="reabrir">
                  <input type="hidden" name="unidadeId" value={unit.id} />
                  <input type="hidden" name="data" value={c.data} />
                  <Button type="submit" size="sm" variant="outline">
                    Reabrir
                  </Button>
                </IntentForm>
              </li>
            ))}
          </ul>
          <IntentForm intent="fechar" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="unidadeId" value={unit.id} />
            <div className="grid gap-1">
              <Label htmlFor="fechar-data">Data</Label>
              <Input id="fechar-data" name="data" type="date" />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="fechar-motivo">Motivo</Label>
              <Input id="fechar-motivo" name="motivo" placeholder="Feriado" />
            </div>
            <Button type="submit">Fechar data</Button>
          </IntentForm>
          {afetados.length > 0 ? (
            <div className="rounded-lg bg-amber-50 p-3">
              <p className="font-semibold">Agendamentos nesse dia: avisar e remarcar</p>
              <ul>
                {afetados.map((a) => (
                  <li key={a.numero}>
                    <a
                      className="text-brand-700 underline"
                      href={chatLink(
                        a.whatsapp,
                        closedDateMessage(a.nomeTutor, a.data, a.horario, unit.nome),
                      )}
                      {...externalLinkProps}
                    >
                      {a.horario} · {a.nomeTutor} ({a.numero}): avisar e remarcar
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
      ) : null}
      <section className="grid gap-3">
        <h2 className="text-lg font-bold">Serviços</h2>
        {services.map((s) => (
          <details key={s.id} className="rounded-xl border border-slate-200 bg-white p-4">
            <summary className="cursor-pointer font-semibold">
              {s.nome}
              {s.ativo ? "" : " (inativo)"}
            </summary>
            <ServiceForm service={s} />
          </details>
        ))}
        <details className="rounded-xl border border-slate-200 bg-white p-4">
          <summary className="cursor-pointer font-semibold">Novo serviço</summary>
          <ServiceForm service={null} />
        </details>
      </section>
    </div>
  );
}
