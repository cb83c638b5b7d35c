// "Minha conta" → "Dados e privacidade" (issue 42 point 6, decision 0075): the copy of one's
// data (the ZIP the admin's export makes, for the verified e-mail), the consents per purpose
// (each switched in one click), and "Excluir minha conta" behind a confirmation step,
// refused while an order or a booking is open. Plain forms; works without JavaScript.
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { IntentForm } from "~/components/forms/intent-form";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/domain/dates";
import { FINALIDADES_CONSENTIMENTO } from "~/domain/pets";
import {
  clearCustomerCookie,
  consentsOf,
  requireCustomer,
  setConsent,
} from "~/modules/customers/index.server";
import { eraseOwnAccount, ownOpenWork } from "~/modules/privacy/index.server";
import type { Route } from "./+types/privacidade";

export function meta() {
  return [{ title: "Dados e privacidade" }, { name: "robots", content: "noindex" }];
}

const NO_STORE = { "Cache-Control": "private, no-store" };

/** The customer's own data: never kept by a browser or a proxy. */
export function headers() {
  return NO_STORE;
}

export async function loader({ request }: Route.LoaderArgs) {
  const { cliente } = await requireCustomer(request);
  const url = new URL(request.url);
  const excluir = url.searchParams.get("excluir") === "1";
  const [consentimentos, aberto] = await Promise.all([
    consentsOf(cliente.id),
    excluir ? ownOpenWork(cliente.email) : Promise.resolve([]),
  ]);
  return data(
    {
      consentimentos: consentimentos.map((c) => ({
        ...c,
        alteradoEm: c.alteradoEm ? formatDateTime(c.alteradoEm) : null,
      })),
      excluir,
      aberto,
      limite: url.searchParams.get("limite") === "1",
    },
    { headers: NO_STORE },
  );
}

const consentSchema = z.object({
  finalidade: z.enum(FINALIDADES_CONSENTIMENTO),
  concedido: z.enum(["sim", "nao"]),
});

/** Why the account cannot go yet, naming what is open. */
function openMessage(aberto: string[]): string {
  const list =
    aberto.length === 1
      ? aberto[0]
      : `${aberto.slice(0, -1).join(", ")} e ${aberto[aberto.length - 1]}`;
  const verb = aberto.length === 1 ? "está" : "estão";
  return `Sua conta não pode ser excluída agora: ${list} ainda ${verb} em aberto. Depois que ${aberto.length === 1 ? "ele terminar" : "terminarem"} (ou se cancelar), volte aqui.`;
}

export async function action({ request }: Route.ActionArgs) {
  const { cliente } = await requireCustomer(request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "consentimento") {
    const parsed = consentSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return data({ erro: "Escolha inválida.", mensagem: null }, 400);
    const concedido = parsed.data.concedido === "sim";
    await setConsent(cliente.id, parsed.data.finalidade, concedido, "conta", request);
    return { erro: null, mensagem: concedido ? "Preferência ativada." : "Preferência desativada." };
  }
  if (intent === "excluir") {
    if (form.get("confirmar") !== "sim") {
      return data({ erro: "Confirme a exclusão da conta.", mensagem: null }, 400);
    }
    const { aberto } = await eraseOwnAccount(cliente.email, {
      request,
      clienteId: cliente.id,
    });
    if (aberto.length > 0) return data({ erro: openMessage(aberto), mensagem: null }, 409);
    // Every session went with the account; this device's cookie goes too.
    return redirect("/conta/excluida", {
      headers: { "Set-Cookie": clearCustomerCookie(request) },
    });
  }
  return data({ erro: "Ação desconhecida.", mensagem: null }, 400);
}

const section = "rounded-2xl border border-slate-200 bg-white p-4";

export default function AccountPrivacy() {
  const { consentimentos, excluir, aberto, limite } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="grid gap-4">
      {result?.mensagem ? (
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          {result.mensagem}
        </p>
      ) : null}
      {result?.erro ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
          {result.erro}
        </p>
      ) : null}

      <section className={section} aria-labelledby="baixar-titulo">
        <h2 id="baixar-titulo" className="text-lg font-bold text-slate-900">
          Baixar meus dados
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Um arquivo ZIP com tudo o que a loja guarda sobre este e-mail: conta, endereços, pets
          (pesos, vacinas e fotos), pedidos, agendamentos e consentimentos.
        </p>
        {limite ? (
          <p role="alert" className="mt-2 text-sm text-red-800">
            Você já baixou seus dados várias vezes hoje. Tente de novo amanhã.
          </p>
        ) : null}
        <Form method="post" action="/conta/privacidade/baixar" reloadDocument className="mt-3">
          <Button type="submit" variant="outline">
            Baixar meus dados
          </Button>
        </Form>
      </section>

      <section className={section} aria-labelledby="consentimentos-titulo">
        <h2 id="consentimentos-titulo" className="text-lg font-bold text-slate-900">
          E-mails que você aceita receber
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          O código de acesso e a confirmação de um pedido feito agora sempre chegam: são a resposta
          ao que você pediu.
        </p>
        <ul className="mt-3 grid gap-3">
          {consentimentos.map((c) => (
            <li
              key={c.finalidade}
              className="flex flex-wrap items-center justify-between gap-2"
              data-testid={`consentimento-${c.finalidade}`}
            >
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{c.label}</p>
                <p className="text-xs text-slate-600">
                  {c.concedido ? "Ativado" : "Desativado"}
                  {c.alteradoEm ? ` desde ${c.alteradoEm}` : ""}
                </p>
              </div>
              <IntentForm intent="consentimento">
                <input type="hidden" name="finalidade" value={c.finalidade} />
                <input type="hidden" name="concedido" value={c.concedido ? "nao" : "sim"} />
                <Button type="submit" size="sm" variant={c.concedido ? "outline" : "default"}>
                  {c.concedido ? "Desativar" : "Ativar"}
                </Button>
              </IntentForm>
            </li>
          ))}
        </ul>
      </section>

      <section className={section} aria-labelledby="excluir-titulo">
        <h2 id="excluir-titulo" className="text-lg font-bold text-slate-900">
          Excluir minha conta
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Apaga sua conta, endereços, pets (com pesos, vacinas e fotos) e consentimentos, e tira
          seus dados pessoais dos pedidos e agendamentos feitos com este e-mail. Número, itens e
          valores dos pedidos ficam, porque a lei fiscal exige. Você sai de todos os aparelhos.
        </p>
        {excluir ? (
          aberto.length > 0 ? (
            <p role="alert" className="mt-3 text-sm text-red-800">
              {openMessage(aberto)}
            </p>
          ) : (
            <Form method="post" className="mt-3 grid gap-3 rounded-lg bg-red-50 p-3">
              <p className="text-sm font-medium text-red-900">
                Tem certeza? Isso não pode ser desfeito.
              </p>
              <input type="hidden" name="intent" value="excluir" />
              <input type="hidden" name="confirmar" value="sim" />
              <div className="flex flex-wrap gap-2">
                <Button type="submit" variant="destructive">
                  Sim, excluir minha conta
                </Button>
                <Button asChild variant="outline">
                  <Link to="/conta/privacidade">Cancelar</Link>
                </Button>
              </div>
            </Form>
          )
        ) : (
          <Form method="get" className="mt-3">
            <input type="hidden" name="excluir" value="1" />
            <Button type="submit" variant="outline" className="text-red-700">
              Excluir minha conta
            </Button>
          </Form>
        )}
      </section>
    </div>
  );
}
