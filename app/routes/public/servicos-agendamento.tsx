import { data, redirect, useActionData, useLoaderData } from "react-router";
import { PixCopy, PixQr } from "~/components/loja/pix-copy";
import { PageHero } from "~/components/public/section";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/select";
import { METODO_RECEBIMENTO_LABEL } from "~/domain/counter-payment";
import { formatDateTime } from "~/domain/dates";
import { formatBRL } from "~/domain/money";
import { chatLink, externalLinkProps } from "~/domain/whatsapp";
import type { HydrationHandle } from "~/lib/hydration";
import {
  cancelQuestion,
  dayLabel,
  PORTE_LABEL,
  packageBalanceText,
  STATUS_AGENDAMENTO_LABEL,
} from "~/modules/grooming";
import * as grooming from "~/modules/grooming/index.server";
import { readForm } from "~/platform/request-info.server";
import { siteOrigin } from "~/platform/site-url.server";
import type { Route } from "./+types/servicos-agendamento";

// The booking's status page behind its secret link, like an order's (/loja/pedido/:numero).
// Plain forms: Cancelar and Reagendar are POSTs; the day for a reschedule is a GET.
export const handle: HydrationHandle = { hydrate: false };

export const meta: Route.MetaFunction = () => [
  { title: "Seu agendamento de banho e tosa" },
  { name: "robots", content: "noindex" },
];

const HEADERS = {
  "Cache-Control": "private, no-store",
  // The link carries the secret: never hand it to another site. Not "no-referrer": with it
  // the browser sends its forms' Origin as "null", which the shop refuses as a foreign write.
  "Referrer-Policy": "same-origin",
};

/** What the page says happened when a form lands on it (`feito=`). */
const DONE = ["agendado", "reagendado", "cancelado"] as const;

const TIMELINE = ["solicitado", "confirmado", "em_atendimento", "pronto", "entregue"] as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const reagendarData = url.searchParams.has("reagendar")
    ? url.searchParams.get("data")
    : undefined;
  const view = await grooming.bookingStatusView(params.numero, token, { reagendarData });
  // Unknown number and wrong token answer alike: the page cannot be found by guessing.
  if (!view) throw data("Agendamento não encontrado", { status: 404 });
  const feito = url.searchParams.get("feito");
  // The forms carry the secret on (it is already in this page's address).
  return data(
    {
      ...view,
      token: token!,
      reagendarData: reagendarData ?? null,
      // "Cancelar agendamento" asks first (a GET of this page), then "Sim, cancelar" posts.
      perguntaCancelar: url.searchParams.has("cancelar") && view.podeMudar,
      feito: DONE.find((d) => d === feito) ?? null,
    },
    { headers: HEADERS },
  );
}

// The page carries its secret link: never kept by a browser's or a proxy's cache.
export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export async function action({ request, params }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "pagar_cartao" || intent === "cartao_de_novo") {
    // To the provider's page (a plain redirect: no JavaScript needed); it sends the tutor back.
    const opened = token
      ? await grooming.payBookingByCard(params.numero, token, {
          novo: intent === "cartao_de_novo",
          origem: siteOrigin(request),
        })
      : null;
    if (opened?.ok) return redirect(opened.url, 303);
    const failure = opened ?? { status: 404 as const, message: "Agendamento não encontrado" };
    return data(
      { ok: false as const, message: failure.message, proximos: [] },
      { status: failure.status, headers: HEADERS },
    );
  }
  if (intent === "pagar_pix") {
    // The Pix is shown on the page itself: back to it (a GET), never a resubmitted POST.
    const paid = token ? await grooming.payBookingByPix(params.numero, token) : null;
    if (paid?.ok) {
      return redirect(
        `/servicos/agendamento/${params.numero}?token=${encodeURIComponent(token!)}#pagar`,
        { status: 303 },
      );
    }
    const failure = paid ?? { status: 404 as const, message: "Agendamento não encontrado" };
    return data(
      { ok: false as const, message: failure.message, proximos: [] },
      { status: failure.status, headers: HEADERS },
    );
  }
  const outcome = await grooming.changeBooking(params.numero, token, form);
  if (outcome.ok) {
    const feito = form.get("intent") === "reagendar" ? "reagendado" : "cancelado";
    return redirect(
      `/servicos/agendamento/${params.numero}?token=${encodeURIComponent(token!)}&feito=${feito}`,
      { status: 303 },
    );
  }
  return data(outcome, { status: outcome.status, headers: HEADERS });
}

