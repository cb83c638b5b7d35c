// /admin/assinaturas (issue 45 point 4, decision 0086): what the owner plans purchases with —
// the units of each variant due in the next 14 and 30 days per unit, from active "compras
// programadas" — the subscriptions with their state and history, the revenue of paid renewals,
// and the discount per product or category (on items only, never the delivery fee).
import { z } from "zod";
import { adminPage } from "~/components/admin/page";
import { AdminScreen } from "~/components/admin/screen";
import { IntentForm } from "~/components/forms/intent-form";
import { Button } from "~/components/ui/button";
import { NamedOptions } from "~/components/ui/select";
import { ESTADO_ASSINATURA_LABEL, ESTADO_CICLO_LABEL } from "~/domain/assinatura";
import { formatDateTime, formatIsoDate } from "~/domain/dates";
import { formatBRL } from "~/domain/money";
import { adminAction, adminLoader } from "~/modules/accounts/index.server";
import * as subscriptions from "~/modules/subscriptions/index.server";
import { adminIntent } from "~/platform/admin/action.server";
import { AdminError } from "~/platform/admin/actor.server";
import type { Route } from "./+types/assinaturas";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Compra programada",
  capability: "assinaturas.gerir",
  failure: "Erro ao carregar as compras programadas",
});

export const loader = adminLoader(handle, async (_: Route.LoaderArgs, { reads }) => {
  const [previsao, lista, numeros, descontos, categorias] = await reads(() =>
    Promise.all([
      subscriptions.demandForecast(),
      subscriptions.subscriptionsForOwner(),
      subscriptions.subscriptionFigures(),
      subscriptions.listDiscounts(),
      subscriptions.discountTargets(),
    ]),
  );
  return {
    previsao,
    lista: lista.map((s) => ({
      ...s,
      criadaEm: formatDateTime(s.criadaEm),
      canceladaEm: s.canceladaEm ? formatDateTime(s.canceladaEm) : null,
    })),
    numeros,
    descontos,
    categorias,
  };
});

const discountSchema = z.object({
  alvo: z.enum(["produto", "categoria"], { error: "Escolha produto ou categoria" }),
  sku: z.string().trim().max(80).optional(),
  categoriaId: z.string().trim().max(36).optional(),
  percentual: z.coerce
    .number({ error: "Informe o desconto" })
    .int("Informe um número inteiro")
    .min(0, "De 0 a 50%")
    .max(50, "De 0 a 50%"),
});

export const action = adminAction(
  {
    desconto: adminIntent({
      schema: discountSchema,
      failure: "Erro ao salvar o desconto",
      run: async (input, { actor }) => {
        let produtoId: string | null = null;
        let categoriaId: string | null = null;
        if (input.alvo === "produto") {
          produtoId = input.sku ? await subscriptions.productBySku(input.sku) : null;
          if (!produtoId) throw new AdminError("Nenhum produto com esse SKU", "sku");
        } else {
          categoriaId =
            input.categoriaId && /^[0-9a-f-]{36}$/i.test(input.categoriaId)
              ? input.categoriaId
              : null;
          if (!categoriaId) throw new AdminError("Escolha a categoria", "categoriaId");
        }
        await subscriptions.setDiscount(
          { produtoId, categoriaId, percentual: input.percentual },
          actor,
        );
        return input.percentual > 0 ? "Desconto salvo" : "Desconto removido";
      },
    }),
  },
  { capability: "assinaturas.gerir" },
);

