// The system-test screen's pieces: one card per test, and the history of this visit's tests.
import type { Database } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, SectionCard } from "~/components/ui/card";
import { cn } from "~/lib/utils";

export interface HistoryEntry {
  id: number;
  name: string;
  ok: boolean;
  message: string;
  at: string;
}

const TIME = new Intl.DateTimeFormat("pt-BR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** This visit's tests, newest first, announced as they arrive. */
export function TestHistory({ entries }: { entries: HistoryEntry[] }) {
  return (
    <SectionCard
      title="Histórico"
      description="Os testes desta visita, do mais recente ao mais antigo."
    >
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhum teste executado ainda</p>
      ) : (
        <ol className="grid gap-2" aria-live="polite" data-testid="historico-testes">
          {entries.map((entry) => (
            <li
              key={entry.id}
              className={cn(
                "grid gap-0.5 rounded-lg border px-3 py-2 text-sm",
                entry.ok
                  ? "border-green-200 bg-green-50 text-green-900"
                  : "border-red-200 bg-red-50 text-red-900",
              )}
            >
              <span className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold">
                  {entry.ok ? "Sucesso" : "Erro"}: {entry.name}
                </span>
                <time dateTime={entry.at} className="text-xs opacity-80">
                  {TIME.format(new Date(entry.at)).replace(",", "")}
                </time>
              </span>
              <span>{entry.message}</span>
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}

export function TestCard({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: typeof Database;
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <span className="grid size-10 place-items-center rounded-xl bg-brand-50 text-brand-700">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <h2 className="text-lg font-bold text-slate-900">{title}</h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto">{children}</CardContent>
    </Card>
  );
}
