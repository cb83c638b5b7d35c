// docs/permissoes.md, made from the code (decision 0068): the roles and the matrix from
// app/domain/permissions.ts, and what each admin route of app/routes.ts requires, read from
// the route modules themselves (`handle.capability`, `action.capabilities`). `npm run docs`
// writes it and `npm run lint` fails when it differs, so it cannot go stale.
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import {
  type AdminHandle,
  CAPACIDADES,
  type Capacidade,
  MATRIZ,
  PAPEIS,
  PAPEL_DESCRICAO,
  PAPEL_LABEL,
} from "../../app/domain/permissions";

interface AdminRouteModule {
  handle?: Partial<AdminHandle>;
  loader?: unknown;
  action?: { capabilities?: Record<string, Capacidade | undefined>; intentField?: string };
}

function adminFiles(entries: RouteConfigEntry[], parent: string, out: [string, string][]) {
  for (const entry of entries) {
    const url = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const frame = !entry.path && !entry.index && entry.children;
    if (frame && entry.file.startsWith("routes/admin/")) {
      out.push(["/admin/* (moldura das páginas)", entry.file]);
    } else if (url.startsWith("admin/") && !/^admin\/(login|logout)/.test(url)) {
      out.push([`/${url}`, entry.file]);
    }
    if (entry.children) adminFiles(entry.children, url, out);
  }
  return out;
}

const code = (c: string) => `\`${c}\``;
const caps = (c: AdminHandle["capability"] | undefined) =>
  c === undefined ? "—" : typeof c === "string" ? code(c) : c.map(code).join(" ou ");

export async function permissionsDoc(root: string): Promise<string> {
  const lines = [
    "# Permissões da equipe",
    "",
    "Gerado por `npm run docs` (scripts/lib/permissions-doc.ts) a partir de",
    "`app/domain/permissions.ts` e das rotas de `app/routes.ts`; `npm run lint` falha quando este",
    "arquivo fica para trás. Decisões 0066 e 0068.",
    "",
    "## Papéis",
    "",
    ...PAPEIS.map((p) => `- **${PAPEL_LABEL[p]}** (${code(p)}): ${PAPEL_DESCRICAO[p]}`),
    "",
    "## Matriz",
    "",
    `| capacidade | o que permite | ${PAPEIS.map((p) => PAPEL_LABEL[p]).join(" | ")} |`,
    `| --- | --- | ${PAPEIS.map(() => ":---:").join(" | ")} |`,
    ...(Object.entries(CAPACIDADES) as [Capacidade, string][]).map(
      ([c, text]) =>
        `| ${code(c)} | ${text} | ${PAPEIS.map((p) => (MATRIZ[p].has(c) ? "✓" : "—")).join(" | ")} |`,
    ),
    "",
    "## O que cada rota do painel exige",
    "",
    "Abrir a rota (o loader, inclusive downloads e pedidos `.data`) e cada ação que ela aceita.",
    "Quem não tem a capacidade recebe 403: “Acesso negado. Você não tem permissões para esta área.”",
    "",
    "| rota | abrir | ações |",
    "| --- | --- | --- |",
  ];
  const config = (await import(path.join(root, "app/routes.ts"))).default as RouteConfigEntry[];
  for (const [url, file] of adminFiles(await config, "", [])) {
    const mod = (await import(path.join(root, "app", file))) as AdminRouteModule;
    const actions = Object.entries(mod.action?.capabilities ?? {})
      .map(([intent, c]) => `${intent}: ${caps(c)}`)
      .join("; ");
    lines.push(
      `| ${code(url)} | ${mod.loader ? caps(mod.handle?.capability) : "—"} | ${actions || "—"} |`,
    );
  }
  lines.push("");
  return lines.join("\n");
}