export default function AdminSubscriptions({ loaderData }: Route.ComponentProps) {
  const { previsao, lista, numeros, descontos, categorias } = loaderData;
  return (
    <AdminScreen
      width="6xl"
      title="Compra programada"
      description="O que os clientes vão comprar nos próximos dias, por unidade, e as assinaturas com seu histórico."
    >
      <section className="grid gap-2 text-sm">
        <p>
          Ativas: {numeros.porEstado.ativa ?? 0} · Pausadas: {numeros.porEstado.pausada ?? 0} ·
          Canceladas: {numeros.porEstado.cancelada ?? 0} · Receita das renovações pagas (30 dias):{" "}
          <strong>{formatBRL(numeros.receita30Dias)}</strong>
        </p>
      </section>
      <section aria-labelledby="previsao" className="grid gap-2">
        <h2 id="previsao" className="text-lg font-bold">
          Previsão de compras
        </h2>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="previsao">
            <thead>
              <tr>
                <th className="p-2">Unidade</th>
                <th className="p-2">Produto</th>
                <th className="p-2">SKU</th>
                <th className="p-2 text-right">Próximos 14 dias</th>
                <th className="p-2 text-right">Próximos 30 dias</th>
              </tr>
            </thead>
            <tbody>
              {previsao.length === 0 ? (
                <tr>
                  <td colSpan={5} className="p-2 text-slate-600">
                    Nenhuma entrega programada nos próximos 30 dias.
                  </td>
                </tr>
              ) : (
                previsao.map((r) => (
                  <tr key={`${r.unidadeId}-${r.varianteId}`} className="border-t border-slate-200">
                    <td className="p-2">{r.unidade}</td>
                    <td className="p-2">{r.nome}</td>
                    <td className="p-2">{r.sku}</td>
                    <td className="p-2 text-right">{r.ate14}</td>
                    <td className="p-2 text-right">{r.ate30}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="descontos" className="grid gap-2 text-sm">
        <h2 id="descontos" className="text-lg font-bold">
          Descontos da compra programada
        </h2>
        <p className="text-slate-600">
          O desconto vale só para os itens, nunca para a taxa de entrega. O do produto vale antes do
          da categoria.
        </p>
        <ul>
          {descontos.map((d) => (
            <li key={d.id}>
              {d.tipo === "produto" ? "Produto" : "Categoria"} {d.alvo}: {d.percentual}%
            </li>
          ))}
        </ul>
        <IntentForm intent="desconto" className="flex flex-wrap items-end gap-2">
          <label className="grid gap-1">
            Aplicar a
            <select name="alvo" className="rounded-md border border-slate-300 px-2 py-1">
              <option value="produto">Produto (pelo SKU)</option>
              <option value="categoria">Categoria</option>
            </select>
          </label>
          <label className="grid gap-1">
            SKU
            <input
              name="sku"
              maxLength={80}
              className="rounded-md border border-slate-300 px-2 py-1"
            />
          </label>
          <label className="grid gap-1">
            Categoria
            <select name="categoriaId" className="rounded-md border border-slate-300 px-2 py-1">
              <option value="">—</option>
              <NamedOptions items={categorias} />
            </select>
          </label>
          <label className="grid gap-1">
            Desconto (%)
            <input
              name="percentual"
              type="number"
              min={0}
              max={50}
              required
              className="w-20 rounded-md border border-slate-300 px-2 py-1"
            />
          </label>
          <Button type="submit">Salvar</Button>
        </IntentForm>
      </section>
      <section aria-labelledby="lista" className="grid gap-2">
        <h2 id="lista" className="text-lg font-bold">
          Assinaturas
        </h2>
        <ul className="grid gap-2 text-sm" data-testid="assinaturas">
          {lista.map((s) => (
            <li key={s.id} className="rounded-lg border border-slate-200 bg-white p-3">
              <p className="font-semibold">
                {s.cliente} —{" "}
                {ESTADO_ASSINATURA_LABEL[s.estado as keyof typeof ESTADO_ASSINATURA_LABEL] ??
                  s.estado}
              </p>
              <p>
                {s.itens}, a cada {s.intervaloDias} dias · próxima {formatIsoDate(s.proximaData)}
              </p>
              <p className="text-slate-600">
                Criada em {s.criadaEm}
                {s.canceladaEm ? ` · cancelada em ${s.canceladaEm} (protocolo ${s.protocolo})` : ""}
              </p>
              {s.historico.length > 0 ? (
                <p className="text-slate-600">
                  {s.historico
                    .map(
                      (h) =>
                        `${formatIsoDate(h.data)}: ${ESTADO_CICLO_LABEL[h.estado as keyof typeof ESTADO_CICLO_LABEL] ?? h.estado}`,
                    )
                    .join(" · ")}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </AdminScreen>
  );
}
