// POST /admin/loja/produtos: the product list's writes (products and their categories).

import { data } from "react-router";
import { adminFormRoute } from "~/components/admin/page";
import * as catalogRules from "~/modules/catalog";
import * as catalog from "~/modules/catalog/index.server";
import { productFormStock, StockBelowReserved } from "~/modules/inventory/index.server";
import { adminIntent, ok } from "~/platform/admin/action.server";
import { AdminError } from "~/platform/admin/actor.server";
import { assertKind, readFileLimited, StorageError } from "~/platform/storage.server";
import { lojaAction, lojaLoader } from "~/routes/admin/loja/shared.server";

const route = adminFormRoute("/admin/loja?view=produtos", "produtos.editar");
export const handle = route.handle;
export const loader = lojaLoader(route);

async function productImage(form: FormData): Promise<Uint8Array | null> {
  const file = form.get("imagem");
  if (!(file instanceof File) || file.size === 0) return null;
  const bytes = await readFileLimited(
    file,
    catalogRules.MAX_PRODUCT_IMAGE_BYTES,
    catalogRules.PRODUCT_IMAGE_TOO_LARGE,
  );
  await assertKind(bytes, "image", catalogRules.PRODUCT_IMAGE_WRONG_TYPE);
  return bytes;
}

/** Creates or updates a product from its form, with its image and the stock field. */
function saveProduct(intent: "product-create" | "product-update") {
  return adminIntent({
    schema: catalogRules.productSchema,
    refusal: "Verifique os campos do produto",
    failure: "Erro ao salvar produto",
    run: async (product, { actor, form, fields }) => {
      let image: Uint8Array | null;
      try {
        image = await productImage(form);
      } catch (error) {
        if (error instanceof StorageError) {
          return data(
            {
              ok: false as const,
              intent,
              message: "Erro ao fazer upload da imagem",
              errors: { imagem: error.message },
            },
            { status: 400 },
          );
        }
        throw error;
      }
      // The stock field: the units in hand at the default unit, a refusal below the reserved.
      const writeStock = productFormStock(product.estoque, null);
      const stock: typeof writeStock = (tx, varianteId) =>
        writeStock(tx, varianteId).catch((error: unknown) => {
          if (error instanceof StockBelowReserved) throw new AdminError(error.message, "estoque");
          throw error;
        });
      if (intent === "product-create") {
        await catalog.createProduct(product, image, actor, stock);
        return ok(intent, "Produto criado com sucesso!");
      }
      await catalog.updateProduct(
        fields.id ?? "",
        product,
        { image, removeImage: fields.removerImagem === "on", stock },
        actor,
      );
      return ok(intent, "Produto atualizado com sucesso!");
    },
  });
}

export const action = lojaAction(route, {
  "product-create": saveProduct("product-create"),
  "product-update": saveProduct("product-update"),
  "product-toggle": adminIntent({
    failure: "Erro ao salvar produto",
    run: async (fields, { actor }) => {
      const row = await catalog.setProductActive(fields.id ?? "", fields.ativo === "true", actor);
      return row.ativo ? "Produto ativado" : "Produto desativado";
    },
  }),
  "product-delete": adminIntent({
    failure: "Erro ao excluir produto",
    run: async (fields, { actor }) => {
      const { mode } = await catalog.deleteProduct(fields.id ?? "", actor);
      return [
        "Produto excluído com sucesso!",
        mode === "soft"
          ? "Ele aparece em pedidos anteriores: foi retirado da loja e mantido no histórico."
          : undefined,
      ] as const;
    },
  }),
  "category-create": adminIntent({
    schema: catalogRules.categorySchema,
    failure: "Erro ao criar categoria",
    run: async (data, { actor }) => {
      const { category, created } = await catalog.findOrCreateCategory(data, actor);
      return created ? "Categoria criada com sucesso!" : `A categoria ${category.nome} já existe`;
    },
  }),
});
