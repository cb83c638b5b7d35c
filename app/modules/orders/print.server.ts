// "Imprimir": what the order sheet shows (A4 or an 80 mm receipt), for one order or for the
// day's open orders ("Imprimir pedidos do dia"). Plain data: the page formats it; the order
// number goes as a QR code (inline SVG, no image source needed in the CSP).
import { and, asc, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import QRCode from "qrcode";
import { shop } from "~/content/shop";
import { formatDateTime, SHOP_TIME_ZONE, shopDay } from "~/domain/dates";
import {
  FORMA_PAGAMENTO_LABEL,
  JANELA_ENTREGA_LABEL,
  STATUS_PAGAMENTO_LABEL,
  STATUS_PEDIDO_LABEL,
  type StatusPedido,
} from "~/domain/statuses";
import type { UnitScope } from "~/domain/unit-scope";
import { chatNumber } from "~/domain/whatsapp";
import { formatCep } from "~/modules/delivery";
import { companyFacts } from "~/modules/shop";
import { getSettings, listUnits } from "~/modules/shop/index.server";
import { db, type Executor } from "~/platform/db/client.server";
import { orderLineName } from "./line";
import { orderUnitCondition } from "./scope.server";
import { itensPedido, type Pedido, pedidos } from "./tables.server";

/** An order is open (still to pack, send or hand over) until one of these. */
const CLOSED: StatusPedido[] = ["entregue", "retirado", "cancelado"];

/** Who the sheet comes from: the shop's name, phone and CNPJ head every sheet. */
interface PrintShop {
  nome: string;
  razaoSocial: string;
  /** '(47) 99999-0416': the chat number of the settings, or the shop's. */
  telefone: string;
  /** Null while the admin has not filled it in (/admin/configuracoes). */
  cnpj: string | null;
}

export interface PrintOrder {
  loja: PrintShop;
  numero: string;
  qrSvg: string;
  criadoEm: string;
  status: string;
  cliente: { nome: string; telefone: string; email: string | null };
  /** Delivery: address lines; pick-up: the unit and the code said at the counter. */
  entrega: {
    endereco: string;
    bairro: string;
    referencia: string | null;
    janela: string | null;
  } | null;
  retirada: { unidade: string; codigo: string | null } | null;
  /** The unit the order leaves from (delivery) or is picked up at. */
  unidade: string | null;
  /** The CEP typed at checkout, '88220-000' (delivery orders that gave one). */
  cep: string | null;
  itens: {
    sku: string | null;
    /** The product and its pack: "Ração X — 15 kg" (orderLineName). */
    nome: string;
    quantidade: number;
    preco: number;
    subtotal: number;
  }[];
  subtotal: number;
  desconto: number;
  cupom: string | null;
  descontoPix: number;
  taxaEntrega: number;
  total: number;
  pagamento: { forma: string; status: string; trocoPara: number | null };
  observacoes: string | null;
}

async function toPrint(rows: Pedido[], executor: Executor): Promise<PrintOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [itens, units, settings] = await Promise.all([
    executor
      .select()
      .from(itensPedido)
      .where(inArray(itensPedido.pedidoId, ids))
      .orderBy(asc(itensPedido.produtoNome), asc(itensPedido.id)),
    listUnits(executor),
    getSettings(executor),
  ]);
  const company = companyFacts(settings, [], chatNumber(settings.whatsappNumero, shop.phone));
  const loja: PrintShop = {
    nome: shop.name,
    razaoSocial: company.razaoSocial,
    telefone: company.telefone,
    cnpj: company.cnpj,
  };
  const unitName = (id: string | null) => units.find((u) => u.id === id)?.nome ?? null;
  return Promise.all(
    rows.map(async (p) => ({
      loja,
      numero: p.numeroPedido,
      qrSvg: await QRCode.toString(p.numeroPedido, {
        type: "svg",
        margin: 0,
        errorCorrectionLevel: "M",
      }),
      criadoEm: formatDateTime(p.createdAt),
      status: STATUS_PEDIDO_LABEL[p.statusPedido],
      cliente: { nome: p.clienteNome, telefone: p.clienteTelefone, email: p.clienteEmail },
      entrega:
        p.modo === "entrega"
          ? {
              endereco: p.clienteEndereco,
              bairro: p.clienteBairro,
              referencia: p.clienteReferencia,
              janela: p.janelaEntrega ? JANELA_ENTREGA_LABEL[p.janelaEntrega] : null,
            }
          : null,
      retirada:
        p.modo === "retirada"
          ? { unidade: unitName(p.unidadeId) ?? "Na loja", codigo: p.codigoRetirada }
          : null,
      unidade: unitName(p.unidadeId),
      cep: p.clienteCep ? formatCep(p.clienteCep) : null,
      itens: itens
        .filter((i) => i.pedidoId === p.id)
        .map((i) => ({
          sku: i.sku,
          nome: orderLineName(i),
          quantidade: i.quantidade,
          preco: i.produtoPreco,
          subtotal: i.subtotal,
        })),
      subtotal: p.subtotal,
      desconto: p.desconto,
      cupom: p.cupomCodigo,
      descontoPix: p.descontoPix,
      taxaEntrega: p.taxaEntrega,
      total: p.total,
      pagamento: {
        forma: FORMA_PAGAMENTO_LABEL[p.formaPagamento],
        status: STATUS_PAGAMENTO_LABEL[p.statusPagamento],
        trocoPara: p.trocoPara,
      },
      observacoes: p.observacoes,
    })),
  );
}

/** One order's sheet, or null for an unknown number or another unit's order (decision 0069). */
export async function orderToPrint(
  numero: string,
  scope: UnitScope,
  executor: Executor = db(),
): Promise<PrintOrder | null> {
  // Order numbers are short printable ASCII; anything else (a NUL byte too) is unknown.
  if (numero.length > 40 || /[^\x21-\x7e]/.test(numero)) return null;
  const rows = await executor
    .select()
    .from(pedidos)
    .where(and(eq(pedidos.numeroPedido, numero), orderUnitCondition(scope)));
  return (await toPrint(rows, executor))[0] ?? null;
}

/** "Imprimir pedidos do dia": the orders placed today (shop time) still open, oldest first. */
export async function openOrdersOfTheDay(
  scope: UnitScope,
  now = new Date(),
  executor: Executor = db(),
): Promise<PrintOrder[]> {
  const rows = await executor
    .select()
    .from(pedidos)
    .where(
      and(
        notInArray(pedidos.statusPedido, CLOSED),
        sql`(${pedidos.createdAt} at time zone ${SHOP_TIME_ZONE})::date = ${shopDay(now)}::date`,
        orderUnitCondition(scope),
      ),
    )
    .orderBy(asc(pedidos.createdAt), desc(pedidos.id))
    .limit(500);
  return toPrint(rows, executor);
}
