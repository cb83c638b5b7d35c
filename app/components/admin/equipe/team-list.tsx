// The people of the team: role, units, last sign-in, 2FA, and, behind "Gerenciar", their
// access, deactivation, sessions, password reset and recent activity (plain forms).
import { Users } from "lucide-react";
import { IntentForm } from "~/components/forms/intent-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { formatDateTime } from "~/domain/dates";
import { PAPEL_LABEL } from "~/domain/permissions";
import { type FormResult, resultErrors } from "~/lib/form-result";
import { auditActionLabel, type MemberActivityRow, type TeamMember } from "~/modules/accounts";
import { RoleSelect, type UnitOption, UnitsFieldset, unitsText } from "./units-fieldset";

type Dated<T, K extends keyof T> = Omit<T, K> & {
  [P in K]: T[P] extends Date ? Date | string : Date | string | null;
};
type Member = Dated<TeamMember, "ultimoLoginEm" | "convidadoEm"> & {
  atividade: Dated<MemberActivityRow, "createdAt">[];
};

function PostButton({
  intent,
  id,
  label,
  variant = "outline",
}: {
  intent: string;
  id: string;
  label: string;
  variant?: "outline" | "destructive";
}) {
  return (
    <IntentForm intent={intent} recordId={id}>
      <Button type="submit" variant={variant}>
        {label}
      </Button>
    </IntentForm>
  );
}

function MemberCard({
  member: m,
  units,
  me,
  result,
}: {
  member: Member;
  units: UnitOption[];
  me: boolean;
  result: (FormResult & { intent?: string }) | null | undefined;
}) {
  const errors = result?.intent === "acesso" ? resultErrors(result) : {};
  const slug = m.id.slice(0, 8);
  return (
    <li
      className="grid gap-2 rounded-lg border border-slate-200 p-3"
      data-testid="pessoa"
      data-email={m.email}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-900">{m.nome || m.email}</span>
        <Badge variant={m.papel === "dono" ? "default" : "secondary"}>{PAPEL_LABEL[m.papel]}</Badge>
        {m.ativo ? null : <Badge variant="red">Desativado(a)</Badge>}
        <Badge variant={m.totpAtivo ? "green" : "warning"}>
          2FA {m.totpAtivo ? "ativa" : "desligada"}
        </Badge>
        {me ? <Badge variant="outline">Você</Badge> : null}
      </div>
      <p className="break-all text-sm text-slate-700">{m.email}</p>
      <dl className="grid gap-1 text-sm text-slate-600 sm:grid-cols-2">
        <div>
          <dt className="inline font-medium text-slate-800">Unidades: </dt>
          <dd className="inline">{unitsText(m.todasUnidades, m.unidadeIds, units)}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-800">Último acesso: </dt>
          <dd className="inline">{m.ultimoLoginEm ? formatDateTime(m.ultimoLoginEm) : "nunca"}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-800">Sessões abertas: </dt>
          <dd className="inline">{m.sessoes}</dd>
        </div>
      </dl>
      <details className="rounded-md border border-slate-200 p-2">
        <summary className="min-h-11 cursor-pointer content-center font-medium text-brand-700">
          Gerenciar {m.nome || m.email}
        </summary>
        <div className="mt-3 grid gap-4">
          <IntentForm
            intent="acesso"
            recordId={m.id}
            className="grid gap-3"
            aria-label={`Acesso de ${m.nome || m.email}`}
          >
            <RoleSelect id={`acesso-${slug}-papel`} defaultValue={m.papel} error={errors.papel} />
            <UnitsFieldset
              prefix={`acesso-${slug}`}
              units={units.filter((u) => u.ativo || m.unidadeIds.includes(u.id))}
              todas={m.todasUnidades}
              chosen={m.unidadeIds}
              error={errors.unidadeIds}
            />
            <Button type="submit" className="sm:justify-self-start">
              Salvar papel e unidades
            </Button>
          </IntentForm>
          <div className="flex flex-wrap gap-2">
            {me ? null : m.ativo ? (
              <PostButton intent="desativar" id={m.id} label="Desativar" variant="destructive" />
            ) : (
              <PostButton intent="reativar" id={m.id} label="Reativar" />
            )}
            {me ? null : (
              <PostButton intent="encerrar_sessoes" id={m.id} label="Encerrar sessões" />
            )}
            {m.ativo ? (
              <PostButton intent="redefinir_senha" id={m.id} label="Enviar redefinição de senha" />
            ) : null}
          </div>
          <div>
            <h3 className="mb-1 text-sm font-semibold text-slate-900">Atividade recente</h3>
            {m.atividade.length === 0 ? (
              <p className="text-sm text-slate-600">Nada registrado ainda.</p>
            ) : (
              <ol className="grid gap-1 text-sm" data-testid="atividade">
                {m.atividade.map((a) => (
                  <li key={a.id} className="flex flex-wrap gap-x-2">
                    <time className="tabular-nums text-slate-600">
                      {formatDateTime(a.createdAt)}
                    </time>
                    <span className="text-slate-900">{auditActionLabel(a.action)}</span>
                    {a.resourceType ? (
                      <span className="text-slate-500">({a.resourceType})</span>
                    ) : null}
                  </li>
                ))}
              </ol>
            )}
          </div>
        </div>
      </details>
    </li>
  );
}

export function TeamList({
  team,
  units,
  meId,
  result,
}: {
  team: Member[];
  units: UnitOption[];
  meId: string;
  result: (FormResult & { intent?: string }) | null | undefined;
}) {
  return (
    <SectionCard title="Pessoas" icon={Users} description={`${team.length} na equipe`}>
      <ul className="grid gap-3">
        {team.map((m) => (
          <MemberCard key={m.id} member={m} units={units} me={m.id === meId} result={result} />
        ))}
      </ul>
    </SectionCard>
  );
}
