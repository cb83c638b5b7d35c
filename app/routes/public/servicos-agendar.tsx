import type { ReactNode } from "react";
import { data, redirect, useActionData, useLoaderData } from "react-router";
import { PetTraitSelect } from "~/components/conta/pet-trait-select";
import { PageHero } from "~/components/public/section";
import { publicMeta } from "~/components/public/seo";
import { Button } from "~/components/ui/button";
import { CheckboxLabel } from "~/components/ui/checkbox-field";
import { Field } from "~/components/ui/field";
import { Input, PhoneInput } from "~/components/ui/input";
import { Select, SelectOptions } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { formatBRL } from "~/domain/money";
import { Island } from "~/islands/island";
import type { HydrationHandle } from "~/lib/hydration";
import { getCustomer } from "~/modules/customers/index.server";
import {
  type BookingView,
  dayLabel,
  ESPECIE_LABEL,
  ESPECIES,
  MAX_PETS,
  PORTE_LABEL,
  readBookingFields,
} from "~/modules/grooming";
import { bookingView, returningTutorStep, submitBooking } from "~/modules/grooming/index.server";
import { consumeRateLimit, rateLimitRule } from "~/platform/rate-limits.server";
import { readForm, requestInfo } from "~/platform/request-info.server";
import { siteOrigin } from "~/platform/site-url.server";
import type { Route } from "./+types/servicos-agendar";

// Plain forms, without React in the browser (decision 0038): "Ver dias e horários" is a GET
// of the same fields, "Confirmar agendamento" the POST; the server checks everything again.
export const handle: HydrationHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta(matches, {
    title: "Agendar banho e tosa",
    description: "Escolha a unidade, conte sobre o pet, veja o preço e o horário de deixar o pet.",
    path: "/servicos/agendar",
  });

const NO_STORE = { "Cache-Control": "private, no-store" };

// The form carries its one-time key (and a quote's signed link): never cached.
export function headers() {
  return NO_STORE;
}

/** The signed-in customer, whose pets the form offers filled in (issue 42). */
async function bookingCustomer(request: Request) {
  const session = await getCustomer(request);
  return session
    ? { clienteId: session.cliente.id, email: session.cliente.email, nome: session.cliente.nome }
    : null;
}

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const view = await bookingView(readBookingFields(params), {
    check: params.has("passo"),
    customer: await bookingCustomer(request),
  });
  return data(view, { headers: NO_STORE });
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "codigo" || intent === "verificar") return returningTutor(request, form);
  const allowed = await consumeRateLimit(
    "form:agendamento",
    requestInfo(request).ip,
    rateLimitRule("form:agendamento"),
  );
  if (!allowed) {
    const view = await bookingView(readBookingFields(form), {
      refusal: { message: TOO_MANY_BOOKINGS, quote: false, proximos: [] },
      customer: await bookingCustomer(request),
    });
    return data(view, { status: 429, headers: NO_STORE });
  }
  const result = await submitBooking(form, {
    origem: siteOrigin(request),
    ip: requestInfo(request).ip,
    customer: await bookingCustomer(request),
  });
  if (result.ok) {
    return redirect(
      `/servicos/agendamento/${result.numero}?token=${encodeURIComponent(result.token)}&feito=agendado`,
      {
        status: 303,
      },
    );
  }
  return data(result.view, { status: result.status, headers: NO_STORE });
}

/** "Já agendou com a gente?": counted per IP (and, for sending, per phone) before any work. */
async function returningTutor(request: Request, form: FormData) {
  const ip = requestInfo(request).ip;
  const phone = String(form.get("retorno_whatsapp") ?? "")
    .replace(/\D/g, "")
    .slice(0, 13);
  const limits =
    form.get("intent") === "codigo"
      ? ["codigo_tutor_ip", "codigo_tutor_whatsapp"]
      : ["codigo_tutor_tentativa"];
  for (const operation of limits) {
    const id = operation === "codigo_tutor_whatsapp" ? phone || ip : ip;
    if (!(await consumeRateLimit(operation, id, rateLimitRule(operation)))) {
      const view = await bookingView(readBookingFields(new URLSearchParams()), {
        retorno: {
          etapa: form.get("intent") === "codigo" ? "pedir" : "codigo",
          whatsapp: String(form.get("retorno_whatsapp") ?? "").slice(0, 30),
          message: TOO_MANY_CODES,
          error: true,
          pets: [],
          todos: null,
        },
      });
      return data(view, { status: 429, headers: NO_STORE });
    }
  }
  const step = await returningTutorStep(form, { origem: siteOrigin(request) });
  return data(step.view, { status: step.status, headers: NO_STORE });
}

