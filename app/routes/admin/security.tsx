import { Activity, Ban, ClipboardList, ShieldAlert, Trash2 } from "lucide-react";
import { useFetcher } from "react-router";
import { adminPage } from "~/components/admin/page";
import { AdminPageHeader } from "~/components/admin/page-header";
import { AuditTable, RateLimitTable, SignInsByPerson } from "~/components/admin/security/tables";
import { StatCard } from "~/components/admin/stat-card";
import { useFormResult } from "~/components/forms/use-form-result";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import type { FormResult } from "~/lib/form-result";
import {
  adminAction,
  adminLoader,
  cleanupOldAuditLogs,
  getSecurityOverview,
  unblockRateLimit,
} from "~/modules/accounts/index.server";
import { adminIntent, fail } from "~/platform/admin/action.server";
import type { Route } from "./+types/security";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Segurança",
  capability: "seguranca.gerenciar",
  failure: "Erro ao carregar dados de segurança",
});

export const loader = adminLoader(handle, async ({ request }: Route.LoaderArgs, { reads }) => {
  // ?pessoa=<id>: one person's entries (their sign-ins and actions).
  const pessoa = new URL(request.url).searchParams.get("pessoa");
  return {
    overview: await reads(() => getSecurityOverview({ pessoa })),
  };
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const action = adminAction(
  {
    limpar: adminIntent({
      failure: "Erro ao limpar logs antigos",
      run: async (_fields, { request, user }) => {
        const removidos = await cleanupOldAuditLogs(request, user.id);
        return { ok: true as const, message: "Logs antigos removidos com sucesso", removidos };
      },
    }),
    desbloquear: adminIntent({
      failure: "Erro ao desbloquear usuário",
      run: async ({ id = "" }, { request, user }) => {
        const outcome = UUID.test(id) ? await unblockRateLimit(id, request, user.id) : "missing";
        if (outcome === "unblocked") return "Usuário desbloqueado com sucesso";
        if (outcome === "not_blocked") {
          return fail(
            "desbloquear",
            "Este registro não está bloqueado: não há o que desbloquear.",
            409,
          );
        }
        return fail("desbloquear", "Erro ao desbloquear usuário", 404);
      },
    }),
  },
  { capability: handle.capability },
);

/** The counters above the tables, in their order. */
const COUNTERS = [
  { key: "totalLogs", label: "Logs de auditoria", icon: ClipboardList },
  {
    key: "tentativasRecentes",
    label: "Tentativas recentes",
    hint: "Logins que falharam nas últimas 24 horas",
    icon: Activity,
  },
  {
    key: "bloqueados",
    label: "Bloqueados agora",
    hint: "E-mails ou IPs com bloqueio ativo",
    icon: Ban,
  },
  {
    key: "eventosSensiveis",
    label: "Eventos sensíveis",
    hint: "Falhas de login, logouts forçados, desbloqueios, 2FA",
    icon: ShieldAlert,
  },
] as const;

export default function Security({ loaderData }: Route.ComponentProps) {
  const cleanup = useFetcher<FormResult>();
  useFormResult(cleanup);
  const { overview } = loaderData;

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6">
      <AdminPageHeader
        title="Segurança"
        description="Registro de auditoria das ações administrativas e bloqueios por tentativas."
        actions={
          <ConfirmDialog
            trigger={
              <Button variant="outline" disabled={cleanup.state !== "idle"}>
                <Trash2 aria-hidden="true" />
                Limpar Logs Antigos (7+ dias)
              </Button>
            }
            title="Limpar logs antigos?"
            description="Os registros de auditoria com mais de 7 dias serão excluídos definitivamente. A limpeza fica registrada."
            confirmLabel="Limpar logs"
            onConfirm={() => cleanup.submit({ intent: "limpar" }, { method: "post" })}
          />
        }
        className="mb-0"
      />

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {COUNTERS.map(({ key, ...card }) => (
          <StatCard
            key={key}
            {...card}
            value={
              overview.exatos[key]
                ? overview.counters[key]
                : `mais de ${overview.counters[key].toLocaleString("pt-BR")}`
            }
          />
        ))}
      </div>

      <Tabs defaultValue="auditoria">
        <TabsList>
          <TabsTrigger value="auditoria">Logs de Auditoria</TabsTrigger>
          <TabsTrigger value="limites">Rate Limiting</TabsTrigger>
        </TabsList>
        <TabsContent value="auditoria" className="grid gap-4">
          <SignInsByPerson
            entries={overview.entradasPorPessoa}
            dias={overview.entradasDias}
            pessoa={overview.pessoa}
          />
          <AuditTable entries={overview.auditoria} />
        </TabsContent>
        <TabsContent value="limites">
          <RateLimitTable entries={overview.limites} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
