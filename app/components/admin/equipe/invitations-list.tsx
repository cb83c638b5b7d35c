// The open invitations: who, role, units, until when the link holds; resend or cancel.
import { MailQuestion } from "lucide-react";
import { IntentForm } from "~/components/forms/intent-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { formatDateTime } from "~/domain/dates";
import { PAPEL_LABEL } from "~/domain/permissions";
import type { OpenInvitation } from "~/modules/accounts";
import { type UnitOption, unitsText } from "./units-fieldset";

export function InvitationsList({
  invitations,
  units,
}: {
  invitations: (Omit<OpenInvitation, "emitidoEm" | "expiraEm"> & {
    emitidoEm: Date | string;
    expiraEm: Date | string;
  })[];
  units: UnitOption[];
}) {
  if (invitations.length === 0) return null;
  const at = Date.now();
  return (
    <SectionCard title="Convites pendentes" icon={MailQuestion}>
      <ul className="grid gap-3" data-testid="convites">
        {invitations.map((c) => {
          const expired = new Date(c.expiraEm).getTime() <= at;
          return (
            <li key={c.id} className="grid gap-2 rounded-lg border border-slate-200 p-3">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-slate-900">{c.nome}</span>
                <Badge variant="secondary">{PAPEL_LABEL[c.papel]}</Badge>
                {expired ? <Badge variant="warning">Expirado</Badge> : null}
              </div>
              <p className="break-all text-sm text-slate-700">{c.email}</p>
              <p className="text-sm text-slate-600">
                {unitsText(c.todasUnidades, c.unidadeIds, units)} ·{" "}
                {expired ? "Expirou em " : "Vale até "}
                {formatDateTime(c.expiraEm)}
              </p>
              <div className="flex flex-wrap gap-2">
                <IntentForm intent="reenviar" recordId={c.id}>
                  <Button type="submit" variant="outline">
                    Reenviar
                  </Button>
                </IntentForm>
                <IntentForm intent="revogar" recordId={c.id}>
                  <Button type="submit" variant="outline">
                    Cancelar convite
                  </Button>
                </IntentForm>
              </div>
            </li>
          );
        })}
      </ul>
    </SectionCard>
  );
}
