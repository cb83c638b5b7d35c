// The order e-mails' words and looks (react-email components, pt-BR) and the worker's
// composer: it reads the order as it is when the message is rendered, builds the tracking
// link (the order page with the link's secret, derived again from the order's key) and
// the "parar de receber" link, and for Pix the copia-e-cola with its QR code inline.
import { Column, Link, Row, Section, Text } from "@react-email/components";
import { eq } from "drizzle-orm";
import QRCode from "qrcode";
import { formatDateTime } from "~/domain/dates";
import { formatBRL } from "~/domain/money";
import { FORMA_PAGAMENTO_LABEL, JANELA_ENTREGA_LABEL } from "~/domain/statuses";
import { consentFooter, consentRevoked } from "~/modules/customers/index.server";
import {
  type Composer,
  MailLayout,
  mailFor,
  mailStyles,
  renderMail,
  type Sender,
  unsubscribeHeaders,
} from "~/modules/mail/index.server";
import { latestCobranca, pixChargeFor } from "~/modules/payments/index.server";
import { shortHoursText, unitAddress } from "~/modules/shop";
import { getSettings, getUnit, type Unidade } from "~/modules/shop/index.server";
import { db } from "~/platform/db/client.server";
import { type OrderEmailKind, SHOP_EMAIL_KINDS, STATUS_EMAIL_KINDS } from "./email-kinds";
import { orderLineName } from "./line";
import { unsubscribeSignature } from "./order-emails.server";
import { withItems } from "./queries.server";
import { type ItemPedido, type Pedido, pedidos } from "./tables.server";
import { orderToken } from "./token.server";

const QR_CID = "pix-qrcode@agropet";

interface PixBlock {
  copiaECola: string;
  /** The QR as a PNG, sent inline. */
  png: Buffer;
}

interface OrderMail {
  kind: OrderEmailKind;
  pedido: Pedido;
  itens: ItemPedido[];
  unidade: Unidade | null;
  link: string | null;
  adminLink: string;
  pix: PixBlock | null;
  /** Online Pix whose charge is not on hand yet: the order page shows it. */
  pixNaPagina: boolean;
  motivo: string | null;
}

const SUBJECT: Record<OrderEmailKind, (numero: string) => string> = {
  pedido_confirmado: (n) => `Pedido ${n} recebido`,
  pedido_pago: (n) => `Pagamento confirmado: pedido ${n}`,
  pedido_saiu_entrega: (n) => `Pedido ${n} saiu para entrega`,
  pedido_pronto_retirada: (n) => `Pedido ${n} pronto para retirada`,
  pedido_entregue: (n) => `Pedido ${n} entregue`,
  pedido_retirado: (n) => `Pedido ${n} retirado`,
  pedido_cancelado: (n) => `Pedido ${n} cancelado`,
  pedido_reembolsado: (n) => `Pedido ${n} reembolsado`,
  loja_novo_pedido: (n) => `Novo pedido ${n}`,
  pedido_link: (n) => `Link do pedido ${n}`,
  loja_pago_apos_cancelamento: (n) => `Pago após cancelamento: pedido ${n}`,
  loja_contestacao: (n) => `Contestação no cartão: pedido ${n}`,
};

function Items({ pedido, itens }: { pedido: Pedido; itens: ItemPedido[] }) {
  const line = (label: string, value: string, strong = false) => (
    <Row key={label}>
      <Column style={{ ...mailStyles.cell, fontWeight: strong ? 700 : 400 }}>{label}</Column>
      <Column align="right" style={{ ...mailStyles.cell, fontWeight: strong ? 700 : 400 }}>
        {value}
      </Column>
    </Row>
  );
  return (
    <Section style={mailStyles.box}>
      {itens.map((i) => (
        <Row key={i.id}>
          <Column style={mailStyles.cell}>
            {i.quantidade}× {orderLineName(i)}
          </Column>
          <Column align="right" style={mailStyles.cell}>
            {formatBRL(i.subtotal)}
          </Column>
        </Row>
      ))}
      {line("Subtotal", formatBRL(pedido.subtotal))}
      {pedido.desconto > 0
        ? line(
            pedido.cupomCodigo ? `Desconto (cupom ${pedido.cupomCodigo})` : "Desconto",
            `− ${formatBRL(pedido.desconto)}`,
          )
        : null}
      {pedido.descontoPix > 0 ? line("Desconto Pix", `− ${formatBRL(pedido.descontoPix)}`) : null}
      {pedido.modo === "entrega"
        ? line("Entrega", pedido.taxaEntrega > 0 ? formatBRL(pedido.taxaEntrega) : "Grátis")
        : null}
      {line("Total", formatBRL(pedido.total), true)}
    </Section>
  );
}

