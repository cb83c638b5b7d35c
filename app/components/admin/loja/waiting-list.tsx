// "Avise-me quando chegar" on a product's Variações (decision 0074): who waits for each
// sold-out pack, oldest first. The e-mails go out by themselves when stock comes back.

import { TitledSection } from "~/components/admin/titled-section";

interface WaitingVariant {
  id: string;
  rotulo: string;
  sku: string;
  esperando: { email: string; desde: string }[];
}

export function WaitingList({ variantes }: { variantes: WaitingVariant[] }) {
  const waiting = variantes.filter((v) => v.esperando.length > 0);
  return (
    <TitledSection
      id="avise-me-titulo"
      title="Avise-me quando chegar"
      titleClassName="text-lg font-bold text-slate-900"
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4"
      data-testid="avise-me-lista"
    >
      {waiting.length === 0 ? (
        <p className="text-sm text-slate-600">Ninguém esperando por estas variações.</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Cada pessoa recebe um e-mail, uma vez, assim que houver estoque numa unidade que vende.
          </p>
          {waiting.map((v) => (
            <details key={v.id} className="rounded-lg border border-slate-200 p-3 text-sm">
              <summary className="cursor-pointer font-semibold">
                {v.rotulo || v.sku}: {v.esperando.length}{" "}
                {v.esperando.length === 1 ? "pessoa esperando" : "pessoas esperando"}
              </summary>
              <ul className="mt-2 grid gap-1">
                {v.esperando.map((e) => (
                  <li key={e.email} className="flex flex-wrap justify-between gap-2">
                    <span className="break-all">{e.email}</span>
                    <span className="text-slate-600">desde {e.desde}</span>
                  </li>
                ))}
              </ul>
            </details>
          ))}
        </>
      )}
    </TitledSection>
  );
}