export default function Agendamento() {
  const view = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const reached = new Set(view.historico.map((h) => h.status));
  const off = view.status === "cancelado" || view.status === "nao_compareceu";
  // Why it stopped, when the shop says (a booking released unconfirmed).
  const offNote = off ? view.historico.findLast((h) => h.status === view.status)?.nota : undefined;
  const ics = `/servicos/agendamento/${view.numero}/calendario.ics?token=${encodeURIComponent(view.token)}`;
  return (
    <main>
      <PageHero eyebrow="Banho & Tosa" title={`Agendamento ${view.numero}`}>
        <p data-testid="status-agendamento">{STATUS_AGENDAMENTO_LABEL[view.status]}</p>
      </PageHero>
      <div className="mx-auto grid max-w-xl gap-6 px-4 pb-16">
        {view.feito && !failed ? <DoneNotice feito={view.feito} view={view} /> : null}
        {failed && !failed.ok ? (
          <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
            <p className="font-semibold">{failed.message}</p>
            {failed.proximos.length > 0 ? (
              <ul className="mt-2 list-disc pl-5">
                {failed.proximos.map((p) => (
                  <li key={`${p.data}-${p.horario}`}>
                    {dayLabel(p.data)} às {p.horario}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}

        <section className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 className="text-lg font-bold">Deixar o pet</h2>
          <p className="mt-1 text-xl font-semibold" data-testid="quando">
            {dayLabel(view.data)} às {view.horario}
          </p>
          <h2 className="mt-3 text-lg font-bold">Buscar o pet</h2>
          <p className="mt-1" data-testid="buscar">
            {view.levaTraz
              ? "Levamos de volta no endereço do leva e traz quando estiver pronto."
              : "Quando estiver pronto: avisamos você para vir buscar."}
          </p>
          {view.unidade ? (
            <p className="mt-2">
              {view.unidade.nome}: {view.unidade.endereco}
              {view.unidade.mapsUrl ? (
                <>
                  {" · "}
                  <a
                    className="font-semibold text-brand-700 underline"
                    href={view.unidade.mapsUrl}
                    {...externalLinkProps}
                  >
                    Ver no mapa
                  </a>
                </>
              ) : null}
            </p>
          ) : null}
          {view.levaTraz ? (
            <p className="mt-2">
              Leva e traz: {view.endereco}, {view.bairro}
            </p>
          ) : null}
          {off ? null : (
            <p className="mt-3">
              <a className="font-semibold text-brand-700 underline" href={ics}>
                Adicionar ao calendário
              </a>
            </p>
          )}
        </section>

        <section
          aria-labelledby="linha-do-tempo"
          className="rounded-xl border border-slate-200 bg-white p-4"
        >
          <h2 id="linha-do-tempo" className="text-lg font-bold">
            Andamento
          </h2>
          <ol className="mt-3 grid gap-2">
            {TIMELINE.map((s) => (
              <li
                key={s}
                className={reached.has(s) ? "font-semibold text-brand-800" : "text-slate-500"}
              >
                {reached.has(s) ? "● " : "○ "}
                {STATUS_AGENDAMENTO_LABEL[s]}
                {view.historico.find((h) => h.status === s && !h.nota)
                  ? ` · ${formatDateTime(view.historico.find((h) => h.status === s && !h.nota)!.em)}`
                  : ""}
              </li>
            ))}
            {off ? (
              <li className="font-semibold text-red-700">
                {STATUS_AGENDAMENTO_LABEL[view.status]}
                {offNote ? (
                  <p className="mt-1 font-normal text-slate-700" data-testid="nota-status">
                    {offNote}
                  </p>
                ) : null}
              </li>
            ) : null}
          </ol>
        </section>

        <section className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 className="text-lg font-bold">Pets e serviços</h2>
          <ul className="mt-2 grid gap-2">
            {view.pets.map((p) => (
              <li key={p.nome}>
                <span className="font-semibold">{p.nome}</span> ({PORTE_LABEL[p.porte]}):{" "}
                {p.servicos.join(", ")} · {formatBRL(p.preco)}
                {p.pacote ? (
                  <span
                    className="block text-sm font-semibold text-emerald-800"
                    data-testid="pacote"
                  >
                    {packageBalanceText(p.pacote)}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          <p className="mt-3 text-lg" data-testid="preco">
            {view.precoFinal ? "Valor final" : "Valor estimado"}:{" "}
            <strong>{formatBRL(view.preco)}</strong>
          </p>
          {view.pagamento ? (
            <p className="mt-1 font-semibold text-brand-800" data-testid="pago">
              Pago: {formatBRL(view.pagamento.valor)} (
              {METODO_RECEBIMENTO_LABEL[view.pagamento.metodo]}
              {view.pagamento.online ? " online" : ""}) em {formatDateTime(view.pagamento.em)}
            </p>
          ) : null}
          {view.cartao ? <BookingCard cartao={view.cartao} /> : null}
          {view.pix ? <BookingPix pix={view.pix} valor={view.preco} /> : null}
          {view.precoAConfirmar ? (
            <p className="mt-1 text-sm text-slate-700" data-testid="preco-a-confirmar">
              Preço a confirmar: a equipe confere o porte e a pelagem quando você deixar o pet.
            </p>
          ) : null}
        </section>

        {view.podeMudar ? (
          <section className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4">
            <h2 className="text-lg font-bold">Reagendar ou cancelar</h2>
            <p className="text-sm text-slate-600">
              Até {view.cancelamentoHoras} h antes do horário de deixar o pet.
            </p>
            <form method="get" className="grid gap-3">
              <input type="hidden" name="token" value={view.token} />
              <input type="hidden" name="reagendar" value="1" />
              <label htmlFor="data" className="font-semibold">
                Novo dia
              </label>
              <Select id="data" name="data" defaultValue={view.reagendarData ?? ""}>
                <option value="">Escolha o dia</option>
                {(view.reagendar?.days ?? []).map((d) => (
                  <option key={d} value={d}>
                    {dayLabel(d)}
                  </option>
                ))}
              </Select>
              <Button type="submit" variant="outline">
                Reagendar: ver horários
              </Button>
            </form>
            {view.reagendar?.slots ? (
              <form method="post" className="grid gap-3">
                <input type="hidden" name="intent" value="reagendar" />
                <input type="hidden" name="data" value={view.reagendarData ?? ""} />
                <div className="grid grid-cols-3 gap-2" role="radiogroup" aria-label="Novo horário">
                  {view.reagendar.slots.map((s) => (
                    <label
                      key={s.horario}
                      className={`flex min-h-12 items-center justify-center gap-2 rounded-lg border p-2 ${s.cabe ? "border-brand-600" : "border-slate-200 bg-slate-100 text-slate-500"}`}
                    >
                      <input type="radio" name="horario" value={s.horario} disabled={!s.cabe} />
                      {s.horario}
                      {s.cabe ? null : <span className="text-xs">lotado</span>}
                    </label>
                  ))}
                </div>
                <Button type="submit">Confirmar novo horário</Button>
              </form>
            ) : null}
            {view.perguntaCancelar ? (
              <form
                method="post"
                className="grid gap-3 rounded-lg border border-red-300 bg-red-50 p-3"
                id="cancelar"
              >
                <input type="hidden" name="intent" value="cancelar" />
                <p className="font-semibold text-red-900" data-testid="pergunta-cancelar">
                  {cancelQuestion(
                    view.pets.map((p) => p.nome),
                    view.data,
                    view.horario,
                  )}
                </p>
                <div className="grid grid-cols-2 gap-2">
                  <Button type="submit" variant="destructive">
                    Sim, cancelar
                  </Button>
                  <Button asChild variant="outline">
                    <a href={`?token=${encodeURIComponent(view.token)}`}>Não, manter</a>
                  </Button>
                </div>
              </form>
            ) : (
              <form method="get" action="#cancelar">
                <input type="hidden" name="token" value={view.token} />
                <input type="hidden" name="cancelar" value="1" />
                <Button type="submit" variant="destructive" className="w-full">
                  Cancelar agendamento
                </Button>
              </form>
            )}
          </section>
        ) : !off && view.status !== "entregue" && view.unidade?.whatsapp ? (
          <p>
            <a
              className="font-semibold text-brand-700 underline"
              href={chatLink(view.unidade.whatsapp, `Olá! Sobre o agendamento ${view.numero}`)}
              {...externalLinkProps}
            >
              Fale conosco no WhatsApp
            </a>
          </p>
        ) : null}
      </div>
    </main>
  );
}

/** The card through the provider's page (decision 0091): offered, in analysis, refused, approved. */
function BookingCard({
  cartao,
}: {
  cartao: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["cartao"]>;
}) {
  if (cartao.estado === "aprovado") {
    return (
      <p className="mt-2 font-semibold text-green-800" data-testid="cartao-estado">
        Pagamento aprovado
        {cartao.parcelas && cartao.parcelas > 1
          ? ` em ${cartao.parcelas}x no cartão`
          : " no cartão"}
      </p>
    );
  }
  if (cartao.estado === "analise") {
    return (
      <p
        className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900"
        data-testid="cartao-estado"
      >
        Pagamento com cartão em análise: a confirmação aparece aqui (atualize a página).
      </p>
    );
  }
  const recusado = cartao.estado === "recusado";
  return (
    <div className="mt-4 grid gap-2 border-t border-slate-200 pt-4" data-testid="pagar-cartao">
      {recusado ? (
        <p className="font-semibold text-red-900" data-testid="cartao-estado" role="alert">
          Pagamento com cartão recusado. {cartao.motivo ?? ""} Tente de novo ou pague com Pix.
        </p>
      ) : (
        <h3 className="text-base font-bold">Pagar agora com cartão</h3>
      )}
      <form method="post">
        <input type="hidden" name="intent" value={recusado ? "cartao_de_novo" : "pagar_cartao"} />
        <Button type="submit" variant={recusado ? "default" : "outline"} className="w-full">
          {recusado ? "Tentar de novo" : "Pagar com cartão de crédito ou débito"}
        </Button>
      </form>
      <p className="text-sm text-slate-600">Você paga na página do Mercado Pago e volta para cá.</p>
    </div>
  );
}

/** "Pagar agora": the final price by Pix through the shop's provider (decision 0088). */
function BookingPix({
  pix,
  valor,
}: {
  pix: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["pix"]>;
  valor: number;
}) {
  return (
    <div
      id="pagar"
      className="mt-4 grid gap-3 border-t border-slate-200 pt-4"
      data-testid="pagar-pix"
    >
      <h3 className="text-base font-bold">Pagar agora por Pix</h3>
      {pix.estado === "pendente" ? (
        <>
          <p className="text-sm">
            Pague {formatBRL(valor)} pelo app do seu banco: a confirmação aparece aqui sozinha
            (atualize a página).
            {pix.expiraEm ? ` Vale até ${formatDateTime(pix.expiraEm)}.` : null}
          </p>
          <PixQr svg={pix.qrSvg} label={`QR Code Pix de ${formatBRL(valor)}`} testId="pix-qr" />
          <PixCopy payload={pix.copiaECola} />
        </>
      ) : (
        <form method="post" className="grid gap-2">
          <input type="hidden" name="intent" value="pagar_pix" />
          <p className="text-sm">Adiante o pagamento e só busque o pet. Ou pague na retirada.</p>
          <Button type="submit">Pagar {formatBRL(valor)} com Pix</Button>
        </form>
      )}
    </div>
  );
}

/** What just happened, said at the top of the page the tutor lands on, with "guarde este link". */
function DoneNotice({
  feito,
  view,
}: {
  feito: (typeof DONE)[number];
  view: { data: string; horario: string };
}) {
  const when = `${dayLabel(view.data)} às ${view.horario}`;
  const title =
    feito === "agendado"
      ? `Agendamento feito para ${when}.`
      : feito === "reagendado"
        ? `Agendamento remarcado para ${when}.`
        : "Agendamento cancelado.";
  return (
    <div
      role="status"
      className="rounded-xl border border-brand-300 bg-brand-50 p-4"
      data-testid="feito"
    >
      <p className="font-semibold">{title}</p>
      {feito === "cancelado" ? null : (
        <p className="mt-1">
          Guarde este link: por ele você acompanha o atendimento, remarca ou cancela.
        </p>
      )}
    </div>
  );
}
