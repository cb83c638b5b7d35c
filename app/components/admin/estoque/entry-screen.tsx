// "Entrada de mercadoria": the upload form, then each note read with its items (matched by
// GTIN or by the supplier's remembered code, or waiting to be mapped by SKU, EAN or name with
// the pack factor), each note confirmed by its own plain form. Files the screen will not
// apply are listed with their reasons.
import { CheckCircle2, PackageCheck, XCircle } from "lucide-react";
import { useNavigation } from "react-router";
import { IntentForm } from "~/components/forms/intent-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TitledCard } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatBRL } from "~/domain/money";
import type { EntryNote, EntryPreview } from "~/modules/fiscal";
import { FiscalUploadForm } from "./fiscal-upload";

export type EntryScreenResult =
  | { ok: true; intent: "preview"; preview: EntryPreview }
  | { ok: true; intent: "confirmar"; message: string; preview: EntryPreview | null }
  | {
      ok: false;
      intent: string;
      message?: string;
      preview?: EntryPreview | null;
      chave?: string;
      itemErrors?: Record<string, string>;
      escolhas?: Record<string, { texto: string; fator: string; ignorar: boolean }>;
    };

const quantity = (n: number) => n.toLocaleString("pt-BR", { maximumFractionDigits: 4 });

function NoteCard({
  note,
  token,
  refusal,
}: {
  note: EntryNote;
  token: string;
  refusal: Extract<EntryScreenResult, { ok: false }> | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const mine = refusal?.chave === note.chave ? refusal : null;
  const errorOf = (n: number) => mine?.itemErrors?.[String(n)];
  const typed = (n: number) => mine?.escolhas?.[String(n)];
  return (
    <TitledCard
      data-testid={`nota-${note.numero}`}
      title={
        <>
          NF-e {note.numero} · {note.emitente.nome}
        </>
      }
      description={
        <>
          Série {note.serie}, emitida em {note.emitidaEm} · {formatBRL(note.valorTotal)} · para{" "}
          <strong>{note.unidade.nome}</strong>
        </>
      }
      summary={
        <p className="text-sm font-semibold text-slate-900">
          {note.itens.length} {note.itens.length === 1 ? "item" : "itens"}:{" "}
          {note.itens.length - note.semCasar} reconhecidos ({quantity(note.unidades)} un.)
          {note.semCasar > 0 ? `, ${note.semCasar} para associar` : ""}
        </p>
      }
    >
      <IntentForm intent="confirmar" className="grid gap-4">
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="chave" value={note.chave} />
        {mine?.message ? (
          <p role="alert" className="font-semibold text-red-800">
            {mine.message}
          </p>
        ) : null}
        <ul className="grid gap-3">
          {note.itens.map((item) => (
            <li
              key={item.numero}
              className="grid min-w-0 gap-2 rounded-lg border border-slate-200 p-3 text-sm"
              data-testid={`item-${item.numero}`}
            >
              <div className="grid gap-0.5">
                <p className="break-words font-medium text-slate-900">
                  {item.numero}. {item.descricao}
                </p>
                <p className="break-all text-slate-600">
                  Cód. {item.codigo}
                  {item.gtin ? ` · GTIN ${item.gtin}` : ""} · {quantity(item.quantidade)}{" "}
                  {item.unidade} · {formatBRL(item.valorTotal - item.desconto)}
                </p>
              </div>
              {item.casado ? (
                <p className="flex flex-wrap items-center gap-2 text-green-800">
                  <CheckCircle2 className="size-4" aria-hidden="true" />
                  {item.variante}
                  <Badge variant="secondary">
                    {item.via === "gtin" ? "pelo GTIN" : "código do fornecedor"}
                  </Badge>
                  <span>
                    {item.fator > 1 ? `${quantity(item.quantidade)} × ${item.fator} = ` : ""}
                    <strong>+{item.unidades} un.</strong> a {formatBRL(item.custoUnitario)}/un.
                  </span>
                </p>
              ) : (
                <div className="grid gap-2">
                  <p className="flex items-center gap-1 text-amber-800">
                    <XCircle className="size-4" aria-hidden="true" /> {item.motivo}
                  </p>
                  <div className="grid gap-2 sm:grid-cols-[1fr_7rem]">
                    <div className="grid min-w-0 gap-1">
                      <Label htmlFor={`item-${note.chave}-${item.numero}`}>
                        Variação (SKU, EAN ou nome)
                      </Label>
                      <Input
                        id={`item-${note.chave}-${item.numero}`}
                        name={`item_${item.numero}`}
                        defaultValue={typed(item.numero)?.texto ?? ""}
                        autoComplete="off"
                        aria-invalid={errorOf(item.numero) ? true : undefined}
                        aria-describedby={
                          errorOf(item.numero) ? `erro-${note.chave}-${item.numero}` : undefined
                        }
                      />
                    </div>
                    <div className="grid min-w-0 gap-1">
                      <Label htmlFor={`fator-${note.chave}-${item.numero}`}>
                        Un. por {item.unidade}
                      </Label>
                      <Input
                        id={`fator-${note.chave}-${item.numero}`}
                        name={`fator_${item.numero}`}
                        inputMode="numeric"
                        pattern="[0-9]*"
                        maxLength={5}
                        defaultValue={typed(item.numero)?.fator || "1"}
                      />
                    </div>
                  </div>
                  <label className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      name={`ignorar_${item.numero}`}
                      value="1"
                      defaultChecked={typed(item.numero)?.ignorar ?? false}
                      className="size-4"
                    />
                    Ignorar (não entra no estoque: frete, material de uso da loja)
                  </label>
                  {errorOf(item.numero) ? (
                    <p id={`erro-${note.chave}-${item.numero}`} className="text-red-800">
                      {errorOf(item.numero)}
                    </p>
                  ) : null}
                </div>
              )}
            </li>
          ))}
        </ul>
        <p className="text-sm text-slate-600">
          O código do fornecedor associado fica lembrado para as próximas notas dele. O custo de
          cada variação passa a ser o desta nota, e o custo médio é recalculado.
        </p>
        <Button type="submit" disabled={busy} className="w-full whitespace-normal sm:w-fit">
          <PackageCheck aria-hidden="true" /> Confirmar entrada
          <span className="sr-only"> da NF-e {note.numero}</span>
        </Button>
      </IntentForm>
    </TitledCard>
  );
}

export function EntryScreen({ result }: { result: EntryScreenResult | null }) {
  const preview = result?.preview ?? null;
  const refusal = result && !result.ok ? result : null;
  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <TitledCard
        title="1. Envie as notas"
        description={
          <>
            O XML autorizado de cada NF-e (com o protocolo da SEFAZ), como o fornecedor envia por
            e-mail ou o portal baixa, ou um ZIP com vários. Até 20 arquivos de 5 MB por envio.
          </>
        }
      >
        <FiscalUploadForm
          intent="preview"
          label="Ver prévia"
          busyLabel="Lendo notas..."
          refusal={refusal}
        />
      </TitledCard>

      {result?.ok && result.intent === "confirmar" ? (
        <p
          role="status"
          className="rounded-lg bg-green-50 px-3 py-2 font-semibold text-green-800"
          data-testid="entrada-confirmada"
        >
          {result.message}
        </p>
      ) : null}

      {preview && preview.recusados.length > 0 ? (
        <TitledCard title="Não entram no estoque">
          <ul className="grid gap-2 text-sm" data-testid="recusados">
            {preview.recusados.map((r) => (
              <li key={`${r.arquivo}-${r.motivo}`} className="break-words text-red-800">
                <strong>{r.arquivo}:</strong> {r.motivo}
              </li>
            ))}
          </ul>
        </TitledCard>
      ) : null}

      {preview && preview.notas.length > 0 ? (
        <section className="grid gap-4 [&>*]:min-w-0" aria-label="2. Confira e confirme cada nota">
          <h2 className="text-lg font-semibold text-slate-900">2. Confira e confirme cada nota</h2>
          {preview.notas.map((note) => (
            <NoteCard key={note.chave} note={note} token={preview.token} refusal={refusal} />
          ))}
        </section>
      ) : null}
    </div>
  );
}
