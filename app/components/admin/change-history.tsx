// A record's changes, oldest first, each with who made it: "Por: Ana (Atendente, Unidade
// Meia Praia)" (issue 41 point 5). The order and booking cards share it.

export interface ChangeEntry {
  /** dd/MM/yyyy HH:mm. */
  em: string;
  acao: string;
  /** Who did it; null: the shop itself. */
  por: string | null;
}

export function ChangeHistory({
  entries,
  automatic,
}: {
  entries: readonly ChangeEntry[];
  /** What a change nobody made says instead of "Por: …". */
  automatic: string;
}) {
  if (entries.length === 0) return null;
  return (
    <details className="rounded-md border border-slate-200 p-3 text-sm">
      <summary className="cursor-pointer font-medium text-slate-900">
        Histórico ({entries.length})
      </summary>
      <ol className="mt-2 grid gap-1.5">
        {entries.map((e, index) => (
          <li key={index} className="grid gap-0.5">
            <span>
              <span className="text-slate-600">{e.em}</span> · {e.acao}
            </span>
            <span className="break-words text-slate-700">
              {e.por ? `Por: ${e.por}` : automatic}
            </span>
          </li>
        ))}
      </ol>
    </details>
  );
}
