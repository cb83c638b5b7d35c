import { useCallback, useRef, useState } from "react";
import { href, useFetcher } from "react-router";
import { useFormResult } from "~/components/forms/use-form-result";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { formatDate } from "~/domain/dates";
import { formatBRL, formatBRLNumber } from "~/domain/money";
import { TIPO_CUPOM_LABEL, TIPOS_CUPOM } from "~/domain/statuses";
import { checkOnSubmit } from "~/lib/forms";
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
export function couponValue(c: Pick<CouponRow, "tipo" | "valor">) {
  if (c.tipo === "percentual") {
    const text = formatBRLNumber(c.valor)
      .replace(/,00$/, "")
      .replace(/(,\d)0$/, "$1");
    return `${text} %`;
  }
  return formatBRL(c.valor);
}

function CouponToggle({ coupon }: { coupon: CouponRow }) {
  const fetcher = useFetcher();
  useFormResult(fetcher);
  return (
    <fetcher.Form method="post" action={href("/admin/loja/cupons")}>
      <input type="hidden" name="intent" value="coupon-toggle" />
      <input type="hidden" name="id" value={coupon.id} />
      <input type="hidden" name="ativo" value={String(!coupon.ativo)} />
      <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
        {coupon.ativo ? "Desativar" : "Ativar"}
        <span className="sr-only"> cupom {coupon.codigo}</span>
      </Button>
    </fetcher.Form>
  );
}

export function CouponsPanel({ coupons }: { coupons: CouponRow[] }) {
  const fetcher = useFetcher();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const onSuccess = useCallback(() => formRef.current?.reset(), []);
  const { errors: serverErrors } = useFormResult(fetcher, { onSuccess });
  const errors = { ...serverErrors, ...clientErrors };
  const [tipo, setTipo] = useState<string>("percentual");

  function validate(event: React.FormEvent<HTMLFormElement>) {
    setClientErrors(checkOnSubmit(couponSchema, event) ?? {});
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span id="cupons">Cupons de desconto</span>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <fetcher.Form
          ref={formRef}
          method="post"
          action={href("/admin/loja/cupons")}
          noValidate
          onSubmit={validate}
          className="grid gap-3 sm:grid-cols-3"
          aria-labelledby="cupons"
        >
          <input type="hidden" name="intent" value="coupon-create" />
          <Field id="cupom-codigo" label="Código" required error={errors.codigo}>
            <Input name="codigo" className="uppercase" maxLength={30} />
          </Field>
          <Field id="cupom-tipo" label="Tipo" required error={errors.tipo}>
            <Select name="tipo" value={tipo} onChange={(e) => setTipo(e.target.value)}>
              {TIPOS_CUPOM.map((t) => (
                <option key={t} value={t}>
                  {TIPO_CUPOM_LABEL[t]}
                </option>
              ))}
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
            <Button type="submit" disabled={fetcher.state !== "idle"}>
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
                    {c.usos} uso(s){c.limiteUsos ? ` de ${c.limiteUsos}` : ""}
                  </span>
                </div>
                <CouponToggle coupon={c} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
