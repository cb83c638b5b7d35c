// The Variações screen: the options editor, "Gerar combinações" and the grid of variants
// (one card per variant, stacked on phones), checked with the action's schema and posted as
// one JSON field.

import { Plus, Save, Trash2, Wand2 } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { useFormResult } from "~/components/forms/use-form-result";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { TextField } from "~/components/ui/text-field";
import { formatBRLNumber } from "~/domain/money";
import { countText } from "~/domain/text";
import { type FieldErrors, fieldErrors } from "~/lib/forms";
import {
  combinations,
  MAX_OPTIONS,
  mergeCombinations,
  newCombinationRow,
  type OptionForm,
  optionIssues,
  type ProductVariantsView,
  splitValues,
  type VariantRowForm,
  type VariantsForm,
  variantLabel,
  variantsFormSchema,
} from "~/modules/catalog";

type Row = VariantRowForm & { key: string; reservado: Record<string, number> };
interface OptionText {
  key: string;
  nome: string;
  valores: string;
}

/** The row's text fields, in the grid's order, each with how it is typed. */
const ROW_FIELDS: (Omit<
  React.ComponentProps<typeof TextField>,
  "id" | "name" | "value" | "error" | "onChange"
> & { field: "sku" | "ean" | "preco" | "precoAntes" | "pesoG" | "custo" | "ncm" })[] = [
  {
    field: "sku",
    label: "SKU",
    required: true,
    className: "col-span-2 sm:col-span-1",
    maxLength: 60,
  },
  {
    field: "ean",
    label: "EAN",
    inputMode: "numeric",
    className: "col-span-2 sm:col-span-1",
    maxLength: 14,
  },
  {
    field: "preco",
    label: "Preço (R$)",
    required: true,
    inputMode: "decimal",
    placeholder: "19,90",
  },
  { field: "precoAntes", label: "Preço antigo (R$)", inputMode: "decimal" },
  { field: "pesoG", label: "Peso (g)", inputMode: "numeric" },
  {
    field: "custo",
    label: "Custo (R$)",
    hint: "O desta embalagem.",
    inputMode: "decimal",
    placeholder: "121,00",
  },
  { field: "ncm", label: "NCM", inputMode: "numeric", placeholder: "2309.10.00", maxLength: 10 },
];

let nextKey = 0;
const newKey = () => `k${++nextKey}`;

function comboKey(valores: string[]) {
  return valores.join("\u0000").toLowerCase();
}

function initialState(view: ProductVariantsView) {
  const opcoes = view.produto.opcoes;
  const fits = new Set(combinations(opcoes).map(comboKey));
  const inGrid = view.variantes.filter((v) => fits.has(comboKey(v.valores)));
  const rows: Row[] = inGrid.map((v) => ({
    key: v.id,
    id: v.id,
    valores: v.valores,
    sku: v.sku,
    ean: v.ean ?? "",
    preco: formatBRLNumber(v.preco),
    precoAntes: v.precoAntes ? formatBRLNumber(v.precoAntes) : "",
    pesoG: v.pesoG ? String(v.pesoG) : "",
    custo: v.custo !== null ? formatBRLNumber(v.custo) : "",
    ncm: v.ncm ?? "",
    imagem: v.imagemUrl === "" ? "nenhuma" : "produto",
    ativo: v.ativo,
    estoque: Object.fromEntries(
      view.unidades.map((u) => [
        u.id,
        String(v.estoque.find((s) => s.unidadeId === u.id)?.emMaos ?? 0),
      ]),
    ),
    reservado: Object.fromEntries(v.estoque.map((s) => [s.unidadeId, s.reservado])),
  }));
  return {
    options: opcoes.map((o) => ({ key: newKey(), nome: o.nome, valores: o.valores.join(", ") })),
    applied: opcoes,
    rows,
    outside: view.variantes.filter((v) => !fits.has(comboKey(v.valores))),
  };
}

function readOptions(options: OptionText[]): OptionForm[] {
  return options.map((o) => ({ nome: o.nome.trim(), valores: splitValues(o.valores) }));
}

