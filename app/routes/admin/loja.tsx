// /admin/loja: the store hub (SPEC §2.3). The view lives in the URL (?view=produtos).
import { ExternalLink } from "lucide-react";
import { data, useLocation } from "react-router";
import { AdminLoadError } from "~/components/admin/load-error";
import { LojaDashboard } from "~/components/admin/loja/dashboard-view";
import { LojaOrders } from "~/components/admin/loja/orders-view";
import { LojaProducts } from "~/components/admin/loja/products-view";
import { LojaSettings } from "~/components/admin/loja/settings-view";
import { LOJA_VIEWS, type LojaView, LojaViewNav } from "~/components/admin/loja/view-nav";
import { Button } from "~/components/ui/button";
import { pageParam } from "~/domain/pagination";
import { STATUS_PAGAMENTO, STATUS_PEDIDO } from "~/domain/statuses";
import { externalLinkProps } from "~/domain/whatsapp";
import { formFields } from "~/lib/forms";
import { BAIRRO_REQUIRED, bairroFeeSchema, bairroSchema } from "~/schemas/bairro";
import { COUPON_REQUIRED, couponSchema } from "~/schemas/coupon";
import { paymentSettingsSchema } from "~/schemas/payment-settings";
import {
  categorySchema,
  MAX_PRODUCT_IMAGE_BYTES,
  PRODUCT_IMAGE_TOO_LARGE,
  PRODUCT_IMAGE_WRONG_TYPE,
  productSchema,
} from "~/schemas/product";
import { orderStatusSchema, paymentStatusSchema, refundSchema } from "~/schemas/status";
import { storeSettingsSchema, webhookTestSchema } from "~/schemas/store-settings";
import { attempt, fail, invalid, ok, readAdminForm } from "~/server/admin-action.server";
import type { AdminActor } from "~/server/admin-actor.server";
import { requireAdmin } from "~/server/auth.server";
import { addBairro, listBairros, removeBairro, updateBairro } from "~/server/bairros.server";
import { findOrCreateCategory, listCategories } from "~/server/categories.server";
import { createCoupon, listCoupons, setCouponActive } from "~/server/coupons.server";
import { env } from "~/server/env.server";
import {
  listAdminOrders,
  refundOrderPix,
  setOrderStatus,
  setPaymentStatus,
  storeStats,
} from "~/server/orders-admin.server";
import { paymentSettingsView, savePaymentSettings } from "~/server/payments/settings.server";
import {
  createProduct,
  deleteProduct,
  listAdminProducts,
  PRODUCTS_PAGE_SIZE,
  setProductActive,
  updateProduct,
} from "~/server/products.server";
import { getSettings, saveStoreSettings } from "~/server/settings.server";
import { assertKind, readFileLimited, StorageError } from "~/server/storage.server";
import { testStoreWebhook } from "~/server/webhooks.server";
import type { Route } from "./+types/loja";

export const meta: Route.MetaFunction = () => [{ title: "Loja Online | Painel Administrativo" }];

function viewOf(url: URL): LojaView {
  const view = url.searchParams.get("view");
  return (LOJA_VIEWS as readonly string[]).includes(view ?? "") ? (view as LojaView) : "dashboard";
}

