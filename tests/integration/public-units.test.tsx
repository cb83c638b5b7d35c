// The public pages read the units from the database (decision 0027): the home, the contact
// page and the footer of every page, rendered on the server as the app does (the real public
// layout's loader, its page components), and the home's structured data. The units are kept
// in memory until the table announces a change (migration 0007), which also moves the shared
// page cache's data generation.
import { eq, sql } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
} from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_LAYOUT_ID, type PublicLayoutData } from "~/components/public/seo";
import { listActiveUnits } from "~/modules/shop/index.server";
import { unidades } from "~/modules/shop/testing.server";
import { db } from "~/platform/db/client.server";
import {
  onPageDataChange,
  PAGE_DATA_CHANNEL,
  pageDataGeneration,
  stopPageDataWatch,
  watchPageData,
} from "~/platform/page-data.server";
import * as contato from "~/routes/public/contato";
import * as home from "~/routes/public/home";
import * as layout from "~/routes/public/layout";
import { withTestDatabase } from "../setup/db";
import { formRequest } from "../setup/requests";
import { makeAdmin } from "../support/factories";
import { call } from "../support/routes";
import { unitForm, weekFields } from "../support/units";

/** The unit card's state now (issue 39), whatever the hour the test runs at. */
const NOW =
  "(?:Aberta agora · fecha às \\d+h(?:\\d\\d)?|Fechada — abre [a-zçáã ]*às \\d+h(?:\\d\\d)?)";

const ctx = withTestDatabase();

const ROUTES: RouteObject[] = [
  {
    id: PUBLIC_LAYOUT_ID,
    path: "/",
    loader: layout.loader as never,
    Component: layout.default,
    children: [
      { id: "routes/public/home", index: true, Component: home.default },
      { id: "routes/public/contato", path: "contato", Component: contato.default },
    ],
  },
];

