import { AlertTriangleIcon } from "lucide-react";
import { Form, Link, useActionData } from "react-router";
import { BairroOptions } from "~/components/loja/bairro-options";
import { CART_STORAGE_KEY } from "~/components/loja/cart-context";
import { CepInput } from "~/components/loja/cep-input";
import { EmptyCart } from "~/components/loja/empty-cart";
import { OrderSummarySlot, type SummaryQuote } from "~/components/loja/order-summary";
import { PURCHASE_TEXTS } from "~/components/loja/purchase-texts";
import { ConsentNote } from "~/components/site/consent-note";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, PhoneInput } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { TextAreaField, TextField } from "~/components/ui/text-field";
import { formatBRL } from "~/domain/money";
import {
  CHECKOUT_PAYMENTS,
  FORMA_PAGAMENTO_LABEL,
  JANELA_ENTREGA_LABEL,
  JANELAS_ENTREGA,
  type JanelaEntrega,
  MODO_PEDIDO_LABEL,
} from "~/domain/statuses";
import { Island } from "~/islands/island";
import { resultErrors } from "~/lib/form-result";
import type { CheckoutResult } from "~/modules/orders";
import { PICK_UP_GAP_CHOICES, pickUpGapTitle, savedAddressFields } from "~/modules/orders";

/** Each method says when it is paid: Pix upfront, the others on delivery. */
const PAYMENT_CHOICE_LABEL: Record<(typeof CHECKOUT_PAYMENTS)[number], string> = {
  pix_mercadopago: "Pix (aprovação automática)",
  cartao_mercadopago: "Cartão de crédito ou débito (Mercado Pago)",
  pix: "PIX (pague agora, antes da entrega ou da retirada)",
  dinheiro: `${FORMA_PAGAMENTO_LABEL.dinheiro} (na entrega)`,
  cartao_entrega: FORMA_PAGAMENTO_LABEL.cartao_entrega,
  balcao: "Pagar na retirada (dinheiro, cartão ou Pix no balcão)",
};

/**
 * The checkout page, served without React (decisions 0013 and 0020): customer, address with
 * the served neighbourhoods, payment (with the e-mail for online Pix and change for cash),
 * notes, and the summary the server quotes. The server renders it once, with the values and
 * errors of a refused post; the `store-purchase` island fills the cart's lines, the hidden
 * `itens` and `cupom`, the summary, the payment's own fields, and the focus on the message.
 */
/** Which way of receiving each payment fits ("entrega", "retirada" or both). */
const PAYMENT_MODES: Record<(typeof CHECKOUT_PAYMENTS)[number], string> = {
  pix_mercadopago: "entrega retirada",
  cartao_mercadopago: "entrega retirada",
  pix: "entrega retirada",
  dinheiro: "entrega",
  cartao_entrega: "entrega",
  balcao: "retirada",
};

/** "em até 3x sem juros", "em até 6x (até 3x sem juros)", "à vista". */
function installmentsText(max: number, semJuros: number): string {
  if (max <= 1) return "À vista no crédito ou no débito";
  if (semJuros >= max) return `Em até ${max}x sem juros`;
  if (semJuros <= 1) return `Em até ${max}x`;
  return `Em até ${max}x (até ${semJuros}x sem juros)`;
}

export interface PickUpUnit {
  id: string;
  nome: string;
  endereco: string;
  horarios: string;
  preparoHoras: number;
}

/**
 * One answer of a radio group drawn as a box, outlined in the brand colour when chosen. An
 * answer of several `lines` keeps its radio at the top.
 */
function RadioBox({
  name,
  value,
  defaultChecked,
  disabled,
  lines = false,
  className = "",
  children,
  ...label
}: Omit<React.ComponentProps<"label">, "className"> & {
  name: string;
  value: string;
  defaultChecked: boolean;
  disabled?: boolean;
  lines?: boolean;
  className?: string;
}) {
  const box = lines ? "items-start p-3" : `min-h-11 items-center px-3 py-2 ${className}`;
  return (
    <label
      className={`flex cursor-pointer gap-2 rounded-lg border border-slate-300 text-sm ${box} has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50`}
      {...label}
    >
      <input
        type="radio"
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        disabled={disabled}
        className={`${lines ? "mt-0.5 shrink-0 " : ""}size-4 accent-brand-600`}
      />
      {children}
    </label>
  );
}