function oneOf<T extends string>(list: readonly T[], value: string | null): T | undefined {
  return list.includes(value as T) ? (value as T) : undefined;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const view = viewOf(url);
  if (view === "produtos") {
    const filters = {
      q: url.searchParams.get("q") ?? "",
      categoriaId: url.searchParams.get("categoria") ?? "",
      estoqueBaixo: url.searchParams.get("estoque_baixo") === "1",
      page: pageParam(url),
    };
    const uuid = /^[0-9a-f-]{36}$/i.test(filters.categoriaId) ? filters.categoriaId : undefined;
    const [{ products, total }, categories, coupons] = await Promise.all([
      listAdminProducts({ ...filters, categoriaId: uuid }),
      listCategories(),
      listCoupons(),
    ]);
    return {
      view,
      produtos: { products, total, filters, pageSize: PRODUCTS_PAGE_SIZE, categories, coupons },
    } as const;
  }
  if (view === "pedidos") {
    const status = oneOf(STATUS_PEDIDO, url.searchParams.get("status"));
    const pagamento = oneOf(STATUS_PAGAMENTO, url.searchParams.get("pagamento"));
    const page = pageParam(url);
    const [{ orders, total }, settings] = await Promise.all([
      listAdminOrders({ status, pagamento, page }),
      getSettings(),
    ]);
    return {
      view,
      pedidos: {
        orders,
        total,
        page,
        filters: { status: status ?? "", pagamento: pagamento ?? "" },
        whatsappNumero: settings.whatsappNumero,
      },
    } as const;
  }
  if (view === "configuracoes") {
    const [settings, bairros] = await Promise.all([getSettings(), listBairros()]);
    // Secrets stay on the server (the online Pix ones have their own read-only view).
    const {
      webhookSecret,
      mercadopagoAccessToken: _token,
      mercadopagoWebhookSecret: _mpSecret,
      ...visible
    } = settings;
    return {
      view,
      configuracoes: {
        settings: { ...visible, hasSecret: Boolean(webhookSecret) },
        bairros,
        // Whether each credential is set and where from; never the credential itself.
        pagamentos: paymentSettingsView(settings),
        // The address to register in Mercado Pago's panel: PUBLIC_URL behind a proxy,
        // else the address this page was opened at.
        mercadoPagoWebhookUrl: new URL(
          "/webhooks/mercadopago",
          env().PUBLIC_URL ?? new URL(request.url).origin,
        ).toString(),
      },
    } as const;
  }
  return { view, dashboard: await storeStats() } as const;
}

async function productImage(form: FormData): Promise<Uint8Array | null> {
  const file = form.get("imagem");
  if (!(file instanceof File) || file.size === 0) return null;
  const bytes = await readFileLimited(file, MAX_PRODUCT_IMAGE_BYTES, PRODUCT_IMAGE_TOO_LARGE);
  await assertKind(bytes, "image", PRODUCT_IMAGE_WRONG_TYPE);
  return bytes;
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const actor: AdminActor = { request, userId: user.id };
  let form: FormData;
  try {
    form = await readAdminForm(request, {
      maxFileSize: MAX_PRODUCT_IMAGE_BYTES,
      tooLargeMessage: PRODUCT_IMAGE_TOO_LARGE,
    });
  } catch (error) {
    if (error instanceof StorageError) return fail("produto", error.message);
    throw error;
  }
  const fields = formFields(form);
  const intent = fields.intent ?? "";
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
        if (intent === "product-create") {
          await createProduct(parsed.data, image, actor);
          return ok(intent, "Produto criado com sucesso!");
        }
        await updateProduct(
          id,
          parsed.data,
          { image, removeImage: fields.removerImagem === "on" },
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
    case "coupon-create": {
      const parsed = couponSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error, COUPON_REQUIRED);
      return attempt(intent, "Erro ao criar cupom", async () => {
        await createCoupon(parsed.data, actor);
        return ok(intent, "Cupom criado com sucesso!");
      });
    }
    case "coupon-toggle":
      return attempt(intent, "Erro ao salvar cupom", async () => {
        const row = await setCouponActive(id, fields.ativo === "true", actor);
        return ok(
          intent,
          row.ativo ? `Cupom ${row.codigo} ativado` : `Cupom ${row.codigo} desativado`,
        );
      });
    case "order-status": {
      const parsed = orderStatusSchema.safeParse(fields);
      if (!parsed.success) return fail(intent, "Erro ao atualizar status");
      return attempt(intent, "Erro ao atualizar status", async () => {
        const { estoque } = await setOrderStatus(parsed.data.id, parsed.data.status, actor);
        return ok(
          intent,
          "Status do pedido atualizado",
          estoque === "devolvido"
            ? "Os itens voltaram para o estoque."
            : estoque === "retirado"
              ? "Os itens foram retirados do estoque novamente."
              : undefined,
        );
      });
    }
    case "payment-status": {
      const parsed = paymentStatusSchema.safeParse(fields);
      if (!parsed.success) return fail(intent, "Erro ao atualizar pagamento");
      return attempt(intent, "Erro ao atualizar pagamento", async () => {
        await setPaymentStatus(parsed.data.id, parsed.data.status, actor);
        return ok(intent, "Pagamento atualizado");
      });
    }
    case "settings-save": {
      const parsed = storeSettingsSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error, "Verifique os campos destacados");
      return attempt(intent, "Erro ao salvar configurações", async () => {
        await saveStoreSettings(parsed.data, actor);
        return ok(intent, "Configurações salvas com sucesso!");
      });
    }
    case "payment-settings-save": {
      const parsed = paymentSettingsSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error, "Verifique os campos destacados");
      return attempt(intent, "Erro ao salvar configurações", async () => {
        const saved = await savePaymentSettings(parsed.data, actor);
        return ok(
          intent,
          "Configurações do Pix automático salvas!",
          saved.disponivel ? "O Pix automático está ativo na loja." : undefined,
        );
      });
    }
    case "pix-refund": {
      const parsed = refundSchema.safeParse(fields);
      if (!parsed.success) return fail(intent, "Erro ao reembolsar pagamento");
      return attempt(intent, "Erro ao reembolsar pagamento", async () => {
        await refundOrderPix(parsed.data.id, actor);
        return ok(intent, "Pagamento reembolsado", "O valor foi devolvido ao cliente pelo Pix.");
      });
    }
    case "webhook-test": {
      // The URL on the screen, typed or not yet saved; a request without one tests the saved URL.
      let typedUrl: string | null | undefined;
      if (fields.webhookUrl !== undefined) {
        const parsed = webhookTestSchema.safeParse(fields);
        if (!parsed.success) return invalid(intent, parsed.error, "URL inválida");
        typedUrl = parsed.data.webhookUrl;
      }
      return attempt(intent, "Erro ao enviar teste", async () => {
        const result = await testStoreWebhook(actor, typedUrl);
        return result.ok
          ? ok(intent, result.message)
          : data(
              { ok: false as const, intent, message: result.message, description: result.detail },
              { status: 400 },
            );
      });
    }
    case "bairro-create": {
      const parsed = bairroSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error, BAIRRO_REQUIRED);
      return attempt(intent, "Erro ao salvar bairro", async () => {
        const row = await addBairro(parsed.data, actor);
        return ok(intent, `Bairro ${row.nome} adicionado`);
      });
    }
    case "bairro-fee": {
      const parsed = bairroFeeSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error);
      return attempt(intent, "Erro ao salvar bairro", async () => {
        const row = await updateBairro(id, { taxaEntrega: parsed.data.taxaEntrega }, actor);
        return ok(intent, `Taxa de ${row.nome} atualizada`);
      });
    }
    case "bairro-toggle":
      return attempt(intent, "Erro ao salvar bairro", async () => {
        const row = await updateBairro(id, { ativo: fields.ativo === "true" }, actor);
        return ok(
          intent,
          row.ativo ? `Bairro ${row.nome} ativado` : `Bairro ${row.nome} desativado`,
        );
      });
    case "bairro-delete":
      return attempt(intent, "Erro ao remover bairro", async () => {
        await removeBairro(id, actor);
        return ok(intent, "Bairro removido");
      });
    default:
      return fail(intent, "Ação desconhecida");
  }
}