const TOO_MANY_CODES =
  "Muitas tentativas em pouco tempo. Tente mais tarde ou preencha os dados do pet abaixo.";

const TOO_MANY_BOOKINGS =
  "Muitos agendamentos em pouco tempo. Tente novamente mais tarde ou fale conosco pelo WhatsApp.";

export default function Agendar() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const view = (posted ?? loaded) as BookingView;
  const { fields, errors } = view;
  const c = fields.contact;
  const noUnits = view.units.length === 0;
  const fixo = view.orcamento?.fixo ?? null;

  return (
    <main>
      <PageHero eyebrow="Banho & Tosa" title="Agendar banho e tosa">
        <p>Conte sobre o seu pet, veja o preço e escolha quando deixar o pet.</p>
      </PageHero>
      <div className="mx-auto max-w-xl px-4 pb-16">
        {noUnits ? (
          <p className="rounded-xl border border-slate-200 bg-white p-4">
            O agendamento pelo site ainda não está disponível.{" "}
            <a className="font-semibold text-brand-700 underline" href="/servicos#orcamento">
              Peça um orçamento com fotos
            </a>
            .
          </p>
        ) : (
          <>
            {view.orcamento ? null : view.conta ? (
              <AccountPets conta={view.conta} />
            ) : (
              <ReturningTutor retorno={view.retorno} />
            )}
            <form method="get" className="grid gap-6" noValidate>
              <input type="hidden" name="pets" value={fields.count} />
              <input type="hidden" name="envio" value={fields.envio} />
              {view.orcamento ? (
                <>
                  <input type="hidden" name="orcamento" value={fields.orcamento.numero} />
                  <input type="hidden" name="chave" value={fields.orcamento.chave} />
                  <p
                    className="rounded-xl border border-brand-300 bg-brand-50 p-4"
                    data-testid="orcamento"
                  >
                    Orçamento {view.orcamento.numero} para {view.orcamento.nomePet}:{" "}
                    <strong>{formatBRL(view.orcamento.preco)}</strong> (preço fechado
                    {fixo
                      ? ` para ${PORTE_LABEL[fixo.porte].toLowerCase()}: ${fixo.servicos.join(", ")}`
                      : ""}
                    ). Escolha o dia e o horário.
                  </p>
                </>
              ) : null}
              {view.refusal ? (
                <div
                  role="alert"
                  className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900"
                >
                  <p className="font-semibold">{view.refusal.message}</p>
                  {view.refusal.quote ? (
                    <p className="mt-2">
                      <a className="font-semibold underline" href={view.orcamentoHref}>
                        Pedir orçamento com fotos
                      </a>
                    </p>
                  ) : null}
                  {view.refusal.proximos.length > 0 ? (
                    <>
                      <p className="mt-2">Próximos horários livres:</p>
                      <ul className="mt-1 list-disc pl-5" data-testid="proximos-horarios">
                        {view.refusal.proximos.map((p) => (
                          <li key={`${p.data}-${p.horario}`}>
                            {dayLabel(p.data)} às {p.horario}
                          </li>
                        ))}
                      </ul>
                    </>
                  ) : null}
                </div>
              ) : null}

              <fieldset className="grid gap-3">
                <legend className="mb-2 text-lg font-bold">1. Unidade</legend>
                {view.units.map((u) => (
                  <label
                    key={u.id}
                    className="flex min-h-11 items-start gap-3 rounded-lg border border-slate-200 bg-white p-3"
                  >
                    <input
                      type="radio"
                      name="unidade"
                      value={u.id}
                      defaultChecked={u.id === view.unidadeId}
                      className="mt-1 size-5"
                    />
                    <span>
                      <span className="font-semibold">{u.nome}</span>
                      <span className="block text-sm text-slate-600">
                        {u.endereco}, {u.bairro}
                      </span>
                    </span>
                  </label>
                ))}
                {errors.unidade ? (
                  <p className="text-sm font-medium text-red-700">{errors.unidade}</p>
                ) : null}
              </fieldset>

              {fields.pets.map((pet, i) => {
                // The i-th pet's field: its id `pet${i}_<name>` and its error.
                const petField = (name: string) => ({
                  id: `pet${i}_${name}`,
                  error: errors[`pet${i}_${name}`],
                });
                return (
                  <fieldset
                    key={i}
                    className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4"
                  >
                    <legend className="px-1 text-lg font-bold">
                      {i === 0 ? "2. Pet" : `Pet ${i + 1}`}
                    </legend>
                    {pet.petId ? (
                      <input type="hidden" name={`pet${i}_id`} value={pet.petId} />
                    ) : null}
                    <Field {...petField("nome")} label="Nome do pet" required>
                      <Input defaultValue={pet.nome} required autoComplete="off" />
                    </Field>
                    <div className="grid grid-cols-2 gap-3">
                      <Field {...petField("especie")} label="Espécie" required>
                        <Select defaultValue={pet.especie || "cao"}>
                          <SelectOptions values={ESPECIES} labels={ESPECIE_LABEL} />
                        </Select>
                      </Field>
                      <Field {...petField("raca")} label="Raça">
                        <Input defaultValue={pet.raca} placeholder="Ex.: Shih-tzu" />
                      </Field>
                    </div>
                    <div className="grid grid-cols-2 gap-3">
                      {i === 0 && fixo ? (
                        <div className="grid gap-1" data-testid="porte-orcado">
                          <span className="text-sm font-medium">Porte</span>
                          <span>{PORTE_LABEL[fixo.porte]}</span>
                          <input type="hidden" name="pet0_porte" value={fixo.porte} />
                        </div>
                      ) : (
                        <Field {...petField("porte")} label="Porte" required>
                          <PetTraitSelect trait="porte" defaultValue={pet.porte} />
                        </Field>
                      )}
                      <Field {...petField("pelagem")} label="Pelagem" required>
                        <PetTraitSelect trait="pelagem" defaultValue={pet.pelagem} />
                      </Field>
                    </div>
                    <Field
                      {...petField("alertas")}
                      label="Algo que devemos saber?"
                      hint="Ex.: morde, alergias, medo de secador"
                    >
                      <Input defaultValue={pet.alertas} />
                    </Field>
                    {i === 0 && fixo ? (
                      <div className="grid gap-1" data-testid="servicos-orcados">
                        <span className="font-semibold">Serviços do orçamento</span>
                        <ul className="list-disc pl-5">
                          {fixo.servicos.map((nome) => (
                            <li key={nome}>{nome}</li>
                          ))}
                        </ul>
                        {pet.servicoIds.map((id) => (
                          <input key={id} type="hidden" name="pet0_servico" value={id} />
                        ))}
                      </div>
                    ) : (
                      <fieldset className="grid gap-2">
                        <legend className="mb-1 font-semibold">Serviços</legend>
                        {view.services.map((s) => (
                          <CheckboxLabel
                            key={s.id}
                            id={`pet${i}_servico_${s.id}`}
                            name={`pet${i}_servico`}
                            value={s.id}
                            defaultChecked={pet.servicoIds.includes(s.id)}
                            className="text-base font-normal"
                            label={
                              <span>
                                {s.nome}
                                {s.adicional ? " (adicional)" : ""}{" "}
                                <span className="text-sm text-slate-600">
                                  a partir de {formatBRL(s.aPartirDe)}
                                </span>
                              </span>
                            }
                          />
                        ))}
                        {errors[`pet${i}_servico`] ? (
                          <p className="text-sm font-medium text-red-700">
                            {errors[`pet${i}_servico`]}
                          </p>
                        ) : null}
                      </fieldset>
                    )}
                    {i === 0 && view.orcamento ? null : (
                      <PhotoNotes i={i} fotos={view.fotos[i] ?? null} href={view.orcamentoHref} />
                    )}
                    {view.quotes[i] && !(i === 0 && view.orcamento) ? (
                      <p className="rounded-lg bg-brand-50 p-3" data-testid={`preco-pet-${i}`}>
                        Para {pet.nome}:{" "}
                        {view.quotes[i]!.servicos.map(
                          (l) => `${l.nome} ${formatBRL(l.preco)}`,
                        ).join(" + ")}{" "}
                        = <strong>{formatBRL(view.quotes[i]!.total)}</strong>
                        {view.aConfirmar[i] ? (
                          <span className="block text-sm" data-testid={`a-confirmar-${i}`}>
                            Preço a confirmar: a equipe confere o porte e a pelagem na chegada.
                          </span>
                        ) : null}
                      </p>
                    ) : null}
                  </fieldset>
                );
              })}
              {fields.count < MAX_PETS ? (
                <Button type="submit" name="pets" value={fields.count + 1} variant="outline">
                  Adicionar outro pet
                </Button>
              ) : null}

              <fieldset id="dia-e-horario" className="grid scroll-mt-28 gap-3">
                <legend className="mb-2 text-lg font-bold">
                  3. Dia e horário para deixar o pet
                </legend>
                <Field id="data" label="Dia" required error={errors.data}>
                  <Select defaultValue={c.data}>
                    <option value="">Escolha o dia</option>
                    {view.days.map((d) => (
                      <option key={d} value={d}>
                        {dayLabel(d)}
                      </option>
                    ))}
                  </Select>
                </Field>
                {/* Without JavaScript the answer is a new page: the fragment (kept by a GET
                    form's action) opens it at this step, not at the top (decision 0052). */}
                <Button
                  type="submit"
                  name="passo"
                  value="horarios"
                  variant="secondary"
                  formAction="/servicos/agendar#dia-e-horario"
                >
                  Ver horários e preço
                </Button>
                {view.slots ? (
                  view.slots.length === 0 ? (
                    <p>Nenhum horário nesse dia: escolha outro.</p>
                  ) : (
                    <div
                      className="grid grid-cols-3 gap-2"
                      role="radiogroup"
                      aria-label="Horário para deixar o pet"
                    >
                      {view.slots.map((s) => (
                        <label
                          key={s.horario}
                          className={`flex min-h-12 items-center justify-center gap-2 rounded-lg border p-2 ${s.cabe ? "border-brand-600 bg-white" : "border-slate-200 bg-slate-100 text-slate-500"}`}
                        >
                          <input
                            type="radio"
                            name="horario"
                            value={s.horario}
                            disabled={!s.cabe}
                            defaultChecked={s.cabe && s.horario === c.horario}
                          />
                          {s.horario}
                          {s.cabe ? null : <span className="text-xs">lotado</span>}
                        </label>
                      ))}
                    </div>
                  )
                ) : null}
                {errors.horario ? (
                  <p className="text-sm font-medium text-red-700">{errors.horario}</p>
                ) : null}
              </fieldset>

              <fieldset className="grid gap-4">
                <legend className="mb-2 text-lg font-bold">4. Seus dados</legend>
                <Field id="nomeTutor" label="Seu nome" required error={errors.nomeTutor}>
                  <Input defaultValue={c.nomeTutor} autoComplete="name" />
                </Field>
                <Field id="whatsapp" label="WhatsApp" required error={errors.whatsapp}>
                  <PhoneInput defaultValue={c.whatsapp} />
                </Field>
                <Field id="email" label="E-mail (opcional)" error={errors.email}>
                  <Input type="email" defaultValue={c.email} autoComplete="email" />
                </Field>
                <CheckboxLabel
                  id="levaTraz"
                  name="levaTraz"
                  defaultChecked={c.levaTraz === "on"}
                  className="text-base font-normal"
                  label="Quero leva e traz (buscamos e entregamos o pet)"
                />
                <Field id="endereco" label="Endereço (para o leva e traz)" error={errors.endereco}>
                  <Input defaultValue={c.endereco} autoComplete="address-line1" />
                </Field>
                <Field id="bairro" label="Bairro (para o leva e traz)" error={errors.bairro}>
                  <Input defaultValue={c.bairro} />
                </Field>
                <Field id="observacoes" label="Observações" error={errors.observacoes}>
                  <Textarea defaultValue={c.observacoes} rows={3} />
                </Field>
              </fieldset>

              <Button type="submit" formMethod="post" size="lg">
                Confirmar agendamento
              </Button>
              {view.orcamento ? null : (
                <p className="text-sm text-slate-600">
                  Primeira visita ou pet gigante (GG)? Pedimos fotos antes:{" "}
                  <a className="font-semibold text-brand-700 underline" href={view.orcamentoHref}>
                    orçamento com fotos
                  </a>
                  .
                </p>
              )}
            </form>
            <Island
              name="booking-photo-hint"
              props={{
                pets: fields.count,
                servicosPrimeira: view.fotosRegra.servicosPrimeira,
                visitou: view.fotosRegra.visitou,
                orcado: view.orcamento !== null,
              }}
            />
          </>
        )}
      </div>
    </main>
  );
}

