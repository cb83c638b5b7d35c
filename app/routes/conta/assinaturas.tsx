// "Minha conta" → "Compra programada" (issue 45 points 1 and 3, decision 0086): the customer's
// subscriptions with one-click actions, and subscribing to the variant the product page sent
// (`?v=`): items, interval (suggested from the pet's daily grams and the bag's weight), unit,
// delivery or pick-up, address, payment; the terms before a required checkbox.
import { data, Form, useActionData, useLoaderData } from "react-router";
import {
  IntervalInput,
  PlainError,
  PlainInput,
  PlainLabel,
  PlainSelect,
} from "~/components/conta/plain-controls";
import { SubscriptionCard } from "~/components/conta/subscription-card";
import { Button } from "~/components/ui/button";
import { NamedOptions } from "~/components/ui/select";
import { gramasPorDiaEstimadas, intervaloSugerido, termosAssinatura } from "~/domain/assinatura";
import { formatBRL } from "~/domain/money";
import {
  listAddresses,
  petsWithWeight,
  requireCustomer,
  savedAddress,
} from "~/modules/customers/index.server";
import { orderToSubscribe } from "~/modules/orders/index.server";
import { listActiveUnits } from "~/modules/shop/index.server";
import {
  customerSubscriptions,
  firstDateAllowed,
  ownsSubscription,
  payNow,
  subscribableVariants,
  subscribe,
  subscriptionAction,
} from "~/modules/subscriptions/index.server";
import { readForm } from "~/platform/request-info.server";
import { redirectWithToast } from "~/platform/toast.server";
import type { Route } from "./+types/assinaturas";

export function meta() {
  return [{ title: "Compra programada | Minha conta" }, { name: "robots", content: "noindex" }];
}