export default function LojaAdmin({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Loja Online</h1>
          <p className="text-sm text-slate-600">
            Produtos, cupons, pedidos e configurações da loja
          </p>
        </div>
        <Button asChild variant="outline">
          <a href="/loja" {...externalLinkProps}>
            <ExternalLink aria-hidden="true" />
            Ver loja
            <span className="sr-only"> (abre em nova aba)</span>
          </a>
        </Button>
      </div>
      <LojaViewNav current={loaderData.view} />
      {loaderData.view === "produtos" ? (
        <LojaProducts {...loaderData.produtos} />
      ) : loaderData.view === "pedidos" ? (
        <LojaOrders {...loaderData.pedidos} />
      ) : loaderData.view === "configuracoes" ? (
        <LojaSettings {...loaderData.configuracoes} />
      ) : (
        <LojaDashboard stats={loaderData.dashboard} />
      )}
    </div>
  );
}

/** SPEC §8 names the failure by what was being loaded. */
const LOAD_ERRORS: Record<string, string> = {
  pedidos: "Erro ao carregar pedidos",
  configuracoes: "Erro ao carregar configurações",
  dashboard: "Erro ao carregar dados do dashboard",
};

export function ErrorBoundary() {
  const view = new URLSearchParams(useLocation().search).get("view") ?? "";
  return (
    <AdminLoadError title="Loja Online" message={LOAD_ERRORS[view] ?? "Erro ao carregar dados"} />
  );
}
