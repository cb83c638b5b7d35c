// What a live alert carries to the admin page, and how it reads (pure, client-safe).
import { formatBRL } from "~/domain/money";
import type { TipoAviso } from "~/domain/statuses";

export type { TipoAviso };

export interface Aviso {
  /** The stream's event id: grows in commit order (decision 0035). */
  id: number;
  tipo: TipoAviso;
  referenciaId: string | null;
  /** numero and total (centavos) for orders; tutor and pet; nome and vaga. */
  dados: Record<string, unknown>;
  criadoEm: string;
}

/**
 * Whether a person of `unidades` (null: every unit) hears of an alert (decision 0069): an
 * order's alert only at its unit (one tied to no unit only for every-unit staff); grooming
 * quotes and resumes belong to no unit.
 */
export function avisoForUnits(aviso: Aviso, unidades: readonly string[] | null): boolean {
  if (
    aviso.tipo !== "pedido" &&
    aviso.tipo !== "pago_apos_cancelamento" &&
    aviso.tipo !== "contestacao" &&
    aviso.tipo !== "reserva_em_risco"
  ) {
    return true;
  }
  if (unidades === null) return true;
  const unidade = aviso.dados.unidade_id;
  return typeof unidade === "string" && unidades.includes(unidade);
}

/** The admin page an alert belongs to: its menu entry counts it, and it is reloaded. */
export function avisoPath(tipo: TipoAviso): string {
  if (tipo === "servico") return "/admin/servicos";
  if (tipo === "curriculo") return "/admin/curriculos";
  return "/admin/loja";
}

/** The toast's title and line. */
export function avisoText(aviso: Aviso): { title: string; description: string } {
  const d = aviso.dados;
  const text = (key: string) => (typeof d[key] === "string" ? (d[key] as string) : "");
  const total = typeof d.total === "number" ? formatBRL(d.total) : "";
  switch (aviso.tipo) {
    case "pedido":
      return {
        title: `Novo pedido ${text("numero")}`,
        description: [total, text("cliente")].filter(Boolean).join(" · "),
      };
    case "pago_apos_cancelamento":
      return {
        title: `Pago após cancelamento: ${text("numero")}`,
        description: `${total} · reembolse ou reabra o pedido`,
      };
    case "contestacao":
      return {
        title: `Contestação no cartão: ${text("numero")}`,
        description: `${total} · o cliente contestou o pagamento no Mercado Pago`,
      };
    case "reserva_em_risco":
      return {
        title: `Reserva em risco: ${text("pedidos")}`,
        description: `${text("produto")} · venda no balcão deixou ${text("em_maos")} em mãos para ${text("reservado")} reservadas em ${text("unidade")}`,
      };
    case "servico":
      return {
        title: "Novo pedido de banho e tosa",
        description: `${text("pet")} · ${text("tutor")}`,
      };
    case "curriculo":
      return { title: "Novo currículo", description: `${text("nome")} · ${text("vaga")}` };
  }
}
