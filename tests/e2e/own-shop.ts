// A spec's own shop: the address of its own server (the shared e2e port plus the spec's
// offset, see playwright.config.ts), the team, units and stocked products a spec writes in its
// database before the server starts (tests/support/own-server.ts `startSeededServer`), and the
// browsers that enter it signed in. One way to write these, so a spec shows only its story.
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import type { Papel } from "~/domain/permissions";
import { createUser } from "~/modules/accounts/index.server";
import { productSearchText } from "~/modules/catalog";
import { type Db, runSql } from "~/platform/db/client.server";
import type { OwnServer } from "../support/own-server";
import { signInAs } from "./fixtures";

/** Every person of a spec's own team signs in with this password. */
export const STAFF_PASSWORD = "Quati-Aveia-Moinho-35";

/** The spec's own server at the shared e2e port plus `offset`. */
export function ownShop(offset: number) {
  const port = Number(process.env.E2E_PORT || 3100) + offset;
  const base = `http://127.0.0.1:${port}`;
  return {
    port,
    base,
    /** Signs a person of the team (seedStaff) in through the login form; lands on `redirectTo`. */
    signIn: (page: Page, email: string, redirectTo: string) =>
      signInAs(page, { email, password: STAFF_PASSWORD }, redirectTo, base),
    /** A browser of the customer whose session cookie (`name=value`) is `cookie`. */
    async customerContext(browser: Browser, cookie: string, options: BrowserContextOptions) {
      const context = await browser.newContext(options);
      const [name, value] = cookie.split("=") as [string, string];
      await context.addCookies([{ name, value, url: base }]);
      return { context, name, value };
    },
  };
}

/**
 * Starts `server`, runs the spec's `steps` once it answers, and stops it afterwards whatever
 * happened (a clean stop flushes its logs into the failure's output).
 */
export async function whileServing(server: OwnServer, steps: () => Promise<void>) {
  try {
    await server.ready();
    await steps();
  } finally {
    await server.stop();
  }
}

/** A person of the team; `unidades` names the units they work at (none: every unit). */
export function seedStaff(
  db: Db,
  person: { email: string; nome: string; papel: Papel; unidades?: string[] },
) {
  return createUser(
    {
      email: person.email,
      password: STAFF_PASSWORD,
      papel: person.papel,
      nome: person.nome,
      todasUnidades: !person.unidades,
      unidadeIds: person.unidades ?? [],
    },
    db,
  );
}

/** The gerente the stock specs sign in as (give him his units). */
export const GIL = { email: "gil@agropet.test", nome: "Gil", papel: "gerente" } as const;

/** The id of the migrated unit `slug` (meia-praia). */
export async function unitId(db: Db, slug: string) {
  const [unit] = await runSql<{ id: string }>(db, "select id from unidades where slug = $1", [
    slug,
  ]);
  return unit!.id;
}

/**
 * A shelf: a new category `categoria` whose products (one variant each, same id) have their
 * units in hand at the unit `unidadeId`. Returns the products' ids in the order given.
 */
export async function seedShelf(
  db: Db,
  unidadeId: string,
  categoria: string,
  items: readonly {
    nome: string;
    sku: string;
    ean?: string | null;
    preco: string;
    custoMedio?: string;
    emMaos: number;
  }[],
) {
  const [category] = await runSql<{ id: string }>(
    db,
    "insert into categorias (nome) values ($1) returning id",
    [categoria],
  );
  const ids: string[] = [];
  for (const item of items) {
    const [produto] = await runSql<{ id: string }>(
      db,
      "insert into produtos (nome, categoria_id, busca) values ($1, $2, $3) returning id",
      [item.nome, category!.id, productSearchText({ nome: item.nome })],
    );
    await runSql(
      db,
      `insert into variantes (id, produto_id, sku, ean, rotulo, preco, custo_medio)
       values ($1, $1, $2, $3, '', $4, $5)`,
      [produto!.id, item.sku, item.ean ?? null, item.preco, item.custoMedio ?? null],
    );
    await runSql(db, "insert into estoque (variante_id, unidade_id, em_maos) values ($1, $2, $3)", [
      produto!.id,
      unidadeId,
      item.emMaos,
    ]);
    ids.push(produto!.id);
  }
  return ids;
}
