import { Activity, Ban, ClipboardList, ShieldAlert, Trash2, Unlock } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, useFetcher } from "react-router";
import { toast } from "sonner";
import { AdminPageHeader } from "~/components/admin/page-header";
import { StatCard } from "~/components/admin/stat-card";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { auditActionLabel, auditBadgeVariant, shortResourceId } from "~/domain/audit";
import { formatDateTime } from "~/domain/dates";
import { requireAdmin } from "~/server/auth.server";
import { logger } from "~/server/logger.server";
import { readForm } from "~/server/request-info.server";
import {
  cleanupOldAuditLogs,
  getSecurityOverview,
  unblockRateLimit,
} from "~/server/security.server";
import type { Route } from "./+types/security";

export function meta() {
  return [{ title: "Segurança | Painel Administrativo" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { overview: await getSecurityOverview(), error: null };
  } catch (error) {
    logger.error({ err: error }, "dados de segurança falharam");
    return { overview: null, error: "Erro ao carregar dados de segurança" };
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "limpar") {
    try {
      const removidos = await cleanupOldAuditLogs(request, user.id);
      return { ok: true, message: "Logs antigos removidos com sucesso", removidos };
    } catch (error) {
      logger.error({ err: error }, "limpeza de logs falhou");
      return data({ ok: false, message: "Erro ao limpar logs antigos" }, { status: 500 });
    }
  }
  if (intent === "desbloquear") {
    const id = String(form.get("id") ?? "");
    try {
      if (UUID.test(id) && (await unblockRateLimit(id, request, user.id))) {
        return { ok: true, message: "Usuário desbloqueado com sucesso" };
      }
      return data({ ok: false, message: "Erro ao desbloquear usuário" }, { status: 404 });
    } catch (error) {
      logger.error({ err: error }, "desbloqueio falhou");
      return data({ ok: false, message: "Erro ao desbloquear usuário" }, { status: 500 });
    }
  }
  return data({ ok: false, message: "Ação desconhecida" }, { status: 400 });
}

type ActionResult = { ok: boolean; message: string };

function useResultToast(fetcher: { state: string; data?: ActionResult }) {
  const seen = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || seen.current === fetcher.data) return;
    seen.current = fetcher.data;
    if (fetcher.data.ok) toast.success(fetcher.data.message);
    else toast.error(fetcher.data.message);
  }, [fetcher.state, fetcher.data]);
}

export default function Security({ loaderData }: Route.ComponentProps) {
  const cleanup = useFetcher<ActionResult>();
  useResultToast(cleanup);
  const { overview, error } = loaderData;

  useEffect(() => {
    if (error) toast.error(error);
  }, [error]);

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6">
      <AdminPageHeader
        title="Segurança"
        description="Registro de auditoria das ações administrativas e bloqueios por tentativas."
        actions={
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button variant="outline" disabled={cleanup.state !== "idle"}>
                <Trash2 aria-hidden="true" />
                Limpar Logs Antigos (7+ dias)
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogTitle>Limpar logs antigos?</AlertDialogTitle>
              <AlertDialogDescription>
                Os registros de auditoria com mais de 7 dias serão excluídos definitivamente. A
                limpeza fica registrada.
              </AlertDialogDescription>
              <AlertDialogFooter>
                <AlertDialogCancel>Cancelar</AlertDialogCancel>
                <AlertDialogAction
                  onClick={() => cleanup.submit({ intent: "limpar" }, { method: "post" })}
                >
                  Limpar logs
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        }
        className="mb-0"
      />

      {error || !overview ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          {error ?? "Erro ao carregar dados de segurança"}
        </p>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard
              label="Logs de auditoria"
              value={overview.counters.totalLogs}
              icon={ClipboardList}
            />
            <StatCard
              label="Tentativas recentes"
              value={overview.counters.tentativasRecentes}
              hint="Logins que falharam nas últimas 24 horas"
              icon={Activity}
            />
            <StatCard
              label="Bloqueados agora"
              value={overview.counters.bloqueados}
              hint="E-mails ou IPs com bloqueio ativo"
              icon={Ban}
            />
            <StatCard
              label="Eventos sensíveis"
              value={overview.counters.eventosSensiveis}
              hint="Falhas de login, logouts forçados, desbloqueios, 2FA"
              icon={ShieldAlert}
            />
          </div>

          <Tabs defaultValue="auditoria">
            <TabsList>
              <TabsTrigger value="auditoria">Logs de Auditoria</TabsTrigger>
              <TabsTrigger value="limites">Rate Limiting</TabsTrigger>
            </TabsList>
            <TabsContent value="auditoria">
              <AuditTable entries={overview.auditoria} />
            </TabsContent>
            <TabsContent value="limites">
              <RateLimitTable entries={overview.limites} />
            </TabsContent>
          </Tabs>
        </>
      )}
    </div>
  );
}

