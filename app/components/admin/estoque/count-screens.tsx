// The stock count's screens (decision 0085): the list with "Abrir contagem", the reading page
// built for a phone (a field a USB scanner types into, Enter submits, the camera beside it),
// and the differences with "Aplicar". Plain forms first: every step works without JavaScript.
import { type ReactNode, useRef } from "react";
import { Form, href, Link } from "react-router";
import { CameraScan } from "~/components/admin/estoque/camera-scan";
import { TitledSection } from "~/components/admin/titled-section";
import { usePode } from "~/components/admin/use-papel";
import { IntentForm } from "~/components/forms/intent-form";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { CheckboxLabel } from "~/components/ui/checkbox-field";
import { Field } from "~/components/ui/field";
import { NamedOptions, Select } from "~/components/ui/select";
import { HeadRow } from "~/components/ui/table";
import { TextField } from "~/components/ui/text-field";
import {
  CODIGO_MAX,
  type CountDifferences,
  type CountHeader,
  type CountListing,
  LEITURA_MAX,
  type ScanLine,
} from "~/modules/inventory";

const ESTADO: Record<CountHeader["estado"], { label: string; tone: string }> = {
  aberta: { label: "Aberta", tone: "bg-amber-100 text-amber-900" },
  aplicada: { label: "Aplicada", tone: "bg-emerald-100 text-emerald-900" },
  cancelada: { label: "Cancelada", tone: "bg-slate-200 text-slate-800" },
};

export function CountState({ estado }: { estado: CountHeader["estado"] }) {
  return <Badge className={ESTADO[estado].tone}>{ESTADO[estado].label}</Badge>;
}

function CountCard({ c }: { c: CountHeader }) {
  const canApply = usePode("estoque.ajustar");
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">Contagem {c.numero}</span>
        <CountState estado={c.estado} />
        {c.cega ? <Badge variant="outline">Cega</Badge> : null}
      </div>
      <p className="text-sm text-slate-700">
        {c.unidadeNome} · {c.escopoLabel} · {c.itens} {c.itens === 1 ? "item" : "itens"},{" "}
        {c.unidadesContadas} {c.unidadesContadas === 1 ? "unidade contada" : "unidades contadas"}
      </p>
      <p className="text-xs text-slate-600">
        Aberta em {c.abertaEm}
        {c.abertaPor ? ` por ${c.abertaPor}` : ""}
        {c.aplicadaEm ? ` · Aplicada em ${c.aplicadaEm} por ${c.aplicadaPor ?? ""}` : ""}
        {c.canceladaEm ? ` · Cancelada em ${c.canceladaEm} por ${c.canceladaPor ?? ""}` : ""}
      </p>
      <div className="flex flex-wrap gap-2">
        {c.estado === "aberta" ? (
          <Link
            to={href("/admin/estoque/contagens/:id", { id: c.id })}
            className={buttonVariants({ size: "sm" })}
          >
            Contar
          </Link>
        ) : null}
        {canApply ? (
          <Link
            to={href("/admin/estoque/contagens/:id/diferencas", { id: c.id })}
            className={buttonVariants({ size: "sm", variant: "outline" })}
          >
            {c.estado === "aberta" ? "Diferenças e aplicar" : "Diferenças"}
          </Link>
        ) : null}
      </div>
    </li>
  );
}

/** The category or the brand a count is narrowed to, when that is what it counts. */
function ScopeField({
  id,
  name,
  label,
  error,
  children,
}: {
  id: string;
  name: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <Field id={id} label={label} hint={`Quando contar uma ${label.toLowerCase()}`} error={error}>
      <Select id={id} name={name}>
        <option value="">—</option>
        {children}
      </Select>
    </Field>
  );
}

