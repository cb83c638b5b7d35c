// "Vendas do balcão": the upload of the day's NFC-e, what it did (sales, cancellations, files
// that changed nothing with their reasons, online orders put at risk), the online orders at
// risk now, and the counter codes waiting to be mapped (one plain form each).
import { AlertTriangle, Link2 } from "lucide-react";
import { useNavigation } from "react-router";
import { IntentForm } from "~/components/forms/intent-form";
import { Button } from "~/components/ui/button";
import { TitledCard } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { CounterImportResult, PendingCode, ReservationAtRisk } from "~/modules/fiscal";
import { FiscalUploadForm } from "./fiscal-upload";

export type CounterScreenResult =
  | { ok: true; intent: "importar"; message: string; result: CounterImportResult }
  | { ok: true; intent: "associar"; message: string }
  | { ok: false; intent: string; message?: string; codigo?: string; texto?: string };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Files of the upload that changed nothing, each with its reason; nothing when there is none. */
function RefusedFiles({
  title,
  testId,
  files,
  className,
}: {
  title: string;
  testId: string;
  files: CounterImportResult["recusados"];
  className: string;
}) {
  if (files.length === 0) return null;
  return (
    <div className="grid gap-1">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <ul className="grid gap-1" data-testid={testId}>
        {files.map((r) => (
          <li key={`${r.arquivo}-${r.motivo}`} className={`break-words ${className}`}>
            <strong>{r.arquivo}:</strong> {r.motivo}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ImportSummary({ result }: { result: CounterImportResult }) {
  const repetidos = result.recusados.filter((r) => r.repetido);
  const recusados = result.recusados.filter((r) => !r.repetido);
  return (
    <TitledCard
      data-testid="resultado-balcao"
      title="Resultado do envio"
      description={
        <>
          {plural(result.vendas, "venda lançada", "vendas lançadas")} ·{" "}
          {plural(result.devolvidas, "cancelamento devolvido", "cancelamentos devolvidos")} ao
          estoque
          {result.cancelamentosGuardados > 0
            ? ` · ${plural(result.cancelamentosGuardados, "cancelamento guardado", "cancelamentos guardados")} para quando a venda chegar`
            : ""}
          {result.itensPendentes > 0
            ? ` · ${plural(result.itensPendentes, "item espera", "itens esperam")} associação`
            : ""}
        </>
      }
      contentClassName="grid gap-3 text-sm"
    >
      {result.emRisco.length > 0 ? (
        <ul className="grid gap-1 text-red-800" role="alert">
          {result.emRisco.map((r) => (
            <li key={`${r.unidade}-${r.produto}`}>
              <strong>Reserva em risco:</strong> {r.produto} em {r.unidade}: {r.emMaos} em mãos para{" "}
              {r.reservado} reservadas (pedido {r.pedidos.join(", ")}).
            </li>
          ))}
        </ul>
      ) : null}
      <RefusedFiles
        title="Não lançados"
        testId="recusados"
        files={recusados}
        className="text-red-800"
      />
      <RefusedFiles
        title="Já lidos antes (nada mudou)"
        testId="repetidos"
        files={repetidos}
        className="text-slate-700"
      />
    </TitledCard>
  );
}

function PendingForm({
  code,
  refusal,
}: {
  code: PendingCode;
  refusal: Extract<CounterScreenResult, { ok: false }> | null;
}) {
  const navigation = useNavigation();
  const id = `${code.unidadeId}:${code.codigo}`;
  const mine = refusal?.codigo === id ? refusal : null;
  const field = `codigo-${code.unidadeId}-${code.codigo}`.replace(/[^a-zA-Z0-9-]/g, "_");
  return (
    <li className="grid min-w-0 gap-2 rounded-lg border border-slate-200 p-3 text-sm">
      <div className="grid gap-0.5">
        <p className="break-words font-medium text-slate-900">{code.descricao}</p>
        <p className="break-all text-slate-600">
          {code.unidade} · cód. {code.codigo}
          {code.gtin ? ` · GTIN ${code.gtin}` : ""} · {plural(code.itens, "venda", "vendas")},{" "}
          {code.quantidade} vendidos
        </p>
      </div>
      <IntentForm intent="associar" className="grid gap-2">
        <input type="hidden" name="unidadeId" value={code.unidadeId} />
        <input type="hidden" name="codigo" value={code.codigo} />
        <div className="grid gap-2 sm:grid-cols-[1fr_7rem]">
          <div className="grid min-w-0 gap-1">
            <Label htmlFor={field}>Variação (SKU, EAN ou nome)</Label>
            <Input
              id={field}
              name="texto"
              autoComplete="off"
              defaultValue={mine?.texto ?? ""}
              aria-invalid={mine ? true : undefined}
              aria-describedby={mine ? `${field}-erro` : undefined}
            />
          </div>
          <div className="grid min-w-0 gap-1">
            <Label htmlFor={`${field}-fator`}>Un. por venda</Label>
            <Input
              id={`${field}-fator`}
              name="fator"
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={5}
              defaultValue="1"
            />
          </div>
        </div>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="ignorar" value="1" className="size-4" />
          Ignorar (serviço ou item que a loja não controla por unidade)
        </label>
        {mine?.message ? (
          <p id={`${field}-erro`} className="text-red-800">
            {mine.message}
          </p>
        ) : null}
        <Button
          type="submit"
          disabled={navigation.state !== "idle"}
          className="w-full whitespace-normal sm:w-fit"
        >
          <Link2 aria-hidden="true" /> Associar e baixar
          <span className="sr-only"> {code.descricao}</span>
        </Button>
      </IntentForm>
    </li>
  );
}

export function RiskList({ emRisco }: { emRisco: ReservationAtRisk[] }) {
  return (
    <ul className="grid gap-2 text-sm" data-testid="reservas-em-risco">
      {emRisco.map((r) => (
        <li key={`${r.unidadeId}-${r.varianteId}`} className="break-words text-red-800">
          <AlertTriangle className="mr-1 inline size-4" aria-hidden="true" />
          <strong>{r.nome}</strong> em {r.unidade}: {r.emMaos} em mãos para {r.reservado} reservadas
          · pedido {r.pedidos.join(", ") || "—"}
        </li>
      ))}
    </ul>
  );
}

export function CounterScreen({
  result,
  pendentes,
  emRisco,
  pasta,
}: {
  result: CounterScreenResult | null;
  pendentes: PendingCode[];
  emRisco: ReservationAtRisk[];
  pasta: string;
}) {
  const refusal = result && !result.ok ? result : null;
  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <TitledCard
        title="Envie as NFC-e do dia"
        description={
          <>
            Os XML autorizados (e os de cancelamento) que o programa do caixa exporta, ou um ZIP com
            eles. Até 500 arquivos por envio. Enviar de novo o mesmo arquivo não muda nada.
          </>
        }
      >
        <FiscalUploadForm
          intent="importar"
          label="Lançar vendas"
          busyLabel="Lançando..."
          refusal={refusal}
        />
        <p className="mt-3 text-sm text-slate-600">
          Ou copie os arquivos para a pasta de importação (<code>{pasta}</code> da área privada dos
          arquivos): a rotina lança o que encontrar a cada 5 minutos.
        </p>
      </TitledCard>

      {result?.ok && result.intent === "importar" ? <ImportSummary result={result.result} /> : null}

      {emRisco.length > 0 ? (
        <TitledCard
          title="Reservas em risco"
          description={
            <>
              Vendas do balcão deixaram menos em mãos do que os pedidos online reservaram. Separe,
              transfira de outra unidade ou fale com o cliente.
            </>
          }
        >
          <RiskList emRisco={emRisco} />
        </TitledCard>
      ) : null}

      <TitledCard
        title="Itens esperando associação"
        description={
          <>
            Códigos do caixa que a loja ainda não conhece. Associe uma vez (digite o SKU, o EAN ou
            palavras do nome; um leitor USB digita o EAN): as vendas esperando saem do estoque e as
            próximas casam sozinhas.
          </>
        }
      >
        {pendentes.length === 0 ? (
          <p className="text-sm text-slate-600">Nenhum item esperando.</p>
        ) : (
          <ul className="grid gap-3" data-testid="pendentes">
            {pendentes.map((code) => (
              <PendingForm key={`${code.unidadeId}-${code.codigo}`} code={code} refusal={refusal} />
            ))}
          </ul>
        )}
      </TitledCard>
    </div>
  );
}
