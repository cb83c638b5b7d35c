// POST /admin/loja/cupons: the discount coupons (their panel sits on the product list).

import { adminFormRoute } from "~/components/admin/page";
import { COUPON_REQUIRED, couponSchema } from "~/modules/promotions";
import { createCoupon, setCouponActive } from "~/modules/promotions/index.server";
import { adminIntent } from "~/platform/admin/action.server";
import { lojaAction, lojaLoader } from "~/routes/admin/loja/shared.server";

const route = adminFormRoute("/admin/loja?view=produtos", "cupons.editar");
export const handle = route.handle;
export const loader = lojaLoader(route);

export const action = lojaAction(route, {
  "coupon-create": adminIntent({
    schema: couponSchema,
    refusal: COUPON_REQUIRED,
    failure: "Erro ao criar cupom",
    run: async (data, { actor }) => {
      await createCoupon(data, actor);
      return "Cupom criado com sucesso!";
    },
  }),
  "coupon-toggle": adminIntent({
    failure: "Erro ao salvar cupom",
    run: async (fields, { actor }) => {
      const row = await setCouponActive(fields.id ?? "", fields.ativo === "true", actor);
      return row.ativo ? `Cupom ${row.codigo} ativado` : `Cupom ${row.codigo} desativado`;
    },
  }),
});
