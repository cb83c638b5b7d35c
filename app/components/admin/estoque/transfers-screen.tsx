// The Transferências screen (decision 0076): one card per transfer. In transit to the
// person's units: a plain form to receive (what arrived, all by default; fewer asks the
// reason). Sent from their units: Cancelar while in transit. Then the recent ones, with who
// sent, received or cancelled them.

import { TitledSection } from "~/components/admin/titled-section";
import { usePode } from "~/components/admin/use-papel";
import { IntentForm } from "~/components/forms/intent-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import {
  MOTIVO_MAX,
  STOCK_MAX,
  type TransferLine,
  type TransferListing,
} from "~/modules/inventory";

/** A refused receive, said next to its transfer's form with what was typed. */
export interface TransferRefusal {
  id: string;
  message: string;
  errors?: Record<string, string>;
  quantidade: string;
  motivo: string;
}

const units = (n: number) => (n === 1 ? "1 unidade" : `${n} unidades`);

function Route({ t }: { t: TransferLine }) {
  return (
    <p className="text-sm text-slate-700">
      <span className="font-semibold">{t.de}</span> →{" "}
      <span className="font-semibold">{t.para}</span> · {units(t.quantidade)} · SKU {t.sku}
    </p>
  );
}

function Sent({ t }: { t: TransferLine }) {
  return (
    <p className="text-xs text-slate-600">
      Enviada em {t.enviadaEm}
      {t.enviadaPor ? ` · Por: ${t.enviadaPor}` : ""}
      {t.motivo ? ` · Motivo: ${t.motivo}` : ""}
    </p>
  );
}

function ReceiveForm({ t, refusal }: { t: TransferLine; refusal: TransferRefusal | null }) {
  const mine = refusal?.id === t.id ? refusal : null;
  const id = (name: string) => `receber-${t.id}-${name}`;
  return (
    <IntentForm
      intent="receber"
      recordId={t.id}
      className="grid gap-3 sm:grid-cols-[8rem_1fr_auto] sm:items-end"
    >
      <TextField
        id={id("quantidade")}
        name="quantidade"
        label="Chegaram"
        inputMode="numeric"
        pattern="[0-9]*"
        min={0}
        max={Math.min(t.quantidade, STOCK_MAX)}
        defaultValue={mine?.quantidade || String(t.quantidade)}
        error={mine?.errors?.quantidade}
        hint={`Enviadas: ${t.quantidade}`}
      />
      <TextField
        id={id("motivo")}
        name="motivo"
        label="Motivo da diferença"
        maxLength={MOTIVO_MAX}
        defaultValue={mine?.motivo ?? ""}
        error={mine?.errors?.motivo}
        hint="Só se chegou menos. Ex.: 2 sacos rasgados."
      />
      <Button type="submit">Receber</Button>
      {mine && !mine.errors ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-3">
          {mine.message}
        </p>
      ) : null}
    </IntentForm>
  );
}

function Card({ t, children }: { t: TransferLine; children?: React.ReactNode }) {
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 font-semibold break-words text-slate-900">{t.nome}</span>
        <StatusBadge t={t} />
      </div>
      <Route t={t} />
      <Sent t={t} />
      {children}
    </li>
  );
}

function StatusBadge({ t }: { t: TransferLine }) {
  if (t.status === "em_transito") return <Badge variant="yellow">Em trânsito</Badge>;
  if (t.status === "cancelada") return <Badge variant="secondary">Cancelada</Badge>;
  const short = (t.quantidadeRecebida ?? t.quantidade) < t.quantidade;
  return (
    <Badge variant={short ? "warning" : "green"}>
      {short ? "Recebida com diferença" : "Recebida"}
    </Badge>
  );
}

/** A titled list of transfers, each a card with what `action` adds to it. */
function Section({
  id,
  title,
  empty,
  transfers,
  action,
}: {
  id: string;
  title: string;
  empty: string;
  transfers: TransferLine[];
  action: (t: TransferLine) => React.ReactNode;
}) {
  const count = transfers.length;
  return (
    <TitledSection
      id={id}
      title={
        <>
          {title} {count > 0 ? <span className="text-slate-600">({count})</span> : null}
        </>
      }
      className="grid gap-3"
    >
      {count === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="grid gap-3">
          {transfers.map((t) => (
            <Card key={t.id} t={t}>
              {action(t)}
            </Card>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}

export function TransfersScreen({
  listing,
  result,
}: {
  listing: TransferListing;
  result: TransferRefusal | null;
}) {
  const receber = usePode("estoque.receber");
  const transferir = usePode("estoque.transferir");
  return (
    <div className="grid gap-8">
      <Section
        id="chegando"
        title="A receber nas suas unidades"
        empty="Nenhuma transferência a caminho das suas unidades."
        transfers={listing.chegando}
        action={(t) => (receber ? <ReceiveForm t={t} refusal={result} /> : null)}
      />
      <Section
        id="enviadas"
        title="Enviadas pelas suas unidades, em trânsito"
        empty="Nenhuma transferência enviada em trânsito."
        transfers={listing.enviadas}
        action={(t) =>
          transferir ? (
            <IntentForm intent="cancelar" recordId={t.id}>
              <Button type="submit" variant="outline">
                Cancelar transferência
              </Button>
            </IntentForm>
          ) : null
        }
      />
      <Section
        id="recentes"
        title="Últimos 30 dias"
        empty="Nenhuma transferência concluída nos últimos 30 dias."
        transfers={listing.recentes}
        action={(t) => (
          <p className="text-xs text-slate-600">
            {t.status === "recebida"
              ? `Recebida em ${t.concluidaEm}: ${units(t.quantidadeRecebida ?? 0)}`
              : `Cancelada em ${t.concluidaEm}`}
            {t.concluidaPor ? ` · Por: ${t.concluidaPor}` : ""}
            {t.motivoDiferenca ? ` · Diferença: ${t.motivoDiferenca}` : ""}
          </p>
        )}
      />
    </div>
  );
}
