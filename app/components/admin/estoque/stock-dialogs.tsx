// The writes of a stock row, each in its dialog, sent to /admin/estoque by a fetcher and
// checked on submit with the action's own schema: Ajustar (the count of what is in hand now,
// with its reason), Entrada (+N) (units that arrived without an invoice, with its reason),
// Transferir (between units) and Mínimo.
import { ArrowLeftRight, ClipboardCheck, Gauge, type LucideIcon, PackagePlus } from "lucide-react";
import { useState } from "react";
import { href } from "react-router";
import type { z } from "zod";
import { useDialogForm } from "~/components/forms/use-checked-fetcher";
import { Button } from "~/components/ui/button";
import { DialogFooter, TitledDialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NamedOptions, Select } from "~/components/ui/select";
import { boundField, TextField } from "~/components/ui/text-field";
import type { FieldErrors } from "~/lib/forms";
import {
  adjustStockSchema,
  enterStockSchema,
  MOTIVO_MAX,
  minimumSchema,
  STOCK_MAX,
  type StockFigures,
  type StockRow,
  type StockUnit,
  transferStockSchema,
} from "~/modules/inventory";

const ACTION = href("/admin/estoque");

/** The select of a unit among `units`, controlled. */
function UnitSelect({
  name,
  units,
  value,
  onChange,
}: {
  name: string;
  units: { id: string; nome: string }[];
  value: string;
  onChange: (id: string) => void;
}) {
  return (
    <Select name={name} value={value} onChange={(e) => onChange(e.target.value)}>
      <NamedOptions items={units} />
    </Select>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function figuresLine(f: StockFigures | undefined) {
  if (!f) return null;
  return (
    <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
      Agora em {f.unidadeNome}: <strong>{f.emMaos}</strong> em mãos ·{" "}
      {plural(f.reservado, "reservado", "reservados")} para pedidos ·{" "}
      <strong>{plural(f.disponivel, "disponível", "disponíveis")}</strong>
    </p>
  );
}

function RowLabel({ row }: { row: StockRow }) {
  return <span className="sr-only"> {row.nome}</span>;
}

/** A count of units: digits only, as long as the largest stock. */
function CountInput(props: React.ComponentProps<typeof Input>) {
  return (
    <Input inputMode="numeric" pattern="[0-9]*" maxLength={String(STOCK_MAX).length} {...props} />
  );
}

/** A labelled count bound to its form field. */
const CountField = boundField(CountInput);

/** Why stock moved, kept in the ledger beside the movement. */
function MotivoField({
  required,
  ...field
}: {
  id: string;
  required?: boolean;
  error?: string;
  hint: string;
}) {
  return (
    <TextField
      {...field}
      name="motivo"
      label={required ? "Motivo" : "Motivo (opcional)"}
      required={required}
      maxLength={MOTIVO_MAX}
    />
  );
}

/** What a row's dialog is: its button, its title, the intent it posts and its schema. */
interface RowWrite {
  icon: LucideIcon;
  label: string;
  title: string;
  intent: string;
  schema: z.ZodType;
  submitLabel: string;
}

/**
 * A write of a stock row in its dialog: the row's button opens it, its form posts the
 * `intent` for the row's variant, checked with the action's `schema`, and closes on success.
 */
function StockRowDialog({
  row,
  icon: Icon,
  label,
  title,
  intent,
  schema,
  submitLabel,
  children,
}: RowWrite & { row: StockRow; children: (errors: FieldErrors) => React.ReactNode }) {
  const { open, onOpenChange, fetcher, errors, formProps, pending } = useDialogForm();
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant="outline" size="sm">
          <Icon aria-hidden="true" /> {label}
          <RowLabel row={row} />
        </Button>
      }
      title={title}
      description={`${row.nome} · SKU ${row.sku}`}
    >
      <fetcher.Form {...formProps(schema)} action={ACTION} className="grid gap-4">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="varianteId" value={row.varianteId} />
        {children(errors)}
        <DialogFooter>
          <Button type="submit" disabled={pending}>
            {submitLabel}
          </Button>
        </DialogFooter>
      </fetcher.Form>
    </TitledDialog>
  );
}

/** The unit of the row a dialog writes at (its first to start with), and its figures. */
function useRowUnit(row: StockRow, fieldId: string) {
  const [unidadeId, setUnidadeId] = useState(row.porUnidade[0]?.unidadeId ?? "");
  const current = row.porUnidade.find((f) => f.unidadeId === unidadeId);
  const unitField = (error: string | undefined) => (
    <>
      <Field id={fieldId} label="Unidade" required error={error}>
        <UnitSelect
          name="unidadeId"
          units={row.porUnidade.map((f) => ({ id: f.unidadeId, nome: f.unidadeNome }))}
          value={unidadeId}
          onChange={setUnidadeId}
        />
      </Field>
      {figuresLine(current)}
    </>
  );
  return { unidadeId, current, unitField };
}

/**
 * A write of one count at one of the row's units: the unit (with its figures), the count and,
 * where `motivo` gives its hint, the reason, required. `initial` is the count the unit holds
 * now, shown again when the unit changes.
 */
interface UnitCountWrite extends RowWrite {
  prefix: string;
  count: {
    id: string;
    name: string;
    label: string;
    hint: (current: StockFigures | undefined) => React.ReactNode;
    initial?: (current: StockFigures | undefined) => string;
  };
  motivo?: string;
}

