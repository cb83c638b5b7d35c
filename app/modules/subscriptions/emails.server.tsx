// The subscriptions' e-mails (issue 45, decision 0086), composed when sent from the
// subscription as it is then: the confirmation repeating the terms, the reminder three days
// before (with why a renewal waits), the cancellation's protocol, the pause after three unpaid
// renewals. Every link to act carries the subscription's signature.
import { Text } from "@react-email/components";
import { ESTADO_CICLO_LABEL, termosAssinatura } from "~/domain/assinatura";
import { formatIsoDate } from "~/domain/dates";
import { formatBRL } from "~/domain/money";
import { type Composer, MailButton, mailFor, mailStyles } from "~/modules/mail/index.server";
import {
  EMAIL_CANCELADA,
  EMAIL_CONFIRMADA,
  EMAIL_LEMBRETE,
  EMAIL_PAUSADA,
  subscriptionView,
} from "./subscriptions.server";

const MOTIVO =
  "Você recebeu este e-mail porque tem uma compra programada na nossa loja. Cancele a qualquer momento pelo link abaixo, sem multa.";

export const composeSubscriptionEmail: Composer = async (row) => {
  if (!row.resourceId) return null;
  const view = await subscriptionView(row.resourceId);
  if (!view) return null;
  const { origin, compose } = await mailFor(row, null);
  const page = (acao?: string) =>
    `${origin}/conta/assinaturas/${view.assinatura.id}?${new URLSearchParams({ t: view.token, ...(acao ? { acao } : {}) })}`;
  const itens = view.itens
    .map(
      (i) => `${i.quantidade}× ${i.nome}${i.desconto > 0 ? ` (${i.desconto}% de desconto)` : ""}`,
    )
    .join("; ");
  const desconto = Math.max(0, ...view.itens.map((i) => i.desconto));
  const a = view.assinatura;
  if (row.tipo === EMAIL_CONFIRMADA) {
    return compose(
      { assunto: "Sua compra programada está confirmada", motivo: MOTIVO },
      <>
        <Text style={mailStyles.heading}>Compra programada confirmada</Text>
        <Text style={mailStyles.text}>
          {itens}, a cada {a.intervaloDias} dias. Primeira entrega: {formatIsoDate(a.proximaData)}.
        </Text>
        <Text style={mailStyles.text}>Os termos que você aceitou (versão {a.termosVersao}):</Text>
        {termosAssinatura(desconto).map((t) => (
          <Text key={t} style={mailStyles.text}>
            • {t}
          </Text>
        ))}
        <MailButton href={page()} label="Ver ou mudar minha assinatura" />
        <MailButton href={page("cancelar")} label="Cancelar" />
      </>,
    );
  }
  if (row.tipo === EMAIL_LEMBRETE) {
    const ciclo = view.ciclos.find((c) => c.id === row.dados?.cicloId);
    if (!ciclo || a.estado === "cancelada") return null;
    const total = view.itens.reduce(
      (s, i) => s + Math.round(((i.precoHoje ?? 0) * (100 - i.desconto)) / 100) * i.quantidade,
      0,
    );
    return compose(
      {
        assunto: ciclo.motivo
          ? `Sua compra programada de ${formatIsoDate(ciclo.data)} espera sua escolha`
          : `Sua compra programada chega em ${formatIsoDate(ciclo.data)}`,
        motivo: MOTIVO,
      },
      <>
        <Text style={mailStyles.heading}>
          {ciclo.motivo
            ? "Precisamos da sua escolha"
            : `Próxima entrega: ${formatIsoDate(ciclo.data)}`}
        </Text>
        <Text style={mailStyles.text}>
          {itens}. Total dos itens hoje: {formatBRL(total)} (a taxa de entrega, quando houver, à
          parte).
        </Text>
        {ciclo.motivo ? (
          <Text style={mailStyles.text}>
            Não criamos o pedido porque {ciclo.motivo} Escolha abaixo o que fazer: pagar pelo preço
            de hoje, trocar a embalagem, pular esta entrega ou mudar a data.
          </Text>
        ) : (
          <Text style={mailStyles.text}>
            O pedido será criado em dois dias ({ESTADO_CICLO_LABEL.pedido_criado.toLowerCase()}),
            com o pagamento que você escolheu. Se preferir, aja agora:
          </Text>
        )}
        <MailButton href={page("pagar")} label="Pagar agora" />
        <MailButton href={page("pular")} label="Pular esta" />
        <MailButton href={page("data")} label="Mudar data" />
        <MailButton href={page("editar")} label="Editar" />
        <MailButton href={page("pausar")} label="Pausar" />
        <MailButton href={page("cancelar")} label="Cancelar" />
      </>,
    );
  }
  if (row.tipo === EMAIL_CANCELADA) {
    return compose(
      {
        assunto: `Compra programada cancelada — protocolo ${row.dados?.protocolo ?? ""}`,
        motivo: MOTIVO,
      },
      <>
        <Text style={mailStyles.heading}>Assinatura cancelada</Text>
        <Text style={mailStyles.text}>
          Cancelamos a sua compra programada ({itens}). Nenhum novo pedido será criado. Protocolo:{" "}
          {row.dados?.protocolo}.
        </Text>
      </>,
    );
  }
  if (row.tipo === EMAIL_PAUSADA) {
    return compose(
      { assunto: "Sua compra programada foi pausada", motivo: MOTIVO },
      <>
        <Text style={mailStyles.heading}>Assinatura pausada</Text>
        <Text style={mailStyles.text}>
          Os últimos três pedidos da sua compra programada ({itens}) não foram pagos e expiraram.
          Pausamos a assinatura: nenhum pedido novo será criado até você retomá-la.
        </Text>
        <MailButton href={page()} label="Retomar ou cancelar" />
      </>,
    );
  }
  return null;
};