/**
 * "Pedimos fotos antes", next to the pet as soon as its size or services ask for it: both
 * notes are drawn, the one that does not apply hidden (the page's script switches them).
 */
function PhotoNotes({
  i,
  fotos,
  href,
}: {
  i: number;
  fotos: "gg" | "primeira" | null;
  href: string;
}) {
  const box = "rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950";
  const link = (
    <a className="font-semibold underline" href={href}>
      Pedir orçamento com fotos
    </a>
  );
  return (
    <>
      <div id={`fotos-gg-${i}`} hidden={fotos !== "gg"} className={box} role="status">
        <p data-testid={`fotos-gg-${i}`}>
          Pets de porte Gigante (GG) precisam de fotos antes: a equipe confere o porte e envia o
          link para agendar com o preço.
        </p>
        <p className="mt-1">{link}</p>
      </div>
      <div id={`fotos-primeira-${i}`} hidden={fotos !== "primeira"} className={box} role="status">
        <p data-testid={`fotos-primeira-${i}`}>
          Na primeira visita, esse serviço precisa de fotos antes. Se o pet já veio, use o mesmo
          WhatsApp da última vez; se não, peça o orçamento.
        </p>
        <p className="mt-1">{link}</p>
      </div>
    </>
  );
}

/** A box above the form that offers a known tutor's pets, titled. */
function PetsBox({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="mb-6 grid gap-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A link that fills the form with a known pet, or with all of them. */
function PetLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a className="font-semibold text-brand-700 underline" href={href}>
      {children}
    </a>
  );
}

