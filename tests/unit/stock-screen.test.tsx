// The stock screen's pieces rendered on the server: figures per unit, the 'abaixo do mínimo'
// mark, each row's actions, and the history's lines.
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { MovementHistoryView } from "~/components/admin/estoque/movement-history";
import { StockScreen } from "~/components/admin/estoque/stock-screen";
import type { MovementHistory, StockListing, StockRow } from "~/modules/inventory";

const A = { id: "00000000-0000-4000-8000-00000000000a", nome: "Unidade Meia Praia" };
const B = { id: "00000000-0000-4000-8000-00000000000b", nome: "Nova Unidade" };

const row: StockRow = {
  varianteId: "00000000-0000-4000-8000-000000000001",
  produtoNome: "Ração Golden",
  rotulo: "15 kg",
  nome: "Ração Golden — 15 kg",
  sku: "RG-15",
  ativo: true,
  porUnidade: [
    {
      unidadeId: A.id,
      unidadeNome: A.nome,
      emMaos: 5,
      reservado: 2,
      disponivel: 3,
      minimo: 4,
      abaixoDoMinimo: true,
      emTransito: 0,
      enviadoEmTransito: 0,
    },
    {
      unidadeId: B.id,
      unidadeNome: B.nome,
      emMaos: 0,
      reservado: 0,
      disponivel: 0,
      minimo: 0,
      abaixoDoMinimo: false,
      emTransito: 0,
      enviadoEmTransito: 0,
    },
  ],
};

/** What the stubbed route shows (set by `render`). */
let shown: React.ReactNode = null;
function Shown() {
  return shown;
}
const Stub = createRoutesStub([{ path: "/admin/estoque", Component: Shown }]);

function render(node: React.ReactNode) {
  shown = node;
  return renderToString(<Stub initialEntries={["/admin/estoque"]} />);
}

describe("StockScreen", () => {
  const listing: StockListing = {
    rows: [row],
    total: 1,
    totalExato: true,
    anterior: null,
    proxima: null,
    page: 1,
    pageSize: 20,
    unidades: [A, B],
    destinos: [A, B],
  };
  const filters = { q: "", unidadeId: "", abaixoDoMinimo: false };

  it("shows each unit's figures, the mark below the minimum and the row's actions", () => {
    const html = render(<StockScreen listing={listing} filters={filters} />);
    expect(html).toContain("Ração Golden");
    expect(html).toContain("SKU RG-15");
    expect(html.match(/Abaixo do mínimo<\/span>/g)).toHaveLength(1);
    expect(html).toContain("sem mínimo");
    for (const action of ["Ajustar", "Transferir", "Mínimo", "Histórico"]) {
      expect(html).toContain(action);
    }
    expect(html).toContain(`href="/admin/estoque/${row.varianteId}"`);
    // The filters are a plain GET form.
    expect(html).toMatch(/<form [^>]*action="\/admin\/estoque" method="get"/);
    expect(html).toContain('name="abaixo"');
  });

  it("shows what is in transit beside a unit's figures, both ways (decision 0076)", () => {
    const [a, b] = row.porUnidade;
    const html = render(
      <StockScreen
        listing={{
          ...listing,
          rows: [
            {
              ...row,
              porUnidade: [
                { ...a!, enviadoEmTransito: 5 },
                { ...b!, emTransito: 5 },
              ],
            },
          ],
        }}
        filters={filters}
      />,
    );
    expect(html).toContain("em trânsito: <!-- -->5");
    expect(html).toContain("enviado, em trânsito: <!-- -->5");
    expect(render(<StockScreen listing={listing} filters={filters} />)).not.toContain(
      "em trânsito",
    );
  });

  it("offers no transfer with a single unit, and says when a filter finds nothing", () => {
    const one = render(
      <StockScreen
        listing={{
          ...listing,
          unidades: [A],
          destinos: [A],
          rows: [{ ...row, porUnidade: [row.porUnidade[0]!] }],
        }}
        filters={{ ...filters, unidadeId: A.id }}
      />,
    );
    expect(one).not.toContain("Transferir");
    const none = render(
      <StockScreen
        listing={{ ...listing, rows: [], total: 0 }}
        filters={{ ...filters, abaixoDoMinimo: true }}
      />,
    );
    expect(none).toContain("Nenhuma variação encontrada com estes filtros.");
  });

  it("says 'mais de' past the counting limit", () => {
    const many = render(
      <StockScreen listing={{ ...listing, total: 10_000, totalExato: false }} filters={filters} />,
    );
    expect(many).toContain("mais de 10.000 variações");
  });
});

describe("MovementHistoryView", () => {
  it("shows each movement with its words, change, figures after, order, reason and user", () => {
    const history: MovementHistory = {
      variante: row,
      total: 2,
      page: 1,
      pageSize: 30,
      movimentos: [
        {
          id: "m2",
          tipo: "venda",
          tipoLabel: "Venda",
          unidadeNome: A.nome,
          deltaEmMaos: -2,
          deltaReservado: -2,
          emMaosDepois: 3,
          reservadoDepois: 0,
          disponivelDepois: 3,
          numeroPedido: "PED123",
          motivo: null,
          usuarioEmail: null,
          por: null,
          data: "10/03/2026 09:04",
        },
        {
          id: "m1",
          tipo: "ajuste",
          tipoLabel: "Ajuste",
          unidadeNome: A.nome,
          deltaEmMaos: 3,
          deltaReservado: 0,
          emMaosDepois: 5,
          reservadoDepois: 2,
          disponivelDepois: 3,
          numeroPedido: null,
          motivo: "Contagem",
          usuarioEmail: "admin@loja.com",
          por: "Ana (Gerente, Unidade Meia Praia)",
          data: "10/03/2026 09:01",
        },
      ],
    };
    const html = render(<MovementHistoryView history={history} />);
    expect(html).toContain("Venda");
    expect(html).toContain("−2 em mãos · −2 reservado");
    expect(html).toContain("PED123");
    expect(html).toContain("+3 em mãos");
    expect(html).toContain("Contagem");
    expect(html).toContain("Ana (Gerente, Unidade Meia Praia)");
    expect(html).toContain("10/03/2026 09:01");
  });
});