function Delivery({ pedido, unidade }: { pedido: Pedido; unidade: Unidade | null }) {
  if (pedido.modo === "retirada") {
    return (
      <Section style={mailStyles.box}>
        <Text style={{ ...mailStyles.text, fontWeight: 700 }}>Retirada na loja</Text>
        {unidade ? (
          <Text style={mailStyles.text}>
            {unidade.nome}
            <br />
            {unitAddress(unidade)}
            <br />
            {shortHoursText(unidade.horarios)}
          </Text>
        ) : null}
        {pedido.codigoRetirada ? (
          <Text style={mailStyles.text}>
            Código de retirada: <strong>{pedido.codigoRetirada}</strong> (diga no balcão)
          </Text>
        ) : null}
      </Section>
    );
  }
  return (
    <Section style={mailStyles.box}>
      <Text style={{ ...mailStyles.text, fontWeight: 700 }}>Entrega</Text>
      <Text style={mailStyles.text}>
        {pedido.clienteEndereco}
        <br />
        {pedido.clienteBairro}
        {pedido.clienteReferencia ? (
          <>
            <br />
            Referência: {pedido.clienteReferencia}
          </>
        ) : null}
        {pedido.janelaEntrega ? (
          <>
            <br />
            Horário: {JANELA_ENTREGA_LABEL[pedido.janelaEntrega]}
          </>
        ) : null}
      </Text>
    </Section>
  );
}

function Payment({ mail }: { mail: OrderMail }) {
  const { pedido } = mail;
  return (
    <Section style={mailStyles.box}>
      <Text style={{ ...mailStyles.text, fontWeight: 700 }}>
        Pagamento: {FORMA_PAGAMENTO_LABEL[pedido.formaPagamento]}
      </Text>
      {pedido.formaPagamento === "dinheiro" && pedido.trocoPara !== null ? (
        <Text style={mailStyles.text}>Troco para {formatBRL(pedido.trocoPara)}</Text>
      ) : null}
      {mail.pix ? (
        <>
          <Text style={mailStyles.text}>
            Pague {formatBRL(pedido.total)} com o Pix copia e cola abaixo ou lendo o QR Code no app
            do seu banco.
          </Text>
          <img
            src={`cid:${QR_CID}`}
            alt="QR Code do Pix"
            width="200"
            height="200"
            style={{ display: "block", margin: "0 0 12px" }}
          />
          <Text
            style={{
              ...mailStyles.text,
              fontFamily: "monospace",
              fontSize: "12px",
              wordBreak: "break-all",
            }}
          >
            {mail.pix.copiaECola}
          </Text>
        </>
      ) : mail.pixNaPagina ? (
        <Text style={mailStyles.text}>
          O QR Code e o Pix copia e cola estão na página do pedido.
        </Text>
      ) : null}
    </Section>
  );
}

function TrackButton({ link }: { link: string | null }) {
  if (!link) return null;
  return (
    <Section style={{ margin: "8px 0 16px" }}>
      <Link href={link} style={mailStyles.button}>
        Acompanhar pedido
      </Link>
      <Text style={{ ...mailStyles.muted, marginTop: "12px" }}>Ou copie este endereço: {link}</Text>
    </Section>
  );
}

/** A hand-over e-mail says the payment is done when it is (issue 43: paid at the counter). */
const paidNote = (m: OrderMail) =>
  m.pedido.statusPagamento === "pago" ? ` Pagamento: Pago (${formatBRL(m.pedido.total)}).` : "";

