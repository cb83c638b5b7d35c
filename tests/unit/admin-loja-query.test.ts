import { describe, expect, it } from "vitest";
import { lojaQuerySchema, parseLojaQuery } from "~/schemas/admin-loja-query";

const query = (search: string) => parseLojaQuery(new URL(`http://localhost/admin/loja${search}`));
const UUID = "7d4f4c2e-2b1a-4c3d-9e8f-0a1b2c3d4e5f";

describe("/admin/loja query string", () => {
  it("with nothing in the URL: the dashboard, no filter, page 1", () => {
    expect(query("")).toEqual({
      view: "dashboard",
      q: "",
      categoriaId: undefined,
      estoqueBaixo: false,
      semEstoque: false,
      semImagem: false,
      inativo: false,
      page: 1,
      status: undefined,
      pagamento: undefined,
      unidadeId: undefined,
      modo: undefined,
      naoRetirados: false,
      dias: 3,
      antes: undefined,
      depois: undefined,
      lista: "cartoes",
    });
  });

  it("reads the orders' list mode: cards unless 'compacta'", () => {
    expect(query("?view=pedidos&lista=compacta").lista).toBe("compacta");
    expect(query("?view=pedidos&lista=tabela").lista).toBe("cartoes");
  });

  it("reads the orders' unit, mode and 'não retirados há mais de N dias' filters", () => {
    expect(
      query(`?view=pedidos&unidade=${UUID}&modo=retirada&nao_retirados=1&dias=7`),
    ).toMatchObject({ unidadeId: UUID, modo: "retirada", naoRetirados: true, dias: 7 });
    expect(query("?unidade=x&modo=balcao&nao_retirados=sim&dias=-2")).toMatchObject({
      unidadeId: undefined,
      modo: undefined,
      naoRetirados: false,
      dias: 3,
    });
  });

  it("reads what the screens write", () => {
    expect(
      query(`?view=produtos&q=ra%C3%A7%C3%A3o%20gato&categoria=${UUID}&estoque_baixo=1&pagina=3`),
    ).toMatchObject({
      view: "produtos",
      q: "ração gato",
      categoriaId: UUID,
      estoqueBaixo: true,
      page: 3,
    });
    expect(query("?view=pedidos&status=entregue&pagamento=pago&pagina=2")).toMatchObject({
      view: "pedidos",
      status: "entregue",
      pagamento: "pago",
      page: 2,
    });
    expect(query("?view=configuracoes").view).toBe("configuracoes");
    expect(query(`?categoria=${UUID.toUpperCase()}`).categoriaId).toBe(UUID.toUpperCase());
  });

  it("an unknown view opens the dashboard", () => {
    for (const view of ["cupons", "PRODUTOS", "", "../admin"]) {
      expect(query(`?view=${encodeURIComponent(view)}`).view, view).toBe("dashboard");
    }
  });

  it("a categoria that is not a uuid is ignored", () => {
    for (const categoria of ["nao-e-id", "1", "' or 1=1 --", "-".repeat(36), `${UUID}x`]) {
      expect(query(`?categoria=${encodeURIComponent(categoria)}`).categoriaId, categoria).toBe(
        undefined,
      );
    }
  });

  it("an unknown status or payment status filters nothing", () => {
    const parsed = query("?status=talvez&pagamento=PAGO");
    expect(parsed.status).toBeUndefined();
    expect(parsed.pagamento).toBeUndefined();
  });

  it("the product list's yes/no filters only for 1, and a search of 100 characters at most", () => {
    expect(query("?view=produtos&sem_estoque=1&sem_imagem=1&inativo=1")).toMatchObject({
      semEstoque: true,
      semImagem: true,
      inativo: true,
    });
    expect(query("?view=produtos&sem_estoque=on&sem_imagem=true&inativo=0")).toMatchObject({
      semEstoque: false,
      semImagem: false,
      inativo: false,
    });
    expect(query(`?view=produtos&q=${"a".repeat(300)}`).q).toHaveLength(100);
  });

  it("low stock only for estoque_baixo=1", () => {
    for (const value of ["0", "true", "sim", "on", ""]) {
      expect(query(`?estoque_baixo=${value}`).estoqueBaixo, value).toBe(false);
    }
  });

  it("a page that is not a positive whole number is page 1", () => {
    for (const pagina of [
      "0",
      "-2",
      "1.5",
      "dois",
      "",
      "Infinity",
      "NaN",
      "9999999999999999999999",
    ]) {
      expect(query(`?pagina=${pagina}`).page, pagina).toBe(1);
    }
    expect(query("?pagina=12").page).toBe(12);
  });

  it("a repeated key counts once, its first value, as the links are read", () => {
    expect(query("?view=pedidos&view=produtos&pagina=2&pagina=5")).toMatchObject({
      view: "pedidos",
      page: 2,
    });
  });

  it("never throws, whatever the values", () => {
    const hostile = { view: 1, q: ["a"], categoria: null, pagina: {}, status: 2, pagamento: [] };
    expect(lojaQuerySchema.safeParse(hostile).success).toBe(true);
  });
});
