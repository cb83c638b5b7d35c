// POST /admin/loja/produtos: the product list's writes (products and their categories).

import { data } from "react-router";
import { adminFormRoute } from "~/components/admin/page";
import {
  categorySchema,
  MAX_PRODUCT_IMAGE_BYTES,
  PRODUCT_IMAGE_TOO_LARGE,
  PRODUCT_IMAGE_WRONG_TYPE,
  productSchema,
} from "~/modules/catalog";
import {
  createProduct,
  deleteProduct,
  findOrCreateCategory,
  setProductActive,
  updateProduct,
} from "~/modules/catalog/index.server";
import { productFormStock, StockBelowReserved } from "~/modules/inventory/index.server";
import { attempt, invalid, ok } from "~/platform/admin/action.server";
import { AdminError } from "~/platform/admin/actor.server";
import { assertKind, readFileLimited, StorageError } from "~/platform/storage.server";
import { lojaAction, lojaLoader } from "~/routes/admin/loja/shared.server";
import { produtoIntent } from "~/schemas/admin-loja-intents";

const route = adminFormRoute("/admin/loja?view=produtos", "produtos.editar");
export const handle = route.handle;
export const loader = lojaLoader(route);

async function productImage(form: FormData): Promise<Uint8Array | null> {
  const file = form.get("imagem");
  if (!(file instanceof File) || file.size === 0) return null;
  const bytes = await readFileLimited(file, MAX_PRODUCT_IMAGE_BYTES, PRODUCT_IMAGE_TOO_LARGE);
  await assertKind(bytes, "image", PRODUCT_IMAGE_WRONG_TYPE);
  return bytes;
}

export const action = lojaAction(route, produtoIntent, async ({ actor, form, fields, intent }) => {
  const id = fields.id ?? "";

  switch (intent) {
    case "product-create":
    case "product-update": {
      const parsed = productSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error, "Verifique os campos do produto");
      return attempt(intent, "Erro ao salvar produto", async () => {
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
        const writeStock = productFormStock(parsed.data.estoque, null);
        const stock: typeof writeStock = (tx, varianteId) =>
          writeStock(tx, varianteId).catch((error: unknown) => {
            if (error instanceof StockBelowReserved) throw new AdminError(error.message, "estoque");
            throw error;
          });
        if (intent === "product-create") {
          await createProduct(parsed.data, image, actor, stock);
          return ok(intent, "Produto criado com sucesso!");
        }
        await updateProduct(
          id,
          parsed.data,
          { image, removeImage: fields.removerImagem === "on", stock },
          actor,
        );
        return ok(intent, "Produto atualizado com sucesso!");
      });
    }
    case "product-toggle":
      return attempt(intent, "Erro ao salvar produto", async () => {
        const row = await setProductActive(id, fields.ativo === "true", actor);
        return ok(intent, row.ativo ? "Produto ativado" : "Produto desativado");
      });
    case "product-delete":
      return attempt(intent, "Erro ao excluir produto", async () => {
        const { mode } = await deleteProduct(id, actor);
        return ok(
          intent,
          "Produto excluído com sucesso!",
          mode === "soft"
            ? "Ele aparece em pedidos anteriores: foi retirado da loja e mantido no histórico."
            : undefined,
        );
      });
    case "category-create": {
      const parsed = categorySchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error);
      return attempt(intent, "Erro ao criar categoria", async () => {
        const { category, created } = await findOrCreateCategory(parsed.data, actor);
        return ok(
          intent,
          created ? "Categoria criada com sucesso!" : `A categoria ${category.nome} já existe`,
        );
      });
    }
    default:
      return intent satisfies never;
  }
});
