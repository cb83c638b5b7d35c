import { InvitationsList } from "~/components/admin/equipe/invitations-list";
import { InviteForm } from "~/components/admin/equipe/invite-form";
import { PermissionsMatrix } from "~/components/admin/equipe/permissions-matrix";
import { ResultNotice } from "~/components/admin/equipe/result-notice";
import { TeamList } from "~/components/admin/equipe/team-list";
import { adminPage } from "~/components/admin/page";
import { AdminScreen } from "~/components/admin/screen";
import { PAPEL_LABEL } from "~/domain/permissions";
import { accessSchema, inviteSchema } from "~/modules/accounts";
import * as accounts from "~/modules/accounts/index.server";
import { adminAction, adminLoader } from "~/modules/accounts/index.server";
import { activeUnits, listUnits } from "~/modules/shop/index.server";
import { type AdminWrite, adminIntent } from "~/platform/admin/action.server";
import { siteOrigin } from "~/platform/site-url.server";
import type { Route } from "./+types/equipe";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Equipe",
  capability: "equipe.gerenciar",
  failure: "Erro ao carregar a equipe",
});

export const loader = adminLoader(handle, async (_: Route.LoaderArgs, { user, reads }) => {
  return reads(async () => {
    const [team, invitations, units] = await Promise.all([
      accounts.listTeam(),
      accounts.listOpenInvitations(),
      listUnits(),
    ]);
    const activity = await Promise.all(team.map((m) => accounts.memberActivity(m.id, 10)));
    return {
      meId: user.id,
      team: team.map((m, i) => ({ ...m, atividade: activity[i]! })),
      invitations,
      units: units.map((u) => ({ id: u.id, nome: u.nome, ativo: u.ativo })),
    };
  });
});

const activeUnitIds = async () => (await activeUnits()).map((u) => u.id);
/** The form with its repeated unit checkboxes. */
const withUnits = (write: AdminWrite) => ({
  ...write.fields,
  unidadeIds: write.form.getAll("unidadeIds").map(String),
});
const idOf = (write: AdminWrite) => write.fields.id ?? "";

/** An intent that e-mails the member a link from this site, then says what was sent. */
function linkIntent<T>(
  failure: string,
  send: (id: string, actor: AdminWrite["actor"], origem: string) => Promise<T>,
  said: (sent: T) => readonly [string, string],
) {
  return adminIntent({
    failure,
    run: async (_, write) => said(await send(idOf(write), write.actor, siteOrigin(write.request))),
  });
}

export const action = adminAction(
  {
    convidar: adminIntent({
      schema: inviteSchema,
      input: withUnits,
      refusal: "Confira os campos do convite",
      failure: "Erro ao enviar o convite",
      run: async (data, { actor, request }) => {
        const convite = await accounts.inviteMember(
          data,
          actor,
          await activeUnitIds(),
          siteOrigin(request),
        );
        return [`Convite enviado para ${convite.email}`, "O link vale 48 horas."] as const;
      },
    }),
    reenviar: linkIntent("Erro ao reenviar o convite", accounts.resendInvitation, (convite) => [
      `Convite reenviado para ${convite.email}`,
      "O link anterior deixou de valer.",
    ]),
    revogar: adminIntent({
      failure: "Erro ao cancelar o convite",
      run: async (_, write) =>
        `Convite para ${(await accounts.revokeInvitation(idOf(write), write.actor)).email} cancelado`,
    }),
    acesso: adminIntent({
      schema: accessSchema,
      input: withUnits,
      refusal: "Confira o papel e as unidades",
      failure: "Erro ao alterar o acesso",
      run: async (data, write) => {
        const user = await accounts.changeMemberAccess(
          idOf(write),
          data,
          write.actor,
          await activeUnitIds(),
        );
        return `${user.nome || user.email} agora é ${PAPEL_LABEL[data.papel]}`;
      },
    }),
    desativar: adminIntent({
      failure: "Erro ao desativar",
      run: async (_, write) => {
        const user = await accounts.deactivateMember(idOf(write), write.actor);
        return [
          `${user.nome || user.email} desativado(a)`,
          "Todas as sessões foram encerradas.",
        ] as const;
      },
    }),
    reativar: adminIntent({
      failure: "Erro ao reativar",
      run: async (_, write) =>
        `${(await accounts.reactivateMember(idOf(write), write.actor)).nome || "Pessoa"} reativado(a)`,
    }),
    encerrar_sessoes: adminIntent({
      failure: "Erro ao encerrar as sessões",
      run: async (_, write) => {
        const n = await accounts.endMemberSessions(idOf(write), write.actor);
        return n === 1 ? "1 sessão encerrada" : `${n} sessões encerradas`;
      },
    }),
    redefinir_senha: linkIntent(
      "Erro ao enviar a redefinição de senha",
      accounts.sendPasswordReset,
      (user) => [`Redefinição de senha enviada para ${user.email}`, "O link vale 24 horas."],
    ),
  },
  { capability: handle.capability, noControlChars: true },
);

export default function Equipe({ loaderData, actionData }: Route.ComponentProps) {
  const units = loaderData.units;
  return (
    <AdminScreen
      title="Equipe"
      description="Quem entra no painel, com que papel e em quais unidades. Cada pessoa tem a sua conta."
    >
      <ResultNotice result={actionData} />
      <TeamList team={loaderData.team} units={units} meId={loaderData.meId} result={actionData} />
      <InvitationsList invitations={loaderData.invitations} units={units} />
      <InviteForm units={units.filter((u) => u.ativo)} result={actionData} />
      <PermissionsMatrix />
    </AdminScreen>
  );
}