/**
 * The manual Pix is paid before the delivery or before the pick-up: the island rewrites the
 * word (`data-pix-quando`) when the way of receiving changes.
 */
function PixWhen({ modo }: { modo: "entrega" | "retirada" }) {
  return (
    <span>
      PIX (pague agora, antes da <span data-pix-quando="">{modo}</span>)
    </span>
  );
}

/** The checkout's quote as the server renders it (a browser without JavaScript). */
type CheckoutQuote = SummaryQuote & {
  linhas: {
    id: string;
    nome: string;
    quantidadePedida: number;
    quantidade: number;
    subtotal: number;
    disponivel: boolean;
    falta: string | null;
  }[];
  bairro: string | null;
  retiradaFalta: { unidade: string; mensagem: string } | null;
};

/** The cart the server keeps (a browser without JavaScript, decision 0040), quoted. */
interface ServerCheckoutCart {
  quote: CheckoutQuote;
  /** The hidden `itens` field: what can be sold now. */
  itens: string;
}

/**
 * What the chosen pick-up unit lacks, line by line, with where each line is instead and a
 * "Remover" each (issue 39): nothing leaves the cart unless the customer says so. Rendered by
 * the server for the summary it quoted; the island fills it for the browser's cart from
 * each quote (`data-falta-*`, the model in `template[data-falta-modelo]`).
 */
function PickUpGaps({ quote }: { quote: CheckoutQuote | null }) {
  const falta = quote?.retiradaFalta ?? null;
  const lines = quote?.linhas.filter((l) => l.falta) ?? [];
  return (
    <div aria-live="polite">
      <div
        className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        hidden={!falta}
        tabIndex={-1}
        data-retirada-falta=""
        data-testid="retirada-falta"
      >
        <p className="font-semibold" data-falta-titulo="">
          {falta ? pickUpGapTitle(falta.unidade) : ""}
        </p>
        <ul className="grid gap-2" data-falta-itens="">
          {lines.map((l) => (
            <li key={l.id} className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0">
                <strong>{l.nome}</strong>: {l.falta}
              </span>
              <Button
                type="submit"
                name="remover"
                value={l.id}
                formNoValidate
                variant="outline"
                size="sm"
                aria-label={`Remover ${l.nome} do pedido`}
              >
                Remover
              </Button>
            </li>
          ))}
        </ul>
        <template data-falta-modelo="">
          <li className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0">
              <strong data-nome="" />: <span data-nota="" />
            </span>
            <Button type="button" variant="outline" size="sm" data-remover-falta="">
              Remover
            </Button>
          </li>
        </template>
        <p>{PICK_UP_GAP_CHOICES}</p>
      </div>
    </div>
  );
}

/** A button only a browser without JavaScript shows (the island acts on change instead). */
function NoScriptButton({
  value,
  step,
  children,
}: {
  value: string;
  /** The part of the page the answer opens at (its id): the step just answered. */
  step: string;
  children: React.ReactNode;
}) {
  return (
    <Button
      type="submit"
      name="intent"
      value={value}
      formAction={`/loja/checkout#${step}`}
      formNoValidate
      variant="outline"
      className="hidden justify-self-start noscript:inline-flex"
      data-sem-js=""
    >
      {children}
    </Button>
  );
}

/** A signed-in customer's saved delivery address (decision 0074). */
export interface CheckoutAddress {
  id: string;
  apelido: string | null;
  cep: string | null;
  logradouro: string;
  numero: string;
  complemento: string | null;
  referencia: string | null;
  /** The served neighbourhood now; null when it is no longer served. */
  bairro: string | null;
  bairroSalvo: string;
  taxaEntrega: number | null;
}

/**
 * "Seus endereços": one button per saved address. Without JavaScript it posts the form back
 * filled with that address (and the summary for its neighbourhood); the island fills the
 * fields in place from `data-endereco` and the quote follows the neighbourhood's change.
 */
