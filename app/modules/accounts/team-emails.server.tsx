// The team's e-mails (decision 0067): the invitation and the password reset, each with its
// one-time link, derived again here from the server's secret (the database keeps its hash).
import { Text } from "@react-email/components";
import { formatDateTime } from "~/domain/dates";
import { isPapel, PAPEL_LABEL } from "~/domain/permissions";
import { type Composer, MailButton, mailFor, mailStyles } from "~/modules/mail/index.server";
import { db } from "~/platform/db/client.server";
import { currentLink, TEAM_EMAIL_KINDS } from "./invitations.server";
import { linkToken } from "./team-links.server";

/** The mail worker's composer for the team's kinds; null once the link is used, revoked or old. */
export const composeTeamEmail: Composer = async (row) => {
  const kind = row.tipo === TEAM_EMAIL_KINDS.convite ? "convite" : "senha";
  if (!row.resourceId) return null;
  const link = await currentLink(kind, row.resourceId, row.dados?.emitido, db());
  if (!link) return null;
  const { origin, sender, compose } = await mailFor(row, null);
  const token = linkToken(kind, row.resourceId, link.emitidoEm);
  const papel = isPapel(link.papel) ? PAPEL_LABEL[link.papel] : "";
  if (kind === "convite") {
    const url = `${origin}/admin/convite/${token}`;
    return compose(
      {
        assunto: `Convite para a equipe da ${sender.nome}`,
        motivo:
          "Você recebeu este e-mail porque o dono da loja convidou este endereço para o painel. Se não esperava, ignore: sem o link nada acontece.",
      },
      <>
        <Text style={mailStyles.heading}>Olá, {link.nome}!</Text>
        <Text style={mailStyles.text}>
          Você foi convidado(a) para a equipe da {sender.nome} como {papel}. Crie sua senha para
          entrar no painel.
        </Text>
        <MailButton href={url} label="Criar minha senha" copy />
        <Text style={mailStyles.muted}>
          O link vale até {formatDateTime(new Date(link.emitidoEm.getTime() + 48 * 3_600_000))} e
          pode ser usado uma vez.
        </Text>
      </>,
    );
  }
  const url = `${origin}/admin/senha/${token}`;
  return compose(
    {
      assunto: `Redefinição de senha do painel da ${sender.nome}`,
      motivo:
        "Você recebeu este e-mail porque o dono da loja pediu uma nova senha para a sua conta do painel. Se não esperava, fale com ele.",
    },
    <>
      <Text style={mailStyles.heading}>Olá, {link.nome}!</Text>
      <Text style={mailStyles.text}>
        Crie uma nova senha para entrar no painel. Ao salvar, todas as sessões abertas da sua conta
        são encerradas.
      </Text>
      <MailButton href={url} label="Criar nova senha" copy />
      <Text style={mailStyles.muted}>
        O link vale até {formatDateTime(new Date(link.emitidoEm.getTime() + 24 * 3_600_000))} e pode
        ser usado uma vez.
      </Text>
    </>,
  );
};