/** The address book's entry an order went to (same street start and neighbourhood), if any. */
function matchingAddress(
  enderecos: { id: string; logradouro: string; bairro: string | null }[],
  endereco: string,
  bairro: string,
) {
  const norm = (t: string) => t.trim().toLowerCase();
  return (
    enderecos.find(
      (e) =>
        e.bairro !== null &&
        norm(e.bairro) === norm(bairro) &&
        norm(endereco).startsWith(norm(e.logradouro)),
    )?.id ?? null
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  const { cliente } = await requireCustomer(request);
  const url = new URL(request.url);
  const v = (url.searchParams.get("v") ?? "").slice(0, 36);
  // "Assinar estes itens" of a past order (decision 0090): the order page's secret proves it.
  const numeroPedido = (url.searchParams.get("pedido") ?? "").slice(0, 40);
  const origem = numeroPedido
    ? await orderToSubscribe(numeroPedido, url.searchParams.get("token"), cliente.email)
    : null;
  const gramasDigitadas = Number(url.searchParams.get("gramas") ?? "") || null;
  const petId = (url.searchParams.get("pet") ?? "").slice(0, 36);
  const [lista, enderecos, unidades, pets] = await Promise.all([
    customerSubscriptions(cliente.id),
    listAddresses(cliente.id),
    listActiveUnits(),
    petsWithWeight(cliente.id),
  ]);
  const linhas = origem ? origem.itens : v ? [{ varianteId: v, quantidade: 1 }] : [];
  const escolhidas = linhas.length > 0 ? await subscribableVariants(linhas) : null;
  const pet = pets.find((p) => p.id === petId) ?? (pets.length === 1 ? pets[0] : undefined);
  const gramasEstimadas = pet ? gramasPorDiaEstimadas(pet.especie, pet.pesoG) : null;
  const gramas = gramasDigitadas ?? gramasEstimadas;
  // The bag: the heaviest line (the food, where an order also had a toy or a snack).
  const saco = escolhidas?.itens
    .filter((i) => i.pesoG)
    .sort((a, b) => b.pesoG! * b.quantidade - a.pesoG! * a.quantidade)[0];
  const comEndereco = enderecos.filter((e) => e.bairro);
  return data(
    {
      assinaturas: lista.map((s) => ({
        id: s.assinatura.id,
        estado: s.assinatura.estado,
        intervaloDias: s.assinatura.intervaloDias,
        proximaData: s.assinatura.proximaData,
        pausadaAte: s.assinatura.pausadaAte,
        lembretes: s.assinatura.lembretes,
        protocolo: s.assinatura.protocoloCancelamento,
        itens: s.itens,
        ciclos: s.ciclos.map((c) => ({
          id: c.id,
          data: c.data,
          estado: c.estado,
          motivo: c.motivo,
        })),
        escolhas: s.escolhas,
      })),
      nova:
        escolhidas && escolhidas.itens.length > 0
          ? {
              itens: escolhidas.itens,
              fora: escolhidas.fora,
              pedido: origem?.numero ?? null,
              pedidoToken: origem ? (url.searchParams.get("token") ?? "") : null,
              v: origem ? null : v,
              sugerido: saco ? intervaloSugerido(saco.pesoG, saco.quantidade, gramas) : null,
              gramas: gramasDigitadas,
              estimativa:
                pet && gramasEstimadas && !gramasDigitadas
                  ? { pet: pet.nome, pesoG: pet.pesoG!, gramas: gramasEstimadas }
                  : null,
              pets: pets.filter((p) => p.pesoG).map((p) => ({ id: p.id, nome: p.nome })),
              petId: pet?.id ?? "",
              primeiraData: firstDateAllowed(),
              enderecos: comEndereco,
              unidades: unidades
                .filter((u) => u.ativo && !u.emBreve && u.retiradaAtiva)
                .map((u) => ({ id: u.id, nome: u.nome })),
              preenchido: origem
                ? {
                    modo: origem.modo,
                    unidadeId: origem.unidadeId ?? "",
                    enderecoId:
                      origem.modo === "entrega"
                        ? (matchingAddress(comEndereco, origem.endereco, origem.bairro) ?? "")
                        : "",
                    janelaEntrega: origem.janelaEntrega ?? "",
                    formaPagamento: origem.formaPagamento,
                  }
                : null,
            }
          : null,
      naoEncontrado: Boolean(numeroPedido) && !origem,
      telefone: origem?.telefone ?? cliente.telefone ?? "",
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type ActionResult = { ok: false; message: string; errors?: Record<string, string> };

export async function action({ request }: Route.ActionArgs) {
  const { cliente } = await requireCustomer(request);
  const form = await readForm(request);
  const fields = Object.fromEntries(
    [...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string"),
  );
  if (fields.intent === "assinar") {
    const result = await subscribe(
      { id: cliente.id, email: cliente.email, nome: cliente.nome },
      fields,
      async (id) => {
        const a = await savedAddress(cliente.id, id);
        return a
          ? {
              logradouro: a.logradouro,
              numero: a.numero,
              complemento: a.complemento,
              referencia: a.referencia,
              cep: a.cep,
              bairro: a.bairro,
            }
          : null;
      },
    );
    if (!result.ok) {
      return data<ActionResult>(
        { ok: false, message: result.message, errors: result.errors },
        { status: 400 },
      );
    }
    return redirectWithToast(
      "/conta/assinaturas",
      { type: "success", title: "Compra programada criada. Enviamos os termos por e-mail." },
      { status: 303 },
    );
  }
  const id = (fields.id ?? "").slice(0, 36);
  if (!(await ownsSubscription(cliente.id, id))) {
    return data<ActionResult>(
      { ok: false, message: "Assinatura não encontrada." },
      { status: 404 },
    );
  }
  const result = await subscriptionAction(id, fields, payNow);
  return redirectWithToast(
    "/conta/assinaturas",
    { type: result.ok ? "success" : "error", title: result.message },
    { status: 303 },
  );
}

export default function AccountSubscriptions() {
  const { assinaturas, nova, telefone, naoEncontrado } = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const errors = result?.errors ?? {};
  const pre = nova?.preenchido;
  return (
    <div className="grid gap-6">
      {naoEncontrado ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          Pedido não encontrado nesta conta. Abra-o pelo link em "Pedidos".
        </p>
      ) : null}
      {nova ? (
        <section
          aria-labelledby="nova-titulo"
          className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm"
        >
          <h2 id="nova-titulo" className="text-lg font-bold text-slate-900">
            {nova.pedido
              ? `Compra programada dos itens do pedido ${nova.pedido}`
              : `Compra programada: ${nova.itens[0]!.nome}`}
          </h2>
          {nova.fora.length > 0 ? (
            <p className="text-amber-900">Fora de venda, não entram: {nova.fora.join(", ")}.</p>
          ) : null}
          {result?.message ? (
            <p role="alert" className="font-medium text-red-700">
              {result.message}
            </p>
          ) : null}
          <Form method="get" className="flex flex-wrap items-end gap-2">
            {nova.v ? <input type="hidden" name="v" value={nova.v} /> : null}
            {nova.pedido ? (
              <>
                <input type="hidden" name="pedido" value={nova.pedido} />
                <input type="hidden" name="token" value={nova.pedidoToken ?? ""} />
              </>
            ) : null}
            {nova.pets.length > 0 ? (
              <PlainLabel label="Para qual pet?">
                <PlainSelect name="pet" defaultValue={nova.petId}>
                  <option value="">—</option>
                  <NamedOptions items={nova.pets} />
                </PlainSelect>
              </PlainLabel>
            ) : null}
            <PlainLabel label="Quantos gramas seu pet come por dia?">
              <PlainInput
                type="number"
                name="gramas"
                min={10}
                max={5000}
                defaultValue={nova.gramas ?? ""}
                className="w-28"
              />
            </PlainLabel>
            <Button type="submit" variant="outline">
              Sugerir intervalo
            </Button>
          </Form>
          {nova.estimativa ? (
            <p className="text-slate-600" data-testid="estimativa">
              {`${nova.estimativa.pet} (${(nova.estimativa.pesoG / 1000).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} kg) come cerca de ${nova.estimativa.gramas} g por dia, pela estimativa do peso. Confira na tabela da embalagem.`}
            </p>
          ) : null}
          <Form method="post" className="grid gap-3">
            {nova.itens.map((item) => (
              <PlainLabel
                key={item.id}
                label={`${item.nome} — hoje ${formatBRL(item.preco)}${item.desconto > 0 ? ` (−${item.desconto}%)` : ""}`}
              >
                <span className="text-slate-600">Quantidade</span>
                <PlainInput
                  type="number"
                  name={`q_${item.id}`}
                  min={nova.itens.length > 1 ? 0 : 1}
                  max={99}
                  defaultValue={item.quantidade}
                  required
                  className="w-24"
                />
              </PlainLabel>
            ))}
            <PlainError error={errors.quantidade} />
            <PlainLabel label="A cada quantos dias (15 a 90)" error={errors.intervaloDias}>
              <IntervalInput defaultValue={nova.sugerido ?? 30} />
              {nova.sugerido ? (
                <span className="text-slate-600">Sugestão: {nova.sugerido} dias</span>
              ) : null}
            </PlainLabel>
            <PlainLabel label="Primeira entrega" error={errors.primeiraData}>
              <PlainInput
                type="date"
                name="primeiraData"
                min={nova.primeiraData}
                defaultValue={nova.primeiraData}
                required
              />
            </PlainLabel>
            <fieldset className="grid gap-1">
              <legend>Como receber</legend>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="modo"
                  value="retirada"
                  defaultChecked={pre?.modo !== "entrega"}
                />{" "}
                Retirar na loja
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="modo"
                  value="entrega"
                  defaultChecked={pre?.modo === "entrega"}
                />{" "}
                Receber em casa
              </label>
            </fieldset>
            <PlainLabel label="Unidade (retirada)" error={errors.unidadeId}>
              <PlainSelect name="unidadeId" defaultValue={pre?.unidadeId || undefined}>
                <NamedOptions items={nova.unidades} />
              </PlainSelect>
            </PlainLabel>
            <PlainLabel label="Endereço (entrega)" error={errors.enderecoId}>
              <PlainSelect name="enderecoId" defaultValue={pre?.enderecoId ?? ""}>
                <option value="">—</option>
                {nova.enderecos.map((e) => (
                  <option
                    key={e.id}
                    value={e.id}
                  >{`${e.logradouro}, ${e.numero} — ${e.bairro}`}</option>
                ))}
              </PlainSelect>
            </PlainLabel>
            <PlainLabel label="Horário (entrega)">
              <PlainSelect name="janelaEntrega" defaultValue={pre?.janelaEntrega ?? ""}>
                <option value="">—</option>
                <option value="manha">Manhã</option>
                <option value="tarde">Tarde</option>
                <option value="noite">Noite</option>
              </PlainSelect>
            </PlainLabel>
            <PlainLabel label="Pagamento" error={errors.formaPagamento}>
              <PlainSelect name="formaPagamento" defaultValue={pre?.formaPagamento}>
                <option value="balcao">Pagar na retirada</option>
                <option value="pix_mercadopago">Pix</option>
                <option value="cartao_mercadopago">Cartão online</option>
                <option value="dinheiro">Dinheiro na entrega</option>
                <option value="cartao_entrega">Cartão na entrega</option>
              </PlainSelect>
            </PlainLabel>
            <PlainLabel label="Telefone" error={errors.telefone}>
              <PlainInput type="tel" name="telefone" defaultValue={telefone} required />
            </PlainLabel>
            <label className="flex items-center gap-2">
              <input type="checkbox" name="lembretes" value="1" defaultChecked /> Quero o lembrete
              por e-mail 3 dias antes
            </label>
            <div className="rounded-lg bg-slate-50 p-3" data-testid="termos">
              <p className="font-semibold">Termos da compra programada</p>
              <ul className="list-disc pl-5">
                {termosAssinatura(Math.max(...nova.itens.map((i) => i.desconto))).map((t) => (
                  <li key={t}>{t}</li>
                ))}
              </ul>
              <p>O desconto vale só para os itens, nunca para a taxa de entrega.</p>
            </div>
            <label className="flex items-center gap-2">
              <input type="checkbox" name="termos" value="1" required /> Li e aceito os termos
            </label>
            <PlainError error={errors.termos} />
            <Button type="submit" name="intent" value="assinar">
              Assinar
            </Button>
          </Form>
        </section>
      ) : null}
      <section aria-labelledby="assinaturas-titulo" className="grid gap-3">
        <h2 id="assinaturas-titulo" className="text-lg font-bold text-slate-900">
          Compra programada
        </h2>
        {assinaturas.length === 0 ? (
          <p className="text-sm text-slate-600">
            Nenhuma compra programada. Na página de uma ração, escolha "Compra programada" para
            receber a cada intervalo, com desconto.
          </p>
        ) : (
          assinaturas.map((s) => <SubscriptionCard key={s.id} s={s} />)
        )}
      </section>
    </div>
  );
}