function SavedAddresses({ enderecos }: { enderecos: CheckoutAddress[] }) {
  if (enderecos.length === 0) return null;
  return (
    <div className="grid gap-2 sm:col-span-2" data-testid="enderecos-salvos">
      <p className="text-sm font-semibold text-slate-800">Seus endereços</p>
      <ul className="grid gap-2">
        {enderecos.map((a) => {
          const line = [`${a.logradouro}, ${a.numero}`, a.complemento].filter(Boolean).join(" - ");
          return (
            <li key={a.id}>
              <button
                type="submit"
                name="enderecoSalvo"
                value={a.id}
                formAction="/loja/checkout#endereco-entrega"
                formNoValidate
                className="flex min-h-11 w-full flex-col items-start rounded-lg border border-slate-300 px-3 py-2 text-left text-sm hover:bg-slate-50"
                data-endereco={JSON.stringify(savedAddressFields(a))}
              >
                <span className="font-semibold">
                  {a.apelido ? `${a.apelido}: ` : ""}
                  {line}
                </span>
                <span className="text-slate-700">
                  {a.bairro
                    ? `${a.bairro}${a.taxaEntrega !== null ? ` · entrega ${formatBRL(a.taxaEntrega)}` : ""}`
                    : `${a.bairroSalvo} · não entregamos mais nesse bairro`}
                </span>
                <span className="sr-only">Usar este endereço</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function CheckoutForm({
  bairros,
  enderecos = [],
  retiradas,
  entregas,
  janelas = {},
  pixAtivo,
  pixOnline,
  cartao = null,
  idempotencyKey: newKey,
  servidor = null,
}: {
  servidor?: ServerCheckoutCart | null;
  bairros: { nome: string; taxaEntrega: number }[];
  /** A signed-in customer's saved addresses, the newest used first. */
  enderecos?: CheckoutAddress[];
  /** The units that take pick-up orders; none: the choice is not offered. */
  retiradas: PickUpUnit[];
  /** Some unit delivers. */
  entregas: boolean;
  /** The windows with their day for an order placed now ("Hoje, à tarde (13h às 17h)"). */
  janelas?: Partial<Record<JanelaEntrega, string>>;
  pixAtivo: boolean;
  pixOnline: boolean;
  /** Card online when offered: "em até 3x sem juros" (decision 0080). */
  cartao?: { parcelasMax: number; parcelasSemJuros: number } | null;
  idempotencyKey: string;
}) {
  const actionData = useActionData<CheckoutResult>();
  const values = (actionData && !actionData.ok ? actionData.values : undefined) ?? {};
  // The neighbourhood chosen in the server's cart comes already chosen (decision 0040).
  const bairro = values.bairro ?? servidor?.quote.bairro ?? "";
  const forma = values.formaPagamento ?? "";
  // One key per checkout visit (made by the loader), kept across refusals.
  const idempotencyKey = values.idempotencyKey || newKey;
  const errors = resultErrors(actionData);
  // A text field as a refused post left it: its id and name, its error and its value.
  const sent = (name: string) => ({
    id: name,
    name,
    error: errors[name],
    defaultValue: values[name],
  });
  const message = actionData && !actionData.ok ? actionData.message : undefined;
  const quote =
    (actionData && !actionData.ok ? actionData.resumo : null) ?? servidor?.quote ?? null;
  // Every line the cart holds, a pick-up unit's gaps included (named, never dropped).
  const lines = quote?.linhas.filter((l) => l.disponivel || l.falta) ?? [];
  const itens = (actionData && !actionData.ok ? actionData.itens : undefined) ?? servidor?.itens;
  const cepNote = actionData && !actionData.ok ? actionData.cep : undefined;
  // Waiting for the island (the browser's cart): hidden from a browser without JavaScript.
  const waiting = servidor ? "" : "noscript:hidden";
  const payments = CHECKOUT_PAYMENTS.filter(
    (p) =>
      (p !== "pix" || pixAtivo) &&
      (p !== "pix_mercadopago" || pixOnline) &&
      (p !== "cartao_mercadopago" || Boolean(cartao)),
  );
  // Receive at home unless the form came back with pick-up, or nothing delivers.
  const modo =
    retiradas.length > 0 && (values.modo === "retirada" || !entregas) ? "retirada" : "entrega";
  const unidadeId = values.unidadeId ?? (retiradas.length === 1 ? retiradas[0]!.id : "");

  const page = (
    <main className="mx-auto max-w-6xl px-4 py-6" data-cheio="">
      <h1 className="mb-4 text-2xl font-extrabold sm:text-3xl">Finalizar pedido</h1>
      {message ? (
        <div
          tabIndex={-1}
          data-mensagem=""
          role="alert"
          className="mb-4 flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900"
        >
          <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {message}
        </div>
      ) : null}
      {servidor ? null : (
        <noscript>
          <div className="py-6 text-center">
            <h2 className="text-2xl font-extrabold">Seu carrinho está vazio</h2>
            <a
              href="/loja"
              className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-5 font-semibold text-white"
            >
              Ver produtos
            </a>
          </div>
        </noscript>
      )}
      <Form
        method="post"
        className={`grid gap-6 lg:grid-cols-[1fr_22rem] ${waiting}`}
        noValidate
        data-checkout=""
      >
        {/* Enter in a field without JavaScript: the first submit button of the form is the
            one it presses, so it is this refresh, never a line's "Remover" (the island
            removes it: with scripts, Enter confirms the order). */}
        <button type="submit" name="intent" value="atualizar" hidden data-sem-js="" />
        <input type="hidden" name="itens" value={itens ?? ""} />
        <input type="hidden" name="cupom" value={quote?.cupom?.codigo ?? ""} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <div className="grid gap-6">
          <fieldset className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4">
            <legend className="px-1 text-lg font-bold">Seus dados</legend>
            <Field id="nome" label="Nome completo" required error={errors.nome}>
              <Input autoComplete="name" required maxLength={120} defaultValue={values.nome} />
            </Field>
            <Field id="telefone" label="Telefone / WhatsApp" required error={errors.telefone}>
              <PhoneInput required defaultValue={values.telefone} />
            </Field>
            <Field
              id="email"
              label="E-mail (opcional, para receber a confirmação)"
              error={errors.email}
              hint="Enviamos a confirmação e o andamento do pedido. Obrigatório no Pix automático e no cartão."
            >
              <Input
                type="email"
                autoComplete="email"
                inputMode="email"
                maxLength={254}
                defaultValue={values.email}
                required={forma === "pix_mercadopago" || forma === "cartao_mercadopago"}
                data-obrigatorio-em="pix_mercadopago cartao_mercadopago"
              />
            </Field>
          </fieldset>

          {retiradas.length > 0 ? (
            <fieldset
              id="como-receber"
              className="grid scroll-mt-28 gap-3 rounded-2xl border border-slate-200 bg-white p-4"
            >
              <legend className="px-1 text-lg font-bold">Como você quer receber?</legend>
              <div
                className="grid gap-2 sm:grid-cols-2"
                role="radiogroup"
                aria-label="Entrega ou retirada"
              >
                {(entregas ? (["entrega", "retirada"] as const) : (["retirada"] as const)).map(
                  (m) => (
                    <RadioBox
                      key={m}
                      name="modo"
                      value={m}
                      defaultChecked={modo === m}
                      className="font-semibold"
                    >
                      {MODO_PEDIDO_LABEL[m]}
                    </RadioBox>
                  ),
                )}
              </div>
              <NoScriptButton value="atualizar" step="como-receber">
                Atualizar forma de entrega
              </NoScriptButton>
              <div className="grid gap-2" data-modo="retirada" hidden={modo !== "retirada"}>
                <p className="text-sm font-semibold text-slate-800">Em qual unidade?</p>
                {retiradas.map((u) => (
                  <RadioBox
                    key={u.id}
                    name="unidadeId"
                    value={u.id}
                    defaultChecked={unidadeId === u.id}
                    disabled={modo !== "retirada"}
                    lines
                  >
                    <span className="min-w-0">
                      <span className="block font-semibold">{u.nome}</span>
                      <span className="block text-slate-700">{u.endereco}</span>
                      <span className="block text-slate-600">{u.horarios}</span>
                      <span className="block font-medium text-green-800">
                        Pronto em ~{u.preparoHoras} h
                      </span>
                    </span>
                  </RadioBox>
                ))}
                {errors.unidadeId ? (
                  <p className="text-sm font-medium text-red-700" role="alert">
                    {errors.unidadeId}
                  </p>
                ) : null}
                <PickUpGaps quote={quote} />
                <p className="text-sm text-slate-700">
                  Sem taxa de entrega. Você recebe um código para informar no balcão.
                </p>
              </div>
            </fieldset>
          ) : null}

          <fieldset
            id="endereco-entrega"
            className="grid scroll-mt-28 gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_8rem]"
            data-modo="entrega"
            hidden={modo !== "entrega"}
            disabled={modo !== "entrega"}
          >
            <legend className="px-1 text-lg font-bold">Endereço de entrega</legend>
            <SavedAddresses enderecos={enderecos} />
            <div className="grid gap-1.5 sm:col-span-2">
              <Field
                id="cep"
                label="CEP"
                error={errors.cep}
                hint="Preenchemos a rua e o bairro pelo CEP. Sem ele, preencha abaixo."
              >
                <CepInput defaultValue={values.cep} className="sm:max-w-48" />
              </Field>
              <Button
                type="submit"
                name="intent"
                value="cep"
                formAction="/loja/checkout#endereco-entrega"
                formNoValidate
                variant="outline"
                className="justify-self-start"
                data-buscar-cep=""
              >
                Buscar CEP
              </Button>
              <p
                className={`text-sm font-medium ${cepNote?.atendido ? "text-green-800" : "text-amber-800"}`}
                role="status"
                data-cep-aviso=""
                data-testid="cep-aviso"
              >
                {cepNote?.mensagem ?? ""}
              </p>
            </div>
            <Field id="endereco" label="Rua" required error={errors.endereco}>
              <Input autoComplete="address-line1" required defaultValue={values.endereco} />
            </Field>
            <Field id="numero" label="Número" required error={errors.numero} hint="Sem número: S/N">
              {/* A text keyboard: "S/N" has letters (a numeric one on a phone has none). */}
              <Input required inputMode="text" defaultValue={values.numero} />
            </Field>
            <TextField {...sent("complemento")} label="Complemento" autoComplete="address-line2" />
            <Field
              id="bairro"
              label="Bairro"
              required
              error={errors.bairro}
              className="sm:col-span-2"
            >
              {bairros.length > 0 ? (
                <Select defaultValue={bairro} required>
                  <BairroOptions bairros={bairros} />
                </Select>
              ) : (
                <Input defaultValue={bairro} required />
              )}
            </Field>
            <TextField
              {...sent("referencia")}
              label="Ponto de referência"
              className="sm:col-span-2"
            />
            <Field
              id="janelaEntrega"
              label="Horário de entrega"
              required
              error={errors.janelaEntrega}
              className="sm:col-span-2"
            >
              <Select defaultValue={values.janelaEntrega ?? ""} required>
                <option value="">Selecione o horário</option>
                {JANELAS_ENTREGA.map((value) => (
                  <option key={value} value={value}>
                    {janelas[value] ?? JANELA_ENTREGA_LABEL[value]}
                  </option>
                ))}
              </Select>
            </Field>
          </fieldset>

          <fieldset className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4">
            <legend className="px-1 text-lg font-bold">
              Pagamento
              <span className="text-red-700" aria-hidden="true">
                {" "}
                *
              </span>
            </legend>
            <div
              className={`grid gap-2 ${payments.length > 3 ? "sm:grid-cols-2" : "sm:grid-cols-3"}`}
              role="radiogroup"
              aria-label="Forma de pagamento"
              aria-describedby={errors.formaPagamento ? "formaPagamento-error" : undefined}
            >
              {payments.map((p) => (
                <RadioBox
                  key={p}
                  data-modos={PAYMENT_MODES[p]}
                  hidden={!PAYMENT_MODES[p].includes(modo)}
                  name="formaPagamento"
                  value={p}
                  defaultChecked={forma === p}
                  disabled={!PAYMENT_MODES[p].includes(modo)}
                  className="font-medium"
                >
                  {p === "pix" ? <PixWhen modo={modo} /> : PAYMENT_CHOICE_LABEL[p]}
                  {p === "cartao_mercadopago" && cartao ? (
                    <span className="block text-sm font-normal text-slate-600">
                      {installmentsText(cartao.parcelasMax, cartao.parcelasSemJuros)}
                    </span>
                  ) : null}
                </RadioBox>
              ))}
            </div>
            {errors.formaPagamento ? (
              <p
                id="formaPagamento-error"
                className="text-sm font-medium text-red-700"
                role="alert"
              >
                {errors.formaPagamento}
              </p>
            ) : null}
            <div
              className="grid gap-3"
              hidden={forma !== "pix_mercadopago"}
              data-forma="pix_mercadopago"
            >
              <p className="text-sm text-slate-700">
                O Mercado Pago pede o e-mail de quem paga: informe-o em “Seus dados”. O pagamento é
                confirmado sozinho.
              </p>
              <p className="text-sm text-slate-700">
                Depois de finalizar, você verá o QR Code e o código Pix copia e cola. O pedido é
                confirmado assim que o pagamento chegar.
              </p>
            </div>
            <p
              className="text-sm text-slate-700"
              hidden={forma !== "cartao_mercadopago"}
              data-forma="cartao_mercadopago"
            >
              Depois de finalizar, você vai para a página segura do Mercado Pago para digitar o
              cartão e escolher as parcelas, e volta para o seu pedido. Informe seu e-mail em “Seus
              dados”.
            </p>
            <p className="text-sm text-slate-700" hidden={forma !== "pix"} data-forma="pix">
              Depois de finalizar, você verá o código Pix copia e cola e o QR Code com o valor
              exato.
            </p>
            <div className="grid gap-3" hidden={forma !== "dinheiro"} data-forma="dinheiro">
              <TextField
                {...sent("trocoPara")}
                label="Troco para (opcional)"
                hint="Deixe em branco se não precisar de troco."
                inputMode="decimal"
                placeholder="R$ 100,00"
                disabled={forma !== "dinheiro"}
              />
            </div>
          </fieldset>

          <fieldset className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4">
            <legend className="px-1 text-lg font-bold">Observações</legend>
            <TextAreaField
              {...sent("observacoes")}
              label="Alguma observação sobre o pedido?"
              rows={3}
              maxLength={500}
            />
          </fieldset>
        </div>

        <aside
          id="resumo"
          className="grid h-fit scroll-mt-28 gap-4 rounded-2xl border border-slate-200 bg-white p-4 lg:sticky lg:top-28"
        >
          <h2 className="text-lg font-bold">Resumo do pedido</h2>
          <ul className="grid gap-1.5 text-sm" data-linhas="">
            {lines.map((l) => (
              <li key={l.id} className="flex justify-between gap-2">
                <span>
                  {l.falta ? l.quantidadePedida : l.quantidade}x {l.nome}
                  {l.falta ? (
                    <span className="block text-xs font-medium text-amber-800">
                      Não entra nesta retirada
                    </span>
                  ) : null}
                </span>
                <span className="shrink-0">{l.falta ? "—" : formatBRL(l.subtotal)}</span>
              </li>
            ))}
          </ul>
          <template data-linha="">
            <li className="flex justify-between gap-2">
              <span>
                <span data-quantidade="" />x <span data-nome="" />
                <span className="block text-xs font-medium text-amber-800" data-falta="" hidden>
                  Não entra nesta retirada
                </span>
              </span>
              <span className="shrink-0" data-subtotal="" />
            </li>
          </template>
          <OrderSummarySlot quote={quote} />
          <NoScriptButton value="atualizar" step="resumo">
            Atualizar resumo
          </NoScriptButton>
          <ConsentNote action="Ao confirmar" withReturns />
          <Button type="submit" size="lg" data-enviar="">
            <span data-rotulo="Confirmar pedido">Confirmar pedido</span>
          </Button>
          <Button asChild variant="link">
            <Link reloadDocument to="/loja/carrinho">
              Voltar ao carrinho
            </Link>
          </Button>
        </aside>
      </Form>
    </main>
  );
  return (
    <div data-compra-pagina="">
      {page}
      <EmptyCart linkText="Ver produtos" />
      <Island
        name="store-purchase"
        props={{ storageKey: CART_STORAGE_KEY, texts: PURCHASE_TEXTS }}
      />
    </div>
  );
}
