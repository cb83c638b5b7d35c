// A pet's packages of baths on its page (decision 0087): what is left of each and, for who
// takes money at the counter, "Vender pacote" (the offer, the unit, and the payment as the
// counter records it: method, amount, cash handed over, a reason for a different amount).
import { useState } from "react";
import {
  HandOverPaymentFields,
  handOverPaymentStart,
} from "~/components/admin/counter-payment-fields";
import { IntentForm } from "~/components/forms/intent-form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { NamedOptions, Select } from "~/components/ui/select";
import { formatIsoDate } from "~/domain/dates";
import { formatBRL, formatBRLNumber } from "~/domain/money";

interface Balance {
  id: string;
  nome: string;
  sessoes: number;
  restantes: number;
  validoAte: string;
}

export function PackageBalances({ pacotes }: { pacotes: readonly Balance[] }) {
  if (pacotes.length === 0) {
    return <p className="text-sm text-slate-600">Nenhum pacote com sessões para usar.</p>;
  }
  return (
    <ul className="grid gap-1" data-testid="pet-pacotes">
      {pacotes.map((b) => (
        <li key={b.id} className="rounded-lg bg-brand-50 p-2 text-sm font-semibold">
          {b.nome}: {b.restantes} de {b.sessoes} {b.sessoes === 1 ? "sessão" : "sessões"} · vale até{" "}
          {formatIsoDate(b.validoAte)}
        </li>
      ))}
    </ul>
  );
}

export function PackageSaleForm({
  offers,
  units,
  errors,
}: {
  offers: readonly {
    id: string;
    nome: string;
    preco: number;
    sessoes: number;
    validadeDias: number;
  }[];
  units: readonly { id: string; nome: string }[];
  errors: Record<string, string>;
}) {
  const [pacoteId, setPacoteId] = useState(offers[0]?.id ?? "");
  const preco = offers.find((o) => o.id === pacoteId)?.preco ?? 0;
  const [payment, setPayment] = useState(() => handOverPaymentStart(preco));
  if (offers.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        Nenhum pacote à venda para o porte e a pelagem deste pet.
      </p>
    );
  }
  return (
    <IntentForm intent="vender-pacote" className="grid gap-3" data-testid="vender-pacote">
      <Field id="pacoteId" label="Pacote" error={errors.pacoteId}>
        <Select
          value={pacoteId}
          onChange={(e) => {
            const next = offers.find((o) => o.id === e.target.value);
            setPacoteId(e.target.value);
            setPayment({ ...payment, valor: formatBRLNumber(next?.preco ?? 0) });
          }}
        >
          {offers.map((o) => (
            <option key={o.id} value={o.id}>
              {o.nome} · {formatBRL(o.preco)} · {o.sessoes} sessões · {o.validadeDias} dias
            </option>
          ))}
        </Select>
      </Field>
      {units.length > 1 ? (
        <Field id="unidadeId" label="Unidade">
          <Select>
            <NamedOptions items={units} />
          </Select>
        </Field>
      ) : (
        <input type="hidden" name="unidadeId" value={units[0]?.id ?? ""} />
      )}
      <HandOverPaymentFields
        id="pacote-pagamento"
        total={preco}
        value={payment}
        onChange={setPayment}
        errors={errors}
        reasonPlaceholder="Ex.: desconto de cliente antigo"
      />
      <Button type="submit" className="justify-self-start">
        Vender pacote
      </Button>
    </IntentForm>
  );
}