const STATUS_TEXT: Partial<Record<OrderEmailKind, (mail: OrderMail) => string>> = {
  pedido_pago: () => "Recebemos o pagamento do seu pedido. Agora é com a gente!",
  pedido_saiu_entrega: () => "Seu pedido saiu para entrega e logo chega ao endereço combinado.",
  pedido_pronto_retirada: (m) =>
    `Seu pedido está pronto para retirada${m.unidade ? ` na ${m.unidade.nome}` : ""}.`,
  pedido_entregue: (m) => `Seu pedido foi entregue.${paidNote(m)} Obrigado pela compra!`,
  pedido_retirado: (m) => `Seu pedido foi retirado na loja.${paidNote(m)} Obrigado pela compra!`,
  pedido_cancelado: () => "Seu pedido foi cancelado.",
  pedido_link: () =>
    'Alguém pediu o link do seu pedido em "Acompanhar pedido" na loja. Por ele você vê o status do pedido e do pagamento. Se não foi você, pode ignorar este e-mail.',
  pedido_reembolsado: (m) =>
    `O pagamento de ${formatBRL(m.pedido.total)} foi devolvido. O valor volta pelo mesmo Pix, conforme o prazo do seu banco.`,
};

function CustomerMail({
  mail,
  sender,
  descadastrar,
  revogar,
}: {
  mail: OrderMail;
  sender: Sender;
  descadastrar: string | null;
  revogar: { href: string; label: string } | null;
}) {
  const { pedido, kind } = mail;
  const confirmation = kind === "pedido_confirmado";
  const lead = confirmation
    ? `Olá, ${pedido.clienteNome}! Recebemos seu pedido ${pedido.numeroPedido}, feito em ${formatDateTime(pedido.createdAt)}.`
    : `Olá, ${pedido.clienteNome}! ${STATUS_TEXT[kind]?.(mail) ?? ""}`;
  return (
    <MailLayout
      preview={SUBJECT[kind](pedido.numeroPedido)}
      sender={sender}
      motivo={`Você recebeu este e-mail porque fez o pedido ${pedido.numeroPedido} na loja online da ${sender.nome} e informou este endereço.`}
      descadastrar={descadastrar}
      revogar={revogar}
    >
      <Text style={mailStyles.heading}>{SUBJECT[kind](pedido.numeroPedido)}</Text>
      <Text style={mailStyles.text}>{lead}</Text>
      {kind === "pedido_cancelado" && mail.motivo ? (
        <Text style={mailStyles.text}>Motivo: {mail.motivo}</Text>
      ) : null}
      {kind === "pedido_pronto_retirada" ? (
        <Delivery pedido={pedido} unidade={mail.unidade} />
      ) : null}
      <TrackButton link={mail.link} />
      {confirmation ? (
        <>
          <Items pedido={pedido} itens={mail.itens} />
          <Delivery pedido={pedido} unidade={mail.unidade} />
          <Payment mail={mail} />
          {pedido.observacoes ? (
            <Text style={mailStyles.text}>Observações: {pedido.observacoes}</Text>
          ) : null}
        </>
      ) : null}
      <Text style={mailStyles.muted}>
        Dúvidas? Fale com a gente pelo WhatsApp {sender.telefone}.
      </Text>
    </MailLayout>
  );
}

function ShopMail({ mail, sender }: { mail: OrderMail; sender: Sender }) {
  const { pedido } = mail;
  return (
    <MailLayout
      preview={`${pedido.clienteNome}: ${formatBRL(pedido.total)}`}
      sender={sender}
      motivo='Você recebeu este e-mail porque este endereço está em Configurações como "E-mail para novos pedidos".'
    >
      {mail.kind === "loja_pago_apos_cancelamento" ? (
        <>
          <Text style={mailStyles.heading}>Pago após cancelamento: {pedido.numeroPedido}</Text>
          <Text style={mailStyles.text}>
            O Pix de {formatBRL(pedido.total)} foi pago depois que o pedido foi cancelado. No
            painel, reembolse o cliente ou reabra o pedido (se ainda houver estoque).
          </Text>
        </>
      ) : mail.kind === "loja_contestacao" ? (
        <>
          <Text style={mailStyles.heading}>Contestação no cartão: {pedido.numeroPedido}</Text>
          <Text style={mailStyles.text}>
            O pagamento de {formatBRL(pedido.total)} no cartão foi contestado junto ao Mercado Pago
            (chargeback). Responda à contestação no painel do Mercado Pago com o comprovante de
            entrega ou de retirada.
          </Text>
        </>
      ) : (
        <Text style={mailStyles.heading}>Novo pedido {pedido.numeroPedido}</Text>
      )}
      <Text style={mailStyles.text}>
        {pedido.clienteNome} · {pedido.clienteTelefone}
        <br />
        Feito em {formatDateTime(pedido.createdAt)} · {FORMA_PAGAMENTO_LABEL[pedido.formaPagamento]}
      </Text>
      <Items pedido={pedido} itens={mail.itens} />
      <Delivery pedido={pedido} unidade={mail.unidade} />
      {pedido.observacoes ? (
        <Text style={mailStyles.text}>Observações: {pedido.observacoes}</Text>
      ) : null}
      <Section style={{ margin: "8px 0 16px" }}>
        <Link href={mail.adminLink} style={mailStyles.button}>
          Ver pedidos no painel
        </Link>
      </Section>
    </MailLayout>
  );
}

