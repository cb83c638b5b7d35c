// The query string of /admin/loja (SPEC §2.3): the view, and the filters of the product and
// order lists. Read leniently: a value the screens never write falls back to its default
// (the dashboard, no filter, page 1), so an old or hand-edited link still opens the hub.
import { z } from "zod";
import { MODOS_PEDIDO, STATUS_PAGAMENTO, STATUS_PEDIDO } from "~/domain/statuses";

const LOJA_VIEWS = ["dashboard", "produtos", "pedidos", "configuracoes"] as const;
export type LojaView = (typeof LOJA_VIEWS)[number];

/** The days of "Não retirados há mais de N dias" when the link names none. */
const NAO_RETIRADOS_DIAS = 3;

/** Where the order list goes on from: an order's created_at (to the µs) and id. */
const ORDER_CURSOR =
  /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A filter's checkbox: on when the link says 1, off for anything else or nothing. */
const checked = z
  .unknown()
  .optional()
  .transform((value) => value === "1");

const query = z.object({
  view: z.enum(LOJA_VIEWS).catch("dashboard"),
  // The search: as long as the store's field takes.
  q: z
    .string()
    .catch("")
    .transform((q) => q.slice(0, 100)),
  // Anything but a uuid would only make the database refuse the query.
  categoria: z.guid().optional().catch(undefined),
  estoque_baixo: checked,
  sem_estoque: checked,
  sem_imagem: checked,
  inativo: checked,
  // The page of the lists, as every admin list reads it (domain/pagination.ts).
  pagina: z.coerce.number().int().min(1).catch(1),
  status: z.enum(STATUS_PEDIDO).optional().catch(undefined),
  pagamento: z.enum(STATUS_PAGAMENTO).optional().catch(undefined),
  unidade: z.guid().optional().catch(undefined),
  modo: z.enum(MODOS_PEDIDO).optional().catch(undefined),
  // "Não retirados há mais de N dias": pick-up orders waiting for the customer.
  nao_retirados: checked,
  dias: z.coerce.number().int().min(1).max(365).catch(NAO_RETIRADOS_DIAS),
  // The order list as cards (the default) or one compact row per order.
  lista: z.enum(["cartoes", "compacta"]).catch("cartoes"),
  // The order list's place (keyset pagination): an order's "<created_at>_<id>".
  antes: z.string().regex(ORDER_CURSOR).optional().catch(undefined),
  depois: z.string().regex(ORDER_CURSOR).optional().catch(undefined),
});

export const lojaQuerySchema = query.transform((raw) => ({
  view: raw.view,
  q: raw.q,
  categoriaId: raw.categoria,
  estoqueBaixo: raw.estoque_baixo,
  semEstoque: raw.sem_estoque,
  semImagem: raw.sem_imagem,
  inativo: raw.inativo,
  page: raw.pagina,
  status: raw.status,
  pagamento: raw.pagamento,
  unidadeId: raw.unidade,
  modo: raw.modo,
  naoRetirados: raw.nao_retirados,
  dias: raw.dias,
  antes: raw.antes,
  depois: raw.depois,
  lista: raw.lista,
}));

export type LojaQuery = z.output<typeof lojaQuerySchema>;

/** The query of a /admin/loja URL; of a repeated key, the first value (as links are read). */
export function parseLojaQuery(url: URL): LojaQuery {
  const keys = Object.keys(query.shape);
  return lojaQuerySchema.parse(
    Object.fromEntries(keys.map((key) => [key, url.searchParams.get(key) ?? undefined])),
  );
}