export function VariantsEditor({ view }: { view: ProductVariantsView }) {
  const fetcher = useFetcher();
  const uid = useId();
  const [state, setState] = useState(() => initialState(view));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [priceForAll, setPriceForAll] = useState("");
  // Once saved, the loader has read the grid again (new ids, stock): start from what is stored.
  const { errors: serverErrors } = useFormResult(fetcher, {
    onSuccess: () => {
      setState(initialState(view));
      setClientErrors({});
    },
  });
  const errors: FieldErrors = { ...serverErrors, ...clientErrors };
  const pending = fetcher.state !== "idle";
  const { options, applied, rows, outside } = state;
  const units = view.unidades;
  const unsaved = useMemo(
    () => JSON.stringify(readOptions(options)) !== JSON.stringify(applied),
    [options, applied],
  );

  const setOptions = (next: OptionText[]) => setState((s) => ({ ...s, options: next }));
  const setRow = (key: string, change: Partial<Row>) =>
    setState((s) => ({
      ...s,
      rows: s.rows.map((r) => (r.key === key ? { ...r, ...change } : r)),
    }));

  function blankRow(valores: string[]): Row {
    const row = newCombinationRow(
      valores,
      view.produto.sku,
      units.map((u) => u.id),
    );
    return { ...row, key: newKey(), id: null, reservado: {} };
  }

  function generate() {
    const opcoes = readOptions(options);
    const issues = optionIssues(opcoes);
    if (issues.length > 0) {
      setClientErrors(Object.fromEntries(issues.map((i) => [i.path.join("."), i.message])));
      toast.error(issues[0]!.message);
      return;
    }
    const combos = combinations(opcoes);
    setClientErrors({});
    setState((s) => ({
      ...s,
      applied: opcoes,
      rows: mergeCombinations(s.rows, combos, (valores) => blankRow(valores)),
    }));
    toast.success(`${combos.length} ${combos.length === 1 ? "combinação" : "combinações"}`, {
      description: "Confira SKUs, preços e estoque e salve.",
    });
  }

  function applyPrice() {
    if (!priceForAll.trim()) return;
    setState((s) => ({ ...s, rows: s.rows.map((r) => ({ ...r, preco: priceForAll.trim() })) }));
  }

  function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (unsaved) {
      const message = 'As opções mudaram: clique em "Gerar combinações" antes de salvar';
      setClientErrors({ opcoes: message });
      toast.error(message);
      return;
    }
    const form: VariantsForm = {
      opcoes: applied,
      variantes: rows.map(({ key: _key, reservado: _reservado, ...row }) => row),
    };
    const parsed = variantsFormSchema.safeParse(form);
    if (!parsed.success) {
      const next = fieldErrors(parsed.error);
      setClientErrors(next);
      toast.error(parsed.error.issues[0]!.message);
      const first = Object.keys(next)[0]!;
      document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setClientErrors({});
    fetcher.submit({ intent: "variants-save", dados: JSON.stringify(form) }, { method: "post" });
  }

  const general = [errors.opcoes, errors.variantes, errors.form].filter(Boolean);
  return (
    <form onSubmit={save} noValidate className="grid gap-6">
      <Card className="grid gap-4 p-4">
        <div className="grid gap-1">
          <h2 className="text-lg font-bold">Opções</h2>
          <p className="text-sm text-slate-600">
            Ex.: Peso com os valores 1 kg, 3 kg, 15 kg. Sem opções, o produto tem uma única
            variação.
          </p>
        </div>
        {options.map((o, i) => (
          <div
            key={o.key}
            className="grid gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
          >
            <TextField
              id={`${uid}-opcao-${o.key}-nome`}
              name={`opcoes.${i}.nome`}
              label={`Opção ${i + 1}`}
              placeholder="Peso"
              value={o.nome}
              maxLength={40}
              error={errors[`opcoes.${i}.nome`]}
              onChange={(e) =>
                setOptions(
                  options.map((x) => (x.key === o.key ? { ...x, nome: e.target.value } : x)),
                )
              }
            />
            <TextField
              id={`${uid}-opcao-${o.key}-valores`}
              name={`opcoes.${i}.valores`}
              label="Valores (separados por vírgula)"
              placeholder="1 kg, 3 kg, 15 kg"
              value={o.valores}
              error={errors[`opcoes.${i}.valores`]}
              onChange={(e) =>
                setOptions(
                  options.map((x) => (x.key === o.key ? { ...x, valores: e.target.value } : x)),
                )
              }
            />
            <Button
              type="button"
              variant="ghost"
              className="text-red-700"
              onClick={() => setOptions(options.filter((x) => x.key !== o.key))}
            >
              <Trash2 aria-hidden="true" /> Remover<span className="sr-only"> opção {i + 1}</span>
            </Button>
          </div>
        ))}
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={options.length >= MAX_OPTIONS}
            onClick={() => setOptions([...options, { key: newKey(), nome: "", valores: "" }])}
          >
            <Plus aria-hidden="true" /> Adicionar opção
          </Button>
          <Button type="button" variant="secondary" onClick={generate}>
            <Wand2 aria-hidden="true" /> Gerar combinações
          </Button>
        </div>
        {unsaved ? (
          <p className="text-sm text-amber-800">
            As opções mudaram: gere as combinações para atualizar a grade.
          </p>
        ) : null}
      </Card>

      <section aria-labelledby={`${uid}-grade`} className="grid gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id={`${uid}-grade`} className="text-lg font-bold">
            Variações <span className="text-sm font-normal text-slate-600">({rows.length})</span>
          </h2>
          <div className="flex flex-wrap items-end gap-2">
            <TextField
              id={`${uid}-preco-todas`}
              name="precoTodas"
              label="Preço para todas (R$)"
              inputMode="decimal"
              placeholder="19,90"
              className="w-36"
              value={priceForAll}
              onChange={(e) => setPriceForAll(e.target.value)}
            />
            <Button type="button" variant="outline" onClick={applyPrice}>
              Aplicar preço a todas
            </Button>
          </div>
        </div>
        {general.length > 0 ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {general[0]}
          </p>
        ) : null}
        <ul className="grid gap-3">
          {rows.map((row, i) => {
            const id = (field: string) => `${uid}-${row.key}-${field}`;
            const name = (field: string) => `variantes.${i}.${field}`;
            const err = (field: string) => errors[name(field)];
            const label = variantLabel(row.valores) || "Variação única";
            return (
              <li key={row.key}>
                <Card className="grid gap-3 p-4">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="font-semibold text-slate-900">{label}</h3>
                    <div className="flex items-center gap-3">
                      <label htmlFor={id("ativo")} className="flex items-center gap-2 text-sm">
                        <Checkbox
                          id={id("ativo")}
                          name={name("ativo")}
                          checked={row.ativo}
                          onChange={(e) => setRow(row.key, { ativo: e.target.checked })}
                        />
                        Ativa
                      </label>
                      {rows.length > 1 ? (
                        <Button
                          type="button"
                          variant="ghost"
                          size="sm"
                          className="text-red-700"
                          onClick={() =>
                            setState((s) => ({
                              ...s,
                              rows: s.rows.filter((r) => r.key !== row.key),
                            }))
                          }
                        >
                          <Trash2 aria-hidden="true" /> Remover
                          <span className="sr-only"> {label}</span>
                        </Button>
                      ) : null}
                    </div>
                  </div>
                  {err("valores") ? <p className="text-sm text-red-700">{err("valores")}</p> : null}
                  <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
                    {ROW_FIELDS.map(({ field, ...props }) => (
                      <TextField
                        key={field}
                        {...props}
                        id={id(field)}
                        name={name(field)}
                        value={row[field] ?? ""}
                        error={err(field)}
                        onChange={(e) => setRow(row.key, { [field]: e.target.value })}
                      />
                    ))}
                    <Field id={id("imagem")} label="Imagem" error={err("imagem")}>
                      <Select
                        name={name("imagem")}
                        value={row.imagem ?? "produto"}
                        onChange={(e) =>
                          setRow(row.key, { imagem: e.target.value as Row["imagem"] })
                        }
                      >
                        <option value="produto">
                          {view.produto.imagemUrl ? "Imagem do produto" : "Do produto (sem imagem)"}
                        </option>
                        <option value="nenhuma">Sem imagem</option>
                      </Select>
                    </Field>
                  </div>
                  <fieldset className="grid gap-2">
                    <legend className="mb-1 text-sm font-medium text-slate-800">
                      Estoque em mãos por unidade
                    </legend>
                    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
                      {units.map((u) => {
                        const reservado = row.reservado[u.id] ?? 0;
                        return (
                          <TextField
                            key={u.id}
                            id={id(`estoque-${u.id}`)}
                            name={name(`estoque.${u.id}`)}
                            label={u.emBreve ? `${u.nome} (em breve)` : u.nome}
                            inputMode="numeric"
                            value={row.estoque[u.id] ?? ""}
                            error={err(`estoque.${u.id}`)}
                            hint={
                              reservado > 0 ? `${countText(reservado, "reservado")}` : undefined
                            }
                            onChange={(e) =>
                              setRow(row.key, {
                                estoque: { ...row.estoque, [u.id]: e.target.value },
                              })
                            }
                          />
                        );
                      })}
                    </div>
                  </fieldset>
                </Card>
              </li>
            );
          })}
        </ul>
        {outside.length > 0 ? (
          <p className="text-sm text-slate-600">
            Fora das opções atuais (ao salvar, são excluídas, ou desativadas se tiverem vendas):{" "}
            {outside.map((v) => v.rotulo || v.sku).join(", ")}.
          </p>
        ) : null}
      </section>
      <div className="sticky bottom-0 flex justify-end border-t border-slate-200 bg-white/95 py-3">
        <Button type="submit" disabled={pending}>
          <Save aria-hidden="true" /> {pending ? "Salvando..." : "Salvar variações"}
        </Button>
      </div>
    </form>
  );
}
