// The units of /admin/unidades: each with its address, hours, what it offers and its switches.
import { MapPinIcon } from "lucide-react";
import { UnitDialog } from "~/components/admin/unidades/unit-dialog";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent } from "~/components/ui/card";
import { formatPhoneDisplay } from "~/domain/phone";
import { type Unit, weekdayHoursText } from "~/modules/shop";

export function UnitsList({ units }: { units: Unit[] }) {
  if (units.length === 0) {
    return (
      <Card>
        <CardContent className="p-6 text-sm text-slate-600">
          Nenhuma unidade cadastrada: o site não mostra endereço nem horário.
        </CardContent>
      </Card>
    );
  }
  return (
    <ul className="grid gap-4" aria-label="Unidades cadastradas">
      {units.map((unit) => (
        <li key={`${unit.id}-${String(unit.updatedAt)}`}>
          <Card>
            <CardContent className="grid gap-3 p-5 sm:grid-cols-[1fr_auto] sm:items-start">
              <div className="grid gap-1.5">
                <h2 className="flex flex-wrap items-center gap-2 text-lg font-bold text-slate-900">
                  <MapPinIcon className="size-5 text-brand-700" aria-hidden="true" />
                  {unit.nome}
                  <Badge variant={unit.ativo ? "green" : "secondary"}>
                    {unit.ativo ? "Ativa" : "Inativa"}
                  </Badge>
                  {unit.emBreve ? <Badge variant="yellow">Em breve</Badge> : null}
                  {unit.atendeEntregas ? <Badge variant="blue">Entregas</Badge> : null}
                  {unit.retiradaAtiva ? (
                    <Badge variant="purple">Retirada em ~{unit.preparoHoras} h</Badge>
                  ) : null}
                </h2>
                <p className="text-sm text-slate-700">
                  {unit.endereco}, {unit.bairro}, {unit.cidade}/{unit.uf}
                  {unit.cep ? ` · CEP ${unit.cep}` : ""}
                </p>
                <p className="text-sm text-slate-700">{weekdayHoursText(unit.horarios)}</p>
                {unit.telefone || unit.whatsapp ? (
                  <p className="text-sm text-slate-600">
                    {unit.telefone ? `Telefone ${formatPhoneDisplay(unit.telefone)}` : ""}
                    {unit.telefone && unit.whatsapp ? " · " : ""}
                    {unit.whatsapp ? `WhatsApp ${formatPhoneDisplay(unit.whatsapp)}` : ""}
                  </p>
                ) : null}
                {unit.servicos.length > 0 ? (
                  <p className="text-xs text-slate-600">{unit.servicos.join(" · ")}</p>
                ) : null}
                <p className="text-xs text-slate-500">
                  Identificador {unit.slug} · posição {unit.posicao}
                </p>
              </div>
              <UnitDialog unit={unit} />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
