// The permission matrix as the code holds it (domain/permissions.ts): what each role may do.
// A scrollable table on a phone, the capability's words in the first column.
import { ShieldCheck } from "lucide-react";
import { SectionCard } from "~/components/ui/card";
import {
  CAPACIDADES,
  MATRIZ,
  PAPEIS,
  PAPEL_DESCRICAO,
  PAPEL_LABEL,
  TODAS_CAPACIDADES,
} from "~/domain/permissions";

/** A cell's answer: a check or a dash to the eye, "sim" or "não" to a screen reader. */
function Granted({ yes }: { yes: boolean }) {
  return yes ? (
    <span className="font-bold text-green-700">
      <span aria-hidden="true">✓</span>
      <span className="sr-only">sim</span>
    </span>
  ) : (
    <span className="text-slate-400">
      <span aria-hidden="true">—</span>
      <span className="sr-only">não</span>
    </span>
  );
}

export function PermissionsMatrix() {
  return (
    <SectionCard
      title="Permissões de cada papel"
      icon={ShieldCheck}
      description="Gerente, Atendente e Tosador agem só nas unidades em que trabalham."
    >
      <dl className="mb-4 grid gap-2 text-sm">
        {PAPEIS.map((p) => (
          <div key={p}>
            <dt className="inline font-semibold text-slate-900">{PAPEL_LABEL[p]}: </dt>
            <dd className="inline text-slate-700">{PAPEL_DESCRICAO[p]}</dd>
          </div>
        ))}
      </dl>
      <div
        className="relative overflow-x-auto rounded-md border border-slate-200"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region reachable by keyboard
        tabIndex={0}
        role="region"
        aria-label="Tabela de permissões"
      >
        <table className="w-full min-w-[26rem] text-sm" data-testid="matriz-permissoes">
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="sticky left-0 bg-slate-50 p-2 text-left font-semibold">
                Permissão
              </th>
              {PAPEIS.map((p) => (
                <th key={p} scope="col" className="p-2 text-center font-semibold">
                  {PAPEL_LABEL[p]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {TODAS_CAPACIDADES.map((c) => (
              <tr key={c} className="border-t border-slate-100">
                <th
                  scope="row"
                  className="sticky left-0 bg-white p-2 text-left font-normal text-slate-800"
                >
                  {CAPACIDADES[c]}
                </th>
                {PAPEIS.map((p) => (
                  <td key={p} className="p-2 text-center">
                    <Granted yes={MATRIZ[p].has(c)} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </SectionCard>
  );
}