type Overview = NonNullable<Route.ComponentProps["loaderData"]["overview"]>;

function AuditTable({ entries }: { entries: Overview["auditoria"] }) {
  if (entries.length === 0) {
    return <p className="text-sm text-slate-600">Nenhum registro de auditoria.</p>;
  }
  return (
    <Card className="relative overflow-x-auto">
      <table className="w-full min-w-[720px] text-left text-sm" data-testid="audit-table">
        <caption className="sr-only">Últimos 50 registros de auditoria</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3">
              Data
            </th>
            <th scope="col" className="px-4 py-3">
              Ação
            </th>
            <th scope="col" className="px-4 py-3">
              Recurso
            </th>
            <th scope="col" className="px-4 py-3">
              Detalhes
            </th>
            <th scope="col" className="px-4 py-3">
              IP
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry) => (
            <tr key={entry.id} className="align-top">
              <td className="whitespace-nowrap px-4 py-3 tabular-nums">
                {formatDateTime(entry.createdAt)}
              </td>
              <td className="px-4 py-3">
                <Badge variant={auditBadgeVariant(entry.action)} title={entry.action}>
                  {auditActionLabel(entry.action)}
                </Badge>
              </td>
              <td className="px-4 py-3">
                <span className="text-slate-800">{entry.resourceType ?? "—"}</span>
                {entry.resourceId ? (
                  <code className="ml-1 rounded bg-slate-100 px-1 text-xs" title={entry.resourceId}>
                    {shortResourceId(entry.resourceId)}
                  </code>
                ) : null}
              </td>
              <td className="max-w-xs px-4 py-3 text-xs text-slate-700">
                <DetailsText details={entry.details} />
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-xs text-slate-600">
                {entry.ipAddress ?? "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function DetailsText({ details }: { details: Record<string, unknown> | null }) {
  if (!details) return <>—</>;
  const parts = Object.entries(details)
    .filter(([key]) => key !== "security_event")
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(", ") : String(value)}`);
  return <span className="break-words">{parts.length ? parts.join(" · ") : "—"}</span>;
}

function RateLimitTable({ entries }: { entries: Overview["limites"] }) {
  if (entries.length === 0) {
    return <p className="text-sm text-slate-600">Nenhuma tentativa registrada.</p>;
  }
  return (
    <Card className="relative overflow-x-auto">
      <table className="w-full min-w-[720px] text-left text-sm" data-testid="rate-limit-table">
        <caption className="sr-only">Últimas 100 entradas de limite de tentativas</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3">
              Operação
            </th>
            <th scope="col" className="px-4 py-3">
              Identificador
            </th>
            <th scope="col" className="px-4 py-3">
              Tentativas
            </th>
            <th scope="col" className="px-4 py-3">
              Última tentativa
            </th>
            <th scope="col" className="px-4 py-3">
              Situação
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Ações</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry) => (
            <RateLimitRow key={entry.id} entry={entry} />
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function RateLimitRow({ entry }: { entry: Overview["limites"][number] }) {
  const fetcher = useFetcher<ActionResult>();
  useResultToast(fetcher);
  return (
    <tr>
      <td className="px-4 py-3">{entry.operacao}</td>
      <td className="break-all px-4 py-3 font-mono text-xs">{entry.identifier}</td>
      <td className="px-4 py-3 tabular-nums">{entry.attemptCount}</td>
      <td className="whitespace-nowrap px-4 py-3 tabular-nums">
        {formatDateTime(entry.lastAttempt)}
      </td>
      <td className="px-4 py-3">
        {entry.bloqueado && entry.blockedUntil ? (
          <Badge variant="destructive">
            Bloqueado até {formatDateTime(entry.blockedUntil).slice(11)}
          </Badge>
        ) : (
          <Badge variant="green">Liberado</Badge>
        )}
      </td>
      <td className="px-4 py-3 text-right">
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="desbloquear" />
          <input type="hidden" name="id" value={entry.id} />
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
      </td>
    </tr>
  );
}
