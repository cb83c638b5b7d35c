// "Fechamento do dia" (issue 43 point 4, decision 0079): what a unit received on one of the
// shop's calendar days, summed from the recorded payments. Pure: the screen, the print sheets
// and the CSV/XLSX files all show these same figures. Money in centavos.
import { METODO_RECEBIMENTO_LABEL, type MetodoRecebimento } from "./counter-payment";
import { MEIO_COBRANCA_LABEL, type MeioCobranca } from "./statuses";
import { defineVocabulary } from "./vocabulary";

/** How money came in: the four ways at the counter and the two online ones. */
const formasFechamento = defineVocabulary({
  dinheiro: METODO_RECEBIMENTO_LABEL.dinheiro,
  pix: "Pix no balcão",
  debito: METODO_RECEBIMENTO_LABEL.debito,
  credito: METODO_RECEBIMENTO_LABEL.credito,
  pix_online: `${MEIO_COBRANCA_LABEL.pix} online`,
  cartao_online: `${MEIO_COBRANCA_LABEL.cartao} online`,
});
const FORMAS_FECHAMENTO = formasFechamento.values;
export const FORMA_FECHAMENTO_LABEL = formasFechamento.label;
export type FormaFechamento = (typeof FORMAS_FECHAMENTO)[number];

export const counterForma = (metodo: MetodoRecebimento): FormaFechamento => metodo;
export const onlineForma = (meio: MeioCobranca): FormaFechamento =>
  meio === "cartao" ? "cartao_online" : "pix_online";

/** The store's sales or the grooming room's services. */
const origens = defineVocabulary({ loja: "Loja", banho_tosa: "Banho e tosa" });
export const ORIGEM_LABEL = origens.label;
type OrigemRecebimento = (typeof origens.values)[number];

/** Who received an online payment: nobody of the team, the provider. */
export const PESSOA_ONLINE = "Online (Mercado Pago)";

/** One payment that came in. */
export interface EntradaFechamento {
  em: Date;
  forma: FormaFechamento;
  origem: OrigemRecebimento;
  /** The order's or booking's number. */
  referencia: string;
  pessoa: string;
  valor: number;
  /** Cash: what was handed over; the change is `recebido - valor`. */
  recebido: number | null;
  motivo: string | null;
}

/** Money that went back out: a refund or a chargeback (contestação) of an online charge. */
export interface SaidaFechamento {
  em: Date;
  tipo: "reembolso" | "contestacao";
  forma: FormaFechamento;
  referencia: string;
  valor: number;
}

/** An online charge still waiting to be paid (not money yet). */
export interface PendenteFechamento {
  em: Date;
  forma: FormaFechamento;
  referencia: string;
  valor: number;
}

export interface FechamentoInput {
  entradas: EntradaFechamento[];
  saidas: SaidaFechamento[];
  pendentes: PendenteFechamento[];
  /** Orders placed at the unit that day (not money: placed, maybe unpaid). */
  pedidos: { quantidade: number; valor: number };
}

const sum = <T>(rows: T[], of: (row: T) => number) => rows.reduce((n, r) => n + of(r), 0);
const troco = (e: EntradaFechamento) =>
  e.forma === "dinheiro" && e.recebido !== null ? e.recebido - e.valor : 0;

/** The close's figures from its rows. */
export function fecharDia(input: FechamentoInput) {
  const entradas = [...input.entradas].sort((a, b) => a.em.getTime() - b.em.getTime());
  const saidas = [...input.saidas].sort((a, b) => a.em.getTime() - b.em.getTime());
  const porForma = FORMAS_FECHAMENTO.map((forma) => {
    const rows = entradas.filter((e) => e.forma === forma);
    const out = saidas.filter((s) => s.forma === forma);
    return {
      forma,
      label: FORMA_FECHAMENTO_LABEL[forma],
      quantidade: rows.length,
      valor: sum(rows, (r) => r.valor),
      saidas: sum(out, (s) => s.valor),
    };
  });
  const pessoas = new Map<string, { pessoa: string; quantidade: number; valor: number }>();
  for (const e of entradas) {
    const p = pessoas.get(e.pessoa) ?? { pessoa: e.pessoa, quantidade: 0, valor: 0 };
    p.quantidade += 1;
    p.valor += e.valor;
    pessoas.set(e.pessoa, p);
  }
  const cash = entradas.filter((e) => e.forma === "dinheiro");
  const bruto = sum(entradas, (e) => e.valor);
  const reembolsos = sum(
    saidas.filter((s) => s.tipo === "reembolso"),
    (s) => s.valor,
  );
  const contestacoes = sum(
    saidas.filter((s) => s.tipo === "contestacao"),
    (s) => s.valor,
  );
  return {
    entradas,
    saidas,
    pendentes: input.pendentes,
    porForma,
    porPessoa: [...pessoas.values()].sort((a, b) => a.pessoa.localeCompare(b.pessoa, "pt-BR")),
    porOrigem: {
      loja: sum(
        entradas.filter((e) => e.origem === "loja"),
        (e) => e.valor,
      ),
      banho_tosa: sum(
        entradas.filter((e) => e.origem === "banho_tosa"),
        (e) => e.valor,
      ),
    } satisfies Record<OrigemRecebimento, number>,
    pedidos: input.pedidos,
    recebido: bruto,
    reembolsos,
    contestacoes,
    liquido: bruto - reembolsos - contestacoes,
    aguardando: { quantidade: input.pendentes.length, valor: sum(input.pendentes, (p) => p.valor) },
    /** The drawer keeps what was charged in cash; the change went back out of it. */
    gaveta: {
      esperado: sum(cash, (e) => e.valor),
      entregue: sum(cash, (e) => e.recebido ?? e.valor),
      troco: sum(cash, troco),
    },
  };
}

export type Fechamento = ReturnType<typeof fecharDia>;