/** The known pets, each a link that fills the form; `children` end the list. */
function PetLinks({
  pets,
  testId,
  children,
}: {
  pets: { href: string; nome: string }[];
  testId: string;
  children?: ReactNode;
}) {
  return (
    <ul className="grid gap-2" data-testid={testId}>
      {pets.map((p) => (
        <li key={p.href}>
          <PetLink href={p.href}>Agendar {p.nome}</PetLink>
        </li>
      ))}
      {children}
    </ul>
  );
}

/** A signed-in customer's pets, each a link that fills the form (issue 42). */
function AccountPets({ conta }: { conta: NonNullable<BookingView["conta"]> }) {
  return (
    <PetsBox id="seus-pets" title="Seus pets">
      {conta.pets.length === 0 ? (
        <p className="text-sm text-slate-600">
          Preencha abaixo: o pet fica salvo na sua conta para a próxima vez.{" "}
          <PetLink href="/conta/pets">Meus pets</PetLink>
        </p>
      ) : (
        <PetLinks pets={conta.pets} testId="pets-da-conta">
          {conta.todos ? (
            <li>
              <PetLink href={conta.todos}>Agendar todos juntos</PetLink>
            </li>
          ) : null}
        </PetLinks>
      )}
    </PetsBox>
  );
}

/** "Já agendou com a gente?": WhatsApp, then the code from the e-mail, then the pets. */
function ReturningTutor({ retorno }: { retorno: BookingView["retorno"] }) {
  const message = retorno.message ? (
    <p
      role={retorno.error ? "alert" : "status"}
      className={retorno.error ? "text-sm font-medium text-red-700" : "text-sm text-slate-700"}
    >
      {retorno.message}
    </p>
  ) : null;
  return (
    <PetsBox id="ja-agendou" title="Já agendou com a gente?">
      {retorno.etapa === "pets" ? (
        <>
          {message}
          <PetLinks pets={retorno.pets} testId="pets-do-tutor" />
          {retorno.todos ? <PetLink href={retorno.todos}>Agendar todos juntos</PetLink> : null}
        </>
      ) : (
        <form method="post" className="grid gap-3" noValidate>
          <p className="text-sm text-slate-600">
            Receba por e-mail um código e escolha seus pets, sem digitar tudo de novo. Ou preencha
            abaixo.
          </p>
          <Field id="retorno_whatsapp" label="Seu WhatsApp">
            <PhoneInput defaultValue={retorno.whatsapp} />
          </Field>
          {retorno.etapa === "codigo" ? (
            <Field id="codigo" label="Código de 6 dígitos">
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
            </Field>
          ) : null}
          {message}
          <div className="flex flex-wrap gap-2">
            {retorno.etapa === "codigo" ? (
              <Button type="submit" name="intent" value="verificar">
                Ver meus pets
              </Button>
            ) : null}
            <Button
              type="submit"
              name="intent"
              value="codigo"
              variant={retorno.etapa === "codigo" ? "outline" : "secondary"}
            >
              {retorno.etapa === "codigo" ? "Enviar outro código" : "Receber código por e-mail"}
            </Button>
          </div>
        </form>
      )}
    </PetsBox>
  );
}