export function CountList({
  listing,
  errors,
}: {
  listing: CountListing;
  errors: Record<string, string | undefined>;
}) {
  const canOpen = usePode("estoque.ajustar");
  return (
    <div className="grid gap-6">
      {canOpen ? (
        <TitledSection
          id="abrir-contagem"
          title="Abrir contagem"
          titleClassName="mb-3 font-semibold"
          className="rounded-lg border bg-white p-4"
        >
          <IntentForm intent="abrir" className="grid gap-3 sm:grid-cols-2">
            <Field id="contagem-unidade" label="Unidade" error={errors.unidadeId}>
              <Select id="contagem-unidade" name="unidadeId" required>
                <NamedOptions items={listing.unidades} />
              </Select>
            </Field>
            <Field id="contagem-escopo" label="O que contar" error={errors.escopo}>
              <Select id="contagem-escopo" name="escopo" defaultValue="categoria">
                <option value="tudo">Todo o estoque da unidade</option>
                <option value="categoria">Uma categoria</option>
                <option value="marca">Uma marca</option>
              </Select>
            </Field>
            <ScopeField
              id="contagem-categoria"
              name="categoriaId"
              label="Categoria"
              error={errors.categoriaId}
            >
              <NamedOptions items={listing.categorias} />
            </ScopeField>
            <ScopeField id="contagem-marca" name="marca" label="Marca" error={errors.marca}>
              {listing.marcas.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </ScopeField>
            <div className="sm:col-span-2">
              <input type="hidden" name="cega" value="0" />
              <CheckboxLabel
                id="contagem-cega"
                name="cega"
                value="1"
                defaultChecked
                label="Contagem cega: quem conta não vê a quantidade esperada"
              />
            </div>
            <div className="sm:col-span-2">
              <Button type="submit">Abrir contagem</Button>
            </div>
          </IntentForm>
        </TitledSection>
      ) : null}
      <TitledSection id="contagens-abertas" title="Em aberto" titleClassName="mb-2 font-semibold">
        {listing.abertas.length === 0 ? (
          <p className="text-sm text-slate-700">Nenhuma contagem em aberto nas suas unidades.</p>
        ) : (
          <ul className="grid gap-3">
            {listing.abertas.map((c) => (
              <CountCard key={c.id} c={c} />
            ))}
          </ul>
        )}
      </TitledSection>
      {listing.recentes.length > 0 ? (
        <TitledSection id="contagens-recentes" title="Recentes" titleClassName="mb-2 font-semibold">
          <ul className="grid gap-3">
            {listing.recentes.map((c) => (
              <CountCard key={c.id} c={c} />
            ))}
          </ul>
        </TitledSection>
      ) : null}
    </div>
  );
}

/** The last reading's answer, said on the page (and to screen readers) until the next. */
export interface LastReading {
  ok: boolean;
  message?: string;
  description?: string;
}

export function ScanScreen({
  contagem,
  recentes,
  last,
  codigoError,
}: {
  contagem: CountHeader;
  recentes: ScanLine[];
  last: LastReading | null;
  codigoError?: string;
}) {
  const form = useRef<HTMLFormElement>(null);
  const code = useRef<HTMLInputElement>(null);
  const canApply = usePode("estoque.ajustar");
  const mine = recentes.find((r) => r.minha);
  return (
    <div className="mx-auto grid max-w-xl gap-4">
      <p className="text-sm text-slate-700">
        {contagem.unidadeNome} · {contagem.escopoLabel}
        {contagem.cega ? " · contagem cega" : ""} · {contagem.unidadesContadas}{" "}
        {contagem.unidadesContadas === 1 ? "unidade contada" : "unidades contadas"}
      </p>
      <Form
        ref={form}
        method="post"
        className="grid gap-3 rounded-lg border bg-white p-4"
        aria-label="Ler código"
        onSubmit={() => {
          // The scanner's next code goes into an empty field (JS only; without it the page
          // comes back with an empty field anyway).
          window.setTimeout(() => {
            if (code.current) {
              code.current.value = "";
              code.current.focus();
            }
          }, 0);
        }}
      >
        <input type="hidden" name="intent" value="ler" />
        <input type="hidden" name="contagemId" value={contagem.id} />
        <TextField
          ref={code}
          id="codigo"
          name="codigo"
          label="Código de barras ou SKU"
          hint="Bipe com o leitor (ele aperta Enter) ou digite e toque em Registrar."
          autoFocus
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="go"
          maxLength={CODIGO_MAX}
          required
          error={codigoError}
          className="text-lg"
        />
        <div className="grid grid-cols-[6rem_1fr] items-end gap-3">
          <TextField
            id="quantidade"
            name="quantidade"
            label="Quantidade"
            inputMode="numeric"
            pattern="[0-9]*"
            defaultValue="1"
            maxLength={String(LEITURA_MAX).length}
          />
          <Button type="submit" size="lg">
            Registrar
          </Button>
        </div>
        <CameraScan
          onCode={(value) => {
            if (!code.current) return;
            code.current.value = value;
            form.current?.requestSubmit();
          }}
        />
      </Form>
      <div role="status" aria-live="polite" className="min-h-12">
        {last ? (
          <p
            className={`rounded-md p-3 text-sm ${last.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"}`}
            data-testid="ultima-leitura"
          >
            <span className="font-semibold">{last.message}</span>
            {last.description ? <span className="block">{last.description}</span> : null}
          </p>
        ) : null}
      </div>
      <section aria-labelledby="leituras" className="grid gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="leituras" className="font-semibold">
            Últimas leituras
          </h2>
          {mine ? (
            <IntentForm intent="desfazer">
              <input type="hidden" name="contagemId" value={contagem.id} />
              <Button type="submit" size="sm" variant="outline">
                Desfazer minha última leitura
              </Button>
            </IntentForm>
          ) : null}
        </div>
        {recentes.length === 0 ? (
          <p className="text-sm text-slate-700">Nenhuma leitura ainda.</p>
        ) : (
          <ul className="divide-y rounded-lg border bg-white">
            {recentes.map((r) => (
              <li key={r.id} className="grid gap-0.5 p-3 text-sm">
                <span className="font-medium">
                  +{r.quantidade} {r.nome}
                </span>
                <span className="text-xs text-slate-600">
                  {r.codigo} · {r.minha ? "você" : r.por} · {r.quando}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="flex flex-wrap gap-2">
        {canApply ? (
          <Link
            to={href("/admin/estoque/contagens/:id/diferencas", { id: contagem.id })}
            className={buttonVariants({ variant: "outline" })}
          >
            Diferenças e aplicar
          </Link>
        ) : null}
        <Link
          to={href("/admin/estoque/contagens/:id/imprimir", { id: contagem.id })}
          className={buttonVariants({ variant: "outline" })}
          reloadDocument
        >
          Imprimir folha de contagem
        </Link>
      </div>
    </div>
  );
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export function DifferencesTable({ d }: { d: CountDifferences }) {
  const applied = d.contagem.estado === "aplicada";
  return (
    // A region the keyboard can scroll sideways on a phone (the table is wider than 360 px).
    <section
      className="overflow-x-auto rounded-lg border bg-white"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard
      tabIndex={0}
      aria-label={`Diferenças da contagem ${d.contagem.numero}`}
    >
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">Diferenças da contagem {d.contagem.numero}</caption>
        <thead className="bg-slate-50 text-left">
          <HeadRow
            columns={[
              ["Produto", "p-2"],
              ["Contado", "p-2 text-right"],
              ["Esperado", "p-2 text-right"],
              ["Diferença", "p-2 text-right"],
              ["Movimentado depois", "p-2 text-right"],
              [applied ? "Ficou" : "Ficará", "p-2 text-right"],
            ]}
          />
        </thead>
        <tbody>
          {d.linhas.map((l) => (
            <tr
              key={l.varianteId}
              className={`border-t ${l.diferenca !== 0 ? "bg-amber-50/60" : ""}`}
              data-testid="diferenca"
            >
              <th scope="row" className="p-2 text-left font-normal">
                <span className="font-medium">{l.nome}</span>
                <span className="block text-xs text-slate-600">
                  SKU {l.sku}
                  {l.ean ? ` · EAN ${l.ean}` : ""}
                  {l.naoContado ? " · não contado" : ""}
                  {l.contadoPor.length ? ` · ${l.contadoPor.join(", ")}` : ""}
                </span>
                {l.mudouDuranteLeitura ? (
                  <span className="block text-xs text-amber-800">
                    O estoque mudou entre a primeira e a última leitura: confira.
                  </span>
                ) : null}
                {l.limitadoAoReservado ? (
                  <span className="block text-xs text-red-800">
                    Fica no reservado para pedidos ({l.reservado}), não no contado.
                  </span>
                ) : null}
              </th>
              <td className="p-2 text-right tabular-nums">{l.contado}</td>
              <td className="p-2 text-right tabular-nums">{l.esperado}</td>
              <td className="p-2 text-right font-semibold tabular-nums">{signed(l.diferenca)}</td>
              <td className="p-2 text-right tabular-nums">
                {l.movimentadoDepois ? signed(l.movimentadoDepois) : "—"}
              </td>
              <td className="p-2 text-right tabular-nums">{l.ficara}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function DifferencesScreen({ d }: { d: CountDifferences }) {
  const { resumo, contagem } = d;
  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-700">
        {contagem.unidadeNome} · {contagem.escopoLabel} · {resumo.contados} contados,{" "}
        {resumo.comDiferenca} com diferença (sobra {resumo.sobra}, falta {resumo.falta})
        {resumo.naoContados ? `, ${resumo.naoContados} com estoque e não contados` : ""}.
      </p>
      <p className="text-xs text-slate-600">
        Esperado: o que o estoque registrava quando o item foi lido pela primeira vez. O que se
        movimentou depois (vendas, transferências) é somado ao aplicar, sem contar duas vezes.
      </p>
      {d.linhas.length === 0 ? (
        <p className="text-sm text-slate-700">Nada lido nesta contagem ainda.</p>
      ) : (
        <DifferencesTable d={d} />
      )}
      {contagem.estado === "aberta" ? (
        <div className="grid gap-3 rounded-lg border bg-white p-4">
          <IntentForm intent="aplicar" className="grid gap-3">
            <input type="hidden" name="contagemId" value={contagem.id} />
            {resumo.naoContados ? (
              <CheckboxLabel
                id="zerar"
                name="zerarNaoContados"
                value="1"
                label={`Zerar os ${resumo.naoContados} itens com estoque que ninguém contou`}
              />
            ) : null}
            <Button type="submit">Aplicar diferenças ao estoque</Button>
          </IntentForm>
          <IntentForm intent="cancelar">
            <input type="hidden" name="contagemId" value={contagem.id} />
            <Button type="submit" variant="outline" size="sm">
              Cancelar contagem
            </Button>
          </IntentForm>
        </div>
      ) : null}
      <Link
        to={`${href("/admin/estoque/contagens/:id/imprimir", { id: contagem.id })}?diferencas=1`}
        className={buttonVariants({ variant: "outline" })}
        reloadDocument
      >
        Imprimir diferenças
      </Link>
    </div>
  );
}