/** A public page rendered on the server, as text (tags out, spaces squeezed). */
async function page(path: string) {
  const handler = createStaticHandler(ROUTES);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`resposta ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StaticRouterProvider router={router} context={context} hydrate={false} />,
  );
  const text = (part: string) =>
    part
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ")
      .trim();
  const footer = /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? "";
  const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? "";
  return { html, text: text(html), footer: text(footer), main: text(main) };
}

/** The public layout's data, as the home's meta reads it. */
async function layoutData(): Promise<PublicLayoutData> {
  const { data } = await call(layout.loader, new Request("http://localhost/"));
  return data;
}

async function structuredData() {
  const tags = home.meta({
    matches: [{ id: PUBLIC_LAYOUT_ID, loaderData: await layoutData() }],
  } as never) as Record<string, unknown>[];
  const tag = tags.find((t) => "script:ld+json" in t);
  return tag!["script:ld+json"] as {
    department: { name: string; address: { streetAddress: string } }[];
    openingHoursSpecification: { dayOfWeek: string[]; opens: string; closes: string }[];
  };
}

describe("the public pages show the units migrated from the content file as before", () => {
  it("footer: both units, the shared hours", async () => {
    const { footer } = await page("/");
    expect(footer).toContain("Horário Segunda a Sexta 9h às 20h Sábado 9h às 18h Domingo Fechado");
    expect(footer).toContain("Unidade Meia Praia Rua 416, Meia Praia, Itapema/SC Abrir no mapa");
    expect(footer).toContain(
      "Nova Unidade Em breve Rua 406 esquina com 408, Meia Praia, Itapema/SC",
    );
  });

  it("home: the units section with its line, cards and services", async () => {
    const { main } = await page("/");
    expect(main).toContain(
      "Nossas unidades Venha nos visitar em Meia Praia. E fique de olho: a nova unidade, com banho e tosa, está chegando!",
    );
    // "Aberta agora · fecha às 20h" or "Fechada — abre às 9h": by the hours, at this moment.
    expect(main).toMatch(
      new RegExp(
        `Unidade Meia Praia ${NOW} Rua 416, Meia Praia – Itapema/SC Loja completa Rações e acessórios Produtos agropecuários`,
      ),
    );
    expect(main).toContain(
      "Nova Unidade Em breve Rua 406 esquina com 408, Meia Praia – Itapema/SC",
    );
  });

  it("contact page: the hours, short and in full, and the unit cards", async () => {
    const { main } = await page("/contato");
    expect(main).toContain("Seg. a sex. 9h às 20h, sáb. 9h às 18h");
    expect(main).toContain(
      "Horário de funcionamento Segunda a Sexta 9h às 20h Sábado 9h às 18h Domingo Fechado",
    );
    expect(main).toMatch(new RegExp(`Unidade Meia Praia ${NOW} Rua 416`));
    expect(main).toContain("Nova Unidade Em breve");
  });

  it("structured data: the open unit with its hours", async () => {
    const ld = await structuredData();
    expect(ld.department.map((d) => d.address.streetAddress)).toEqual(["Rua 416"]);
    expect(
      ld.openingHoursSpecification.map((s) => [s.opens, s.closes, s.dayOfWeek.length]),
    ).toEqual([
      ["09:00", "20:00", 5],
      ["09:00", "18:00", 1],
    ]);
  });
});

describe("a unit edited in the admin shows on every page that shows units", () => {
  beforeAll(async () => {
    const { token } = await makeAdmin();
    const [meiaPraia] = await db().select().from(unidades).where(eq(unidades.slug, "meia-praia"));
    const { action } = await import("~/routes/admin/unidades");
    const saved = await call(
      action,
      formRequest(
        "/admin/unidades",
        unitForm({
          intent: "unit-update",
          id: meiaPraia!.id,
          slug: "meia-praia",
          nome: "Loja da Praia",
          endereco: "Rua 416, 120",
          bairro: "Meia Praia",
          cep: "88220-000",
          mapsUrl: meiaPraia!.mapsUrl ?? "",
          servicos: "Rações\nAquarismo",
          ...weekFields([
            { abre: "08:00", fecha: "12:00" },
            ...Array(5).fill({ abre: "08:00", fecha: "19:30" }),
            { abre: "08:00", fecha: "12:00" },
          ]),
        }),
        { token },
      ),
    );
    expect(saved.data).toMatchObject({ ok: true });
  });

  it("footer and home", async () => {
    const { footer, main } = await page("/");
    expect(footer).toContain("Horário Segunda a Sexta 8h às 19h30 Sábado e Domingo 8h às 12h");
    expect(footer).toContain("Loja da Praia Rua 416, 120, Meia Praia, Itapema/SC");
    expect(footer).not.toContain("Unidade Meia Praia");
    expect(main).toMatch(
      new RegExp(`Loja da Praia ${NOW} Rua 416, 120, Meia Praia – Itapema/SC Rações Aquarismo`),
    );
  });

  it("contact page", async () => {
    const { main } = await page("/contato");
    expect(main).toContain("Seg. a sex. 8h às 19h30, sáb. e dom. 8h às 12h");
    expect(main).toContain("Segunda a Sexta 8h às 19h30 Sábado e Domingo 8h às 12h");
    expect(main).toMatch(new RegExp(`Loja da Praia ${NOW}`));
  });

  it("structured data", async () => {
    const ld = await structuredData();
    expect(ld.department.map((d) => [d.name, d.address.streetAddress])).toEqual([
      ["Agropet Litoral – Loja da Praia", "Rua 416, 120"],
    ]);
    expect(ld.openingHoursSpecification).toEqual([
      expect.objectContaining({ opens: "08:00", closes: "19:30" }),
      expect.objectContaining({
        opens: "08:00",
        closes: "12:00",
        dayOfWeek: ["https://schema.org/Saturday", "https://schema.org/Sunday"],
      }),
    ]);
  });

  it("an inactive unit leaves the pages; the hours are then the open units' own", async () => {
    await db().update(unidades).set({ ativo: false }).where(eq(unidades.slug, "rua-406"));
    const { footer } = await page("/");
    expect(footer).not.toContain("Nova Unidade");
    expect(footer).toContain("Loja da Praia");
  });
});

describe("the units are kept until the table changes", () => {
  const heard: string[] = [];
  let stopHearing: () => void;
  beforeAll(async () => {
    await watchPageData(ctx.database);
    stopHearing = onPageDataChange((table) => heard.push(table));
  });
  afterAll(async () => {
    stopHearing();
    await stopPageDataWatch();
  });

  it("a change made anywhere (here straight in SQL) moves the pages' generation and is read", async () => {
    const first = await listActiveUnits();
    expect(await listActiveUnits()).toBe(first);
    const before = pageDataGeneration();
    expect(before).not.toBeNull();
    await db().execute(sql`update unidades set nome = 'Loja Renomeada' where slug = 'meia-praia'`);
    await db().execute(sql`select pg_notify(${PAGE_DATA_CHANNEL}, 'marca-unidades')`);
    await expect.poll(() => heard.includes("marca-unidades"), { timeout: 5_000 }).toBe(true);
    expect(heard).toContain("unidades");
    expect(pageDataGeneration()).toBeGreaterThan(before!);
    const after = await listActiveUnits();
    expect(after).not.toBe(first);
    expect(after.map((u) => u.nome)).toContain("Loja Renomeada");
    const { footer } = await page("/");
    expect(footer).toContain("Loja Renomeada");
  });
});
