import { useState } from "react";
import { href } from "react-router";
import { ActiveToggle } from "~/components/admin/active-toggle";
import { useCheckedFetcher } from "~/components/forms/use-checked-fetcher";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TitledCard } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select, SelectOptions } from "~/components/ui/select";
import { formatDate } from "~/domain/dates";
import { formatBRL, formatBRLNumber } from "~/domain/money";
import { TIPO_CUPOM_LABEL, TIPOS_CUPOM } from "~/domain/statuses";
import { countText } from "~/domain/text";
import { COUPON_REQUIRED, couponSchema } from "~/modules/promotions";

export interface CouponRow {
  id: string;
  codigo: string;
  tipo: "percentual" | "valor";
  valor: number;
  ativo: boolean;
  pedidoMinimo: number | null;
  validoAte: string | Date | null;
  limiteUsos: number | null;
  usos: number;
}

/** '10 %' / '10,5 %' for a percentage kept in centavos-of-percent, 'R$ 5,00' for an amount. */
function couponValue(c: Pick<CouponRow, "tipo" | "valor">) {
  if (c.tipo === "percentual") {
    const text = formatBRLNumber(c.valor)
      .replace(/,00$/, "")
      .replace(/(,\d)0$/, "$1");
    return `${text} %`;
  }
  return formatBRL(c.valor);
}

export function CouponsPanel({ coupons }: { coupons: CouponRow[] }) {
  const { fetcher, errors, formProps, pending } = useCheckedFetcher({
    resetOnSuccess: true,
  });
  const [tipo, setTipo] = useState<string>("percentual");

  return (
    <TitledCard title={<span id="cupons">Cupons de desconto</span>} contentClassName="grid gap-6">
      <fetcher.Form
        {...formProps(couponSchema)}
        action={href("/admin/loja/cupons")}
        className="grid gap-3 sm:grid-cols-3"
        aria-labelledby="cupons"
      >
        <input type="hidden" name="intent" value="coupon-create" />
        <Field id="cupom-codigo" label="Código" required error={errors.codigo}>
          <Input name="codigo" className="uppercase" maxLength={30} />
        </Field>
        <Field id="cupom-tipo" label="Tipo" required error={errors.tipo}>
          <Select name="tipo" value={tipo} onChange={(e) => setTipo(e.target.value)}>
            <SelectOptions values={TIPOS_CUPOM} labels={TIPO_CUPOM_LABEL} />
          </Select>
        </Field>
        <Field
          id="cupom-valor"
          label={tipo === "percentual" ? "Desconto (%)" : "Desconto (R$)"}
          required
          error={errors.valor}
        >
          <Input
            name="valor"
            inputMode="decimal"
            placeholder={tipo === "percentual" ? "10" : "5,00"}
          />
        </Field>
        <Field id="cupom-minimo" label="Pedido mínimo (R$)" error={errors.pedidoMinimo}>
          <Input name="pedidoMinimo" inputMode="decimal" placeholder="Opcional" />
        </Field>
        <Field id="cupom-validade" label="Válido até" error={errors.validoAte}>
          <Input name="validoAte" type="date" />
        </Field>
        <Field id="cupom-limite" label="Limite de usos" error={errors.limiteUsos}>
          <Input name="limiteUsos" inputMode="numeric" placeholder="Sem limite" />
        </Field>
        <div className="sm:col-span-3">
          <Button type="submit" disabled={pending}>
            Criar cupom
          </Button>
          {Object.keys(errors).length > 0 &&
          (errors.codigo === COUPON_REQUIRED || errors.valor === COUPON_REQUIRED) ? (
            <p className="mt-2 text-sm font-medium text-red-700" role="alert">
              {COUPON_REQUIRED}
            </p>
          ) : null}
        </div>
      </fetcher.Form>

      {coupons.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhum cupom cadastrado.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {coupons.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="grid gap-0.5">
                <span className="flex items-center gap-2 font-mono font-bold">
                  {c.codigo}
                  <Badge variant={c.ativo ? "green" : "secondary"}>
                    {c.ativo ? "Ativo" : "Inativo"}
                  </Badge>
                </span>
                <span className="text-sm text-slate-700">
                  {couponValue(c)} de desconto
                  {c.pedidoMinimo ? ` · pedido mínimo ${formatBRL(c.pedidoMinimo)}` : ""}
                  {c.validoAte ? ` · válido até ${formatDate(c.validoAte)}` : ""}
                </span>
                <span className="text-xs text-slate-600">
                  {countText(c.usos, "uso")}
                  {c.limiteUsos ? ` de ${c.limiteUsos}` : ""}
                </span>
              </div>
              <ActiveToggle
                action={href("/admin/loja/cupons")}
                intent="coupon-toggle"
                id={c.id}
                ativo={c.ativo}
                name={`cupom ${c.codigo}`}
              />
            </li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}
