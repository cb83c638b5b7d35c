// The security screen's two tables: the latest audit entries and the rate-limit counters,
// each blocked counter with its unblock button.
import { Unlock } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { TitledSection } from "~/components/admin/titled-section";
import { IntentFields } from "~/components/forms/intent-form";
import { useFormResult } from "~/components/forms/use-form-result";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import { formatDateTime } from "~/domain/dates";
import type { FormResult } from "~/lib/form-result";
import type { SecurityOverview as Overview } from "~/modules/accounts";
import { auditActionLabel, auditBadgeVariant, shortResourceId } from "~/modules/accounts";

export function AuditTable({ entries }: { entries: Overview["auditoria"] }) {
  if (entries.length === 0) {
    return <TableEmpty>Nenhum registro de auditoria.</TableEmpty>;
  }
  return (
    <Table data-testid="audit-table">
      <TableCaption>Últimos 50 registros de auditoria</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Data</TableHead>
          <TableHead>Ação</TableHead>
          <TableHead>Por</TableHead>
          <TableHead>Recurso</TableHead>
          <TableHead>Detalhes</TableHead>
          <TableHead>IP</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id} className="align-top">
            <TableCell className="whitespace-nowrap tabular-nums">
              {formatDateTime(entry.createdAt)}
            </TableCell>
            <TableCell>
              <Badge variant={auditBadgeVariant(entry.action)} title={entry.action}>
                {auditActionLabel(entry.action)}
              </Badge>
            </TableCell>
            <TableCell className="min-w-40 text-sm">{entry.por ?? "—"}</TableCell>
            <TableCell>
              <span className="text-slate-800">{entry.resourceType ?? "—"}</span>
              {entry.resourceId ? (
                <code className="ml-1 rounded bg-slate-100 px-1 text-xs" title={entry.resourceId}>
                  {shortResourceId(entry.resourceId)}
                </code>
              ) : null}
            </TableCell>
            <TableCell className="max-w-xs text-xs text-slate-700">
              <DetailsText details={entry.details} />
            </TableCell>
            <TableCell className="whitespace-nowrap text-xs text-slate-600">
              {entry.ipAddress ?? "—"}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Who signed in over the last days, each with their entries' link (issue 41 point 5). */
export function SignInsByPerson({
  entries,
  dias,
  pessoa,
}: {
  entries: Overview["entradasPorPessoa"];
  dias: number;
  pessoa: Overview["pessoa"];
}) {
  return (
    <TitledSection
      id="entradas-por-pessoa"
      title={<>Entradas por pessoa (últimos {dias} dias)</>}
      titleClassName="font-semibold text-slate-900"
      className="grid gap-2"
    >
      {pessoa ? (
        <p className="text-sm text-slate-700">
          Mostrando os registros de {pessoa.por}.{" "}
          <Link to="/admin/security" className="underline">
            Ver de todos
          </Link>
        </p>
      ) : null}
      {entries.length === 0 ? (
        <TableEmpty>Nenhuma entrada no painel nesse período.</TableEmpty>
      ) : (
        <Table data-testid="sign-ins-table">
          <TableHeader>
            <TableRow>
              <TableHead>Pessoa</TableHead>
              <TableHead>Entradas</TableHead>
              <TableHead>Última</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map((e) => (
              <TableRow key={e.adminUserId}>
                <TableCell>
                  <Link
                    to={`/admin/security?pessoa=${e.adminUserId}`}
                    className="break-words underline"
                  >
                    {e.por}
                  </Link>
                </TableCell>
                <TableCell className="tabular-nums">{e.entradas}</TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">
                  {e.ultima ? formatDateTime(e.ultima) : "—"}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </TitledSection>
  );
}

function DetailsText({ details }: { details: Record<string, unknown> | null }) {
  if (!details) return <>—</>;
  const parts = Object.entries(details)
    .filter(([key]) => key !== "security_event")
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(", ") : String(value)}`);
  return <span className="break-words">{parts.length ? parts.join(" · ") : "—"}</span>;
}

export function RateLimitTable({ entries }: { entries: Overview["limites"] }) {
  if (entries.length === 0) {
    return <TableEmpty>Nenhuma tentativa registrada.</TableEmpty>;
  }
  return (
    <Table data-testid="rate-limit-table">
      <TableCaption>Últimas 100 entradas de limite de tentativas</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Operação</TableHead>
          <TableHead>Identificador</TableHead>
          <TableHead>Tentativas</TableHead>
          <TableHead>Última tentativa</TableHead>
          <TableHead>Situação</TableHead>
          <TableHead>
            <span className="sr-only">Ações</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <RateLimitRow key={entry.id} entry={entry} />
        ))}
      </TableBody>
    </Table>
  );
}

function RateLimitRow({ entry }: { entry: Overview["limites"][number] }) {
  const fetcher = useFetcher<FormResult>();
  useFormResult(fetcher);
  return (
    <TableRow>
      <TableCell>{entry.operacao}</TableCell>
      <TableCell className="break-all font-mono text-xs">{entry.identifier}</TableCell>
      <TableCell className="tabular-nums">{entry.attemptCount}</TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">
        {formatDateTime(entry.lastAttempt)}
      </TableCell>
      <TableCell>
        {entry.bloqueado && entry.blockedUntil ? (
          <Badge variant="destructive">
            Bloqueado até {formatDateTime(entry.blockedUntil).slice(11)}
          </Badge>
        ) : (
          <Badge variant="green">Liberado</Badge>
        )}
      </TableCell>
      <TableCell className="text-right">
        {/* Only a row blocked right now has something to undo. */}
        {entry.bloqueado ? (
          <fetcher.Form method="post">
            <IntentFields intent="desbloquear" recordId={entry.id} />
            <Button
              type="submit"
              variant="outline"
              size="sm"
              disabled={fetcher.state !== "idle"}
              aria-label={`Desbloquear ${entry.identifier}`}
            >
              <Unlock aria-hidden="true" />
              Desbloquear
            </Button>
          </fetcher.Form>
        ) : null}
      </TableCell>
    </TableRow>
  );
}