async function pixFor(pedido: Pedido, settings: Awaited<ReturnType<typeof getSettings>>) {
  if (pedido.statusPagamento !== "aguardando" || pedido.statusPedido === "cancelado") {
    return { pix: null, pixNaPagina: false };
  }
  if (pedido.formaPagamento === "pix") {
    const charge = await pixChargeFor(pedido, settings);
    if (!charge) return { pix: null, pixNaPagina: false };
    const png = await QRCode.toBuffer(charge.payload, { margin: 1, width: 200 });
    return { pix: { copiaECola: charge.payload, png }, pixNaPagina: false };
  }
  if (pedido.formaPagamento === "pix_mercadopago") {
    const cobranca = await latestCobranca(pedido.id);
    if (cobranca?.status === "pendente" && cobranca.qrCode) {
      const png = cobranca.qrCodeBase64
        ? Buffer.from(cobranca.qrCodeBase64, "base64")
        : await QRCode.toBuffer(cobranca.qrCode, { margin: 1, width: 200 });
      return { pix: { copiaECola: cobranca.qrCode, png }, pixNaPagina: false };
    }
    return { pix: null, pixNaPagina: true };
  }
  return { pix: null, pixNaPagina: false };
}

/**
 * The mail worker's composer for the order e-mails: null when there is nothing to send
 * (the order is gone, or the customer stopped its status e-mails after it was queued).
 */
export const composeOrderEmail: Composer = async (row) => {
  const kind = row.tipo as OrderEmailKind;
  if (!(kind in SUBJECT) || row.resourceType !== "pedido" || !row.resourceId) return null;
  const [found] = await db().select().from(pedidos).where(eq(pedidos.id, row.resourceId));
  if (!found) return null;
  const statusKind = STATUS_EMAIL_KINDS.includes(kind);
  if (statusKind && !found.emailsStatus) return null;
  // The account of this address turned "e-mails sobre meus pedidos" off (decision 0075); the
  // confirmation of an order just placed is the answer to it, and still goes.
  if (statusKind && (await consentRevoked(row.destinatario, "pedidos"))) return null;
  const { pedido, itens } = await withItems(found);
  const unidade = pedido.unidadeId ? await getUnit(pedido.unidadeId) : null;
  const settings = await getSettings();
  const { origin, sender } = await mailFor(row, unidade ?? null);
  const numero = pedido.numeroPedido;
  const link = pedido.idempotencyKey
    ? `${origin}/loja/pedido/${numero}?token=${encodeURIComponent(orderToken(pedido.idempotencyKey))}`
    : null;
  const customer = !SHOP_EMAIL_KINDS.includes(kind);
  const { pix, pixNaPagina } =
    kind === "pedido_confirmado"
      ? await pixFor(pedido, settings)
      : { pix: null, pixNaPagina: false };
  const mail: OrderMail = {
    kind,
    pedido,
    itens,
    unidade: unidade ?? null,
    link,
    adminLink: `${origin}/admin/loja?view=pedidos`,
    pix,
    pixNaPagina,
    motivo: row.dados?.motivo ?? null,
  };
  const descadastrar = customer
    ? `${origin}/loja/pedido/${numero}/emails?assinatura=${unsubscribeSignature(pedido.id)}`
    : null;
  const revogar = customer ? consentFooter(origin, row.destinatario, "pedidos") : null;
  const { html, texto } = await renderMail(
    customer ? (
      <CustomerMail mail={mail} sender={sender} descadastrar={descadastrar} revogar={revogar} />
    ) : (
      <ShopMail mail={mail} sender={sender} />
    ),
  );
  return {
    assunto: SUBJECT[kind](numero),
    html,
    texto,
    imagens: pix
      ? [
          {
            cid: QR_CID,
            filename: "pix-qrcode.png",
            contentType: "image/png",
            base64: pix.png.toString("base64"),
          },
        ]
      : undefined,
    cabecalhos: descadastrar ? unsubscribeHeaders(descadastrar) : undefined,
  };
};
