// /admin/estoque/entrada: "Entrada de mercadoria" (issue 44 point 2, decision 0084). Upload a
// supplier's NF-e files (XML, or a ZIP of them), see each note matched item by item (by GTIN,
// by the supplier's code remembered), map the items not yet known, and confirm one note at a
// time. Plain forms: works without JavaScript; the preview comes back in the action's answer.
import { data } from "react-router";
import { EntryScreen, type EntryScreenResult } from "~/components/admin/estoque/entry-screen";
import { adminPage } from "~/components/admin/page";
import { useActionResult } from "~/components/forms/use-action-result";
import { adminAction, adminLoader } from "~/modules/accounts/index.server";
import * as fiscal from "~/modules/fiscal/index.server";
import { adminIntent } from "~/platform/admin/action.server";
import { AdminError } from "~/platform/admin/actor.server";
import type { Route } from "./+types/estoque-entrada";
import { StockSubpage } from "./estoque-page";
import { readUploads, uploadLimits } from "./uploads.server";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Entrada de mercadoria",
  // Receiving goods changes a unit's stock: who adjusts it receives it (decision 0084).
  capability: "estoque.ajustar",
  failure: "Erro ao carregar a entrada de mercadoria",
});

/** One XML is at most 5 MB; a zip of a month of notes fits too. */
const UPLOAD = uploadLimits(5, 20, "Cada arquivo deve ter no máximo 5 MB.");

export const loader = adminLoader(handle, async (_: Route.LoaderArgs) => null);

/** The staff's choice for each unmatched item of the form: item_N, fator_N, ignorar_N. */
function choicesOf(fields: Record<string, string>): Map<number, fiscal.ItemChoice> {
  const choices = new Map<number, fiscal.ItemChoice>();
  for (const [name, value] of Object.entries(fields)) {
    const m = /^(item|fator|ignorar)_(\d{1,3})$/.exec(name);
    if (!m) continue;
    const numero = Number(m[2]);
    const choice = choices.get(numero) ?? { texto: "", fator: "", ignorar: false };
    if (m[1] === "item") choice.texto = value.slice(0, 100);
    else if (m[1] === "fator") choice.fator = value.slice(0, 12);
    else choice.ignorar = value === "1" || value === "on";
    choices.set(numero, choice);
  }
  return choices;
}

export const action = adminAction(
  {
    preview: adminIntent({
      failure: "Erro ao ler as notas",
      run: async (_fields, { form, actor }) => {
        const read = await readUploads(form, UPLOAD, fiscal.ENTRADA_MOTIVOS.nenhumArquivo);
        const preview = await fiscal.previewEntry(read, actor);
        return { ok: true as const, intent: "preview", preview };
      },
    }),
    confirmar: adminIntent({
      failure: "Erro ao dar entrada na nota",
      run: async (fields, { actor }) => {
        const token = fields.token ?? "";
        const escolhas = choicesOf(fields);
        try {
          const r = await fiscal.confirmEntry(
            { token, chave: fields.chave ?? "", escolhas },
            actor,
          );
          const rest = await fiscal.stagedPreview(token, actor).catch(() => null);
          return {
            ok: true as const,
            intent: "confirmar",
            message: `NF-e ${r.numero} de ${r.fornecedor} recebida`,
            description: `${r.unidades} un. de ${r.variantes} ${r.variantes === 1 ? "produto" : "produtos"} em ${r.unidade}${r.ignorados > 0 ? ` (${r.ignorados} ignorado${r.ignorados === 1 ? "" : "s"})` : ""}.`,
            preview: rest && rest.notas.length > 0 ? rest : null,
          };
        } catch (error) {
          if (!(error instanceof AdminError)) throw error;
          const preview = await fiscal.stagedPreview(token, actor).catch(() => null);
          return data(
            {
              ok: false as const,
              intent: "confirmar",
              message: error.message,
              preview,
              chave: (fields.chave ?? "").slice(0, 44),
              itemErrors: error instanceof fiscal.EntryRefusal ? error.itens : {},
              escolhas: Object.fromEntries(escolhas),
            },
            { status: 400 },
          );
        }
      },
    }),
  },
  {
    capability: handle.capability,
    upload: {
      ...UPLOAD,
      intent: "preview",
    },
  },
);

export default function EstoqueEntrada() {
  const { result } = useActionResult<typeof action>();
  return (
    <StockSubpage
      title="Entrada de mercadoria"
      description="Envie o XML da NF-e do fornecedor (ou um ZIP com várias): confira os itens, associe os que a loja ainda não conhece e confirme. As quantidades entram no estoque da unidade destinatária."
    >
      <EntryScreen result={(result ?? null) as EntryScreenResult | null} />
    </StockSubpage>
  );
}