function UnitCountDialog({ row, write }: { row: StockRow; write: UnitCountWrite }) {
  const id = (name: string) => `${write.prefix}-${row.varianteId}-${name}`;
  const { unidadeId, current, unitField } = useRowUnit(row, id("unidade"));
  if (row.porUnidade.length === 0) return null;
  const { count, motivo } = write;
  return (
    <StockRowDialog row={row} {...write}>
      {(errors) => (
        <>
          {unitField(errors.unidadeId)}
          <CountField
            id={id(count.id)}
            name={count.name}
            label={count.label}
            required
            error={errors[count.name]}
            hint={count.hint(current)}
            key={count.initial ? unidadeId : undefined}
            defaultValue={count.initial?.(current)}
          />
          {motivo ? (
            <MotivoField id={id("motivo")} required error={errors.motivo} hint={motivo} />
          ) : null}
        </>
      )}
    </StockRowDialog>
  );
}

/** Ajustar: the number in hand at a unit after counting it, never a difference. */
const ADJUST: UnitCountWrite = {
  prefix: "ajuste",
  icon: ClipboardCheck,
  label: "Ajustar",
  title: "Ajustar estoque",
  intent: "stock-adjust",
  schema: adjustStockSchema,
  submitLabel: "Salvar ajuste",
  count: {
    id: "em-maos",
    name: "emMaos",
    label: "Quantidade em mãos após a contagem",
    hint: (current) => (
      <>
        Informe quantas unidades há agora na unidade (não a diferença).
        {current && current.reservado > 0
          ? ` Não pode ser menos que ${current.reservado}, o reservado para pedidos.`
          : ""}
      </>
    ),
    initial: (current) => (current ? String(current.emMaos) : ""),
  },
  motivo: "Ex.: contagem do balcão, avaria, produto vencido, entrada de nota.",
};

/** Entrada (+N): units that arrived without an invoice, added to what is in hand. */
const ENTER: UnitCountWrite = {
  prefix: "entrada",
  icon: PackagePlus,
  label: "Entrada (+N)",
  title: "Entrada sem nota",
  intent: "stock-enter",
  schema: enterStockSchema,
  submitLabel: "Registrar entrada",
  count: {
    id: "quantidade",
    name: "quantidade",
    label: "Quantas unidades chegaram",
    hint: () =>
      "Somadas ao que há em mãos. Mercadoria com nota do fornecedor: use Entrada de mercadoria.",
  },
  motivo: "Ex.: bonificação do fornecedor, amostra, devolução de cliente no balcão.",
};

/** Mínimo: below it (in available units) the variant shows 'abaixo do mínimo' at the unit. */
const MINIMUM: UnitCountWrite = {
  prefix: "minimo",
  icon: Gauge,
  label: "Mínimo",
  title: "Estoque mínimo",
  intent: "stock-minimum",
  schema: minimumSchema,
  submitLabel: "Salvar mínimo",
  count: {
    id: "minimo",
    name: "minimo",
    label: "Mínimo disponível",
    hint: () =>
      "Com menos disponíveis que isso, a unidade aparece como abaixo do mínimo. 0 para nenhum.",
    initial: (current) => (current ? String(current.minimo) : "0"),
  },
};

export const AdjustDialog = ({ row }: { row: StockRow }) => (
  <UnitCountDialog row={row} write={ADJUST} />
);
export const EnterDialog = ({ row }: { row: StockRow }) => (
  <UnitCountDialog row={row} write={ENTER} />
);
export const MinimumDialog = ({ row }: { row: StockRow }) => (
  <UnitCountDialog row={row} write={MINIMUM} />
);

/**
 * Transferir: units in hand sent from one unit to another: out of the origin now, in the
 * destination's stock when someone there receives them (decision 0076).
 */
export function TransferDialog({
  row,
  units,
  destinos = units,
}: {
  row: StockRow;
  /** Where from: the person's units. */
  units: StockUnit[];
  /** Where to: every active unit. */
  destinos?: StockUnit[];
}) {
  const firstWithStock = row.porUnidade.find((f) => f.disponivel > 0)?.unidadeId;
  const [de, setDe] = useState(firstWithStock ?? units[0]?.id ?? "");
  const [para, setPara] = useState(destinos.find((u) => u.id !== de)?.id ?? "");
  const origin = row.porUnidade.find((f) => f.unidadeId === de);
  const id = (name: string) => `transferencia-${row.varianteId}-${name}`;
  if (units.length < 1 || destinos.length < 2) return null;
  const changeOrigin = (next: string) => {
    setDe(next);
    if (next === para) setPara(destinos.find((u) => u.id !== next)?.id ?? "");
  };
  return (
    <StockRowDialog
      row={row}
      icon={ArrowLeftRight}
      label="Transferir"
      title="Transferir entre unidades"
      intent="stock-transfer"
      schema={transferStockSchema}
      submitLabel="Transferir"
    >
      {(errors) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={id("de")} label="De" required error={errors.de}>
              <UnitSelect name="de" units={units} value={de} onChange={changeOrigin} />
            </Field>
            <Field id={id("para")} label="Para" required error={errors.para}>
              <UnitSelect
                name="para"
                units={destinos.filter((u) => u.id !== de)}
                value={para}
                onChange={setPara}
              />
            </Field>
          </div>
          {figuresLine(origin)}
          <p className="text-sm text-slate-600">
            Sai da origem agora e fica em trânsito até alguém do destino receber em Transferências.
          </p>
          <CountField
            id={id("quantidade")}
            name="quantidade"
            label="Quantidade"
            required
            error={errors.quantidade}
            hint={
              origin
                ? `No máximo ${plural(origin.disponivel, "unidade disponível", "unidades disponíveis")} na origem.`
                : "No máximo o disponível na origem."
            }
          />
          <MotivoField id={id("motivo")} error={errors.motivo} hint="Ex.: reposição da unidade." />
        </>
      )}
    </StockRowDialog>
  );
}
