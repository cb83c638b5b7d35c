// "Minha conta" → "Endereços" (issue 42 point 4, decision 0074): the customer's saved delivery
// addresses, listed with the neighbourhood's fee now, added, edited and removed with plain
// forms. The checkout offers them; a delivery order placed signed in keeps its own.
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { BairroOptions } from "~/components/loja/bairro-options";
import { CepInput } from "~/components/loja/cep-input";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { formatBRL } from "~/domain/money";
import { fieldErrors } from "~/lib/forms";
import { addressSchema, MAX_ENDERECOS } from "~/modules/customers";
import {
  addAddress,
  listAddresses,
  removeAddress,
  requireCustomer,
  updateAddress,
} from "~/modules/customers/index.server";
import { formatCep } from "~/modules/delivery";
import { listActiveBairros } from "~/modules/delivery/index.server";
import { readForm } from "~/platform/request-info.server";
import { redirectWithToast } from "~/platform/toast.server";
import type { Route } from "./+types/enderecos";

export function meta() {
  return [{ title: "Endereços | Minha conta" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { cliente } = await requireCustomer(request);
  const [enderecos, bairros] = await Promise.all([listAddresses(cliente.id), listActiveBairros()]);
  const editar = new URL(request.url).searchParams.get("editar");
  return data(
    {
      enderecos,
      bairros: bairros.map((b) => ({ nome: b.nome, taxaEntrega: b.taxaEntrega })),
      editando: enderecos.find((a) => a.id === editar) ?? null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type ActionResult = {
  ok: false;
  message: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
  id?: string;
};

export async function action({ request }: Route.ActionArgs) {
  const { cliente } = await requireCustomer(request);
  const form = await readForm(request);
  const fields = Object.fromEntries(
    [...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string"),
  );
  const id = (fields.id ?? "").slice(0, 36);
  if (fields.intent === "remover") {
    const removed = await removeAddress(cliente.id, id);
    return redirectWithToast(
      "/conta/enderecos",
      removed
        ? { type: "info", title: "Endereço removido" }
        : { type: "error", title: "Endereço não encontrado" },
      { status: 303 },
    );
  }
  if (fields.intent !== "salvar") return redirect("/conta/enderecos", 303);
  const parsed = addressSchema.safeParse(fields);
  if (!parsed.success) {
    return data<ActionResult>(
      {
        ok: false,
        message: "Verifique os campos destacados",
        errors: fieldErrors(parsed.error),
        values: fields,
        id,
      },
      { status: 400 },
    );
  }
  const result = id
    ? await updateAddress(cliente.id, id, parsed.data)
    : await addAddress(cliente.id, parsed.data);
  if (!result.ok) {
    return data<ActionResult>(
      {
        ok: false,
        message: result.message,
        errors: result.field ? { [result.field]: result.message } : undefined,
        values: fields,
        id,
      },
      { status: result.field ? 400 : 404 },
    );
  }
  return redirectWithToast(
    "/conta/enderecos",
    { type: "success", title: id ? "Endereço atualizado" : "Endereço salvo" },
    { status: 303 },
  );
}

export default function AccountAddresses() {
  const { enderecos, bairros, editando } = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const values: Record<string, string> = result?.values ?? {
    apelido: editando?.apelido ?? "",
    cep: editando?.cep ? formatCep(editando.cep) : "",
    logradouro: editando?.logradouro ?? "",
    numero: editando?.numero ?? "",
    complemento: editando?.complemento ?? "",
    bairro: editando?.bairro ?? "",
    referencia: editando?.referencia ?? "",
  };
  const id = result?.id ?? editando?.id ?? "";
  const errors = result?.errors ?? {};
  return (
    <div className="grid gap-6">
      <section aria-labelledby="enderecos-titulo" className="grid gap-3">
        <h2 id="enderecos-titulo" className="text-lg font-bold text-slate-900">
          Endereços de entrega
        </h2>
        {enderecos.length === 0 ? (
          <p className="text-sm text-slate-600">
            Nenhum endereço salvo. Os endereços dos pedidos com entrega feitos com a conta aparecem
            aqui, e você pode adicionar um abaixo.
          </p>
        ) : (
          <ul className="grid gap-2" data-testid="lista-enderecos">
            {enderecos.map((a) => (
              <li
                key={a.id}
                className="grid gap-2 rounded-xl border border-slate-200 bg-white p-3 text-sm"
              >
                <div>
                  {a.apelido ? <p className="font-semibold">{a.apelido}</p> : null}
                  <p>
                    {[`${a.logradouro}, ${a.numero}`, a.complemento].filter(Boolean).join(" - ")}
                  </p>
                  <p className="text-slate-700">
                    {a.bairro ?? a.bairroSalvo}
                    {a.cep ? ` · CEP ${formatCep(a.cep)}` : ""}
                  </p>
                  <p className={a.bairro ? "text-slate-600" : "font-medium text-amber-800"}>
                    {a.bairro
                      ? a.taxaEntrega !== null
                        ? `Entrega: ${formatBRL(a.taxaEntrega)}`
                        : ""
                      : "Não entregamos mais nesse bairro"}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button asChild variant="outline" size="sm">
                    <Link to={`/conta/enderecos?editar=${a.id}#endereco-form`}>Editar</Link>
                  </Button>
                  <Form method="post">
                    <input type="hidden" name="id" value={a.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value="remover"
                      variant="outline"
                      size="sm"
                      aria-label={`Remover ${a.logradouro}, ${a.numero}`}
                    >
                      Remover
                    </Button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="endereco-form-titulo" id="endereco-form" className="scroll-mt-28">
        <h2 id="endereco-form-titulo" className="text-lg font-bold text-slate-900">
          {id ? "Editar endereço" : "Adicionar endereço"}
        </h2>
        {enderecos.length >= MAX_ENDERECOS && !id ? (
          <p className="mt-1 text-sm text-slate-600">
            Guardamos até {MAX_ENDERECOS} endereços: o usado há mais tempo sai quando um novo entra.
          </p>
        ) : null}
        {result?.message ? (
          <p
            role="alert"
            className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
          >
            {result.message}
          </p>
        ) : null}
        <Form method="post" noValidate className="mt-3 grid gap-4 sm:grid-cols-[1fr_8rem]">
          <input type="hidden" name="id" value={id} />
          <Field
            id="apelido"
            label="Nome (opcional)"
            hint="Ex.: Casa, Trabalho"
            error={errors.apelido}
          >
            <Input maxLength={40} defaultValue={values.apelido} />
          </Field>
          <Field id="cep" label="CEP" error={errors.cep}>
            <CepInput defaultValue={values.cep} />
          </Field>
          <Field id="logradouro" label="Rua" required error={errors.logradouro}>
            <Input autoComplete="address-line1" maxLength={200} defaultValue={values.logradouro} />
          </Field>
          <Field id="numero" label="Número" required error={errors.numero} hint="Sem número: S/N">
            <Input inputMode="text" maxLength={20} defaultValue={values.numero} />
          </Field>
          <Field id="complemento" label="Complemento" error={errors.complemento}>
            <Input autoComplete="address-line2" maxLength={100} defaultValue={values.complemento} />
          </Field>
          <Field id="bairro" label="Bairro" required error={errors.bairro}>
            {bairros.length > 0 ? (
              <Select defaultValue={values.bairro}>
                <BairroOptions bairros={bairros} />
              </Select>
            ) : (
              <Input maxLength={100} defaultValue={values.bairro} />
            )}
          </Field>
          <Field
            id="referencia"
            label="Ponto de referência"
            error={errors.referencia}
            className="sm:col-span-2"
          >
            <Input maxLength={200} defaultValue={values.referencia} />
          </Field>
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" name="intent" value="salvar">
              {id ? "Salvar alterações" : "Salvar endereço"}
            </Button>
            {id ? (
              <Button asChild variant="outline">
                <Link to="/conta/enderecos">Cancelar</Link>
              </Button>
            ) : null}
          </div>
        </Form>
      </section>
    </div>
  );
}
