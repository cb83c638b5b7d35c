// A shop ten years old, added to a migrated and seeded database (the demo stays): 10,000
// products with 30,000 variants over both units, their stock and ledger, 200,000 orders with
// their lines and stock movements, 5,000 grooming requests, 2,000 resumes and 100,000 audit
// rows — times `fraction` (0.1 for CI). Set-based SQL (insert ... select ... from
// generate_series) through the normal tables, so their checks and triggers do their work.
// Deterministic: every "random" choice is a hash of the row's ordinal.
import fs from "node:fs";
import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";

const FULL_SIZE = {
  produtos: 10_000,
  pedidos: 200_000,
  servicos: 5_000,
  curriculos: 2_000,
  auditoria: 100_000,
};
/** Every product has this many variants (a size, a weight, a dose). */
const VARIANTS_PER_PRODUCT = 3;
const YEARS = 10;

interface Family {
  categoria: string;
  /** `%m` is the brand, `%l` the line. */
  nome: string;
  marcas: string[];
  linhas: string[];
  opcao: string;
  valores: [string, string, string];
  /** Price of the first variant in centavos; the others grow by `fator`. */
  preco: number;
  fator: number;
  subgrupo: string;
}

/** The made-up shop's words (families of products, names, places): data, in a JSON file. */
const WORDS = JSON.parse(
  fs.readFileSync(new URL("./large-shop.json", import.meta.url), "utf8"),
) as {
  familias: Family[];
  nomes: string[];
  sobrenomes: string[];
  bairros: string[];
  pets: string[];
  racas: string[];
};
const {
  familias: FAMILIES,
  nomes: FIRST_NAMES,
  sobrenomes: SURNAMES,
  bairros: BAIRROS,
  pets: PETS,
  racas: RACAS,
} = WORDS;

/** A quoted SQL text literal. */
const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;
/** A SQL text[] literal. */
const arr = (xs: readonly string[]) => `array[${xs.map(lit).join(",")}]::text[]`;
/** A deterministic number in 0..m-1 from an integer expression and a salt. */
const h = (expr: string, salt: number, m: number | string) =>
  `((hashint4((${expr})::int + ${salt})::bigint & 2147483647) % (${m}))`;
/** A deterministic number in [0, 1). */
const u = (expr: string, salt: number) => `(${h(expr, salt, 1_000_000)} / 1000000.0)`;
/** One element of a text[] literal, chosen by hash. */
const pick = (xs: readonly string[], expr: string, salt: number) =>
  `(${arr(xs)})[1 + ${h(expr, salt, xs.length)}]`;
/** The search text the catalog writes (productSearchText): lower case, no accents. */
const searchText = (expr: string) =>
  `lower(translate(${expr}, 'áàâãéêíóôõúüçÁÀÂÃÉÊÍÓÔÕÚÜÇ', 'aaaaeeiooouucAAAAEEIOOOUUC'))`;
const SPAN = `interval '${YEARS * 365} days'`;

export interface LargeShopCounts {
  produtos: number;
  variantes: number;
  pedidos: number;
  itens: number;
  movimentos: number;
  servicos: number;
  curriculos: number;
  auditoria: number;
  seconds: number;
}

/** Adds the large shop (times `fraction`) to the database; returns what it wrote. */
export async function buildLargeShop(
  database: Database,
  fraction = 1,
  log: (line: string) => void = () => {},
): Promise<LargeShopCounts> {
  const n = (x: number) => Math.max(1, Math.round(x * fraction));
  const P = n(FULL_SIZE.produtos);
  const O = n(FULL_SIZE.pedidos);
  const started = performance.now();
  const counts: Record<string, number> = {};
  await database.db.transaction(async (tx) => {
    const step = async (label: string, statement: string) => {
      const t = performance.now();
      const result = (await tx.execute(sql.raw(statement))) as unknown as {
        rowCount?: number | null;
        affectedRows?: number;
      };
      const rows = Number(result.rowCount ?? result.affectedRows ?? 0);
      counts[label] = (counts[label] ?? 0) + rows;
      log(`  ${label}: ${rows} linhas em ${((performance.now() - t) / 1000).toFixed(1)} s`);
    };
    const families = FAMILIES.map(
      (f, i) =>
        `(${i}, ${lit(f.categoria)}, ${lit(f.nome)}, ${arr(f.marcas)}, ${arr(f.linhas)}, ${lit(f.opcao)}, ${arr(f.valores)}, ${f.preco}, ${f.fator}, ${lit(f.subgrupo)})`,
    ).join(",\n");
    await tx.execute(
      sql.raw(`create temp table escala_familias (f int, categoria text, nome text, marcas text[],
        linhas text[], opcao text, valores text[], preco int, fator numeric, subgrupo text)
        on commit drop`),
    );
    await tx.execute(sql.raw(`insert into escala_familias values ${families}`));
    await step(
      "categorias",
      `insert into categorias (nome, descricao)
       select distinct categoria, 'Produtos de ' || lower(categoria) from escala_familias
       on conflict (lower(nome)) do nothing`,
    );
    // Products: family by ordinal, brand and line by hash; one in 25 inactive, one in 100
    // deleted; created over ten years.
    await tx.execute(
      sql.raw(`create temp table escala_produtos on commit drop as
       select i, gen_random_uuid() as id, f.*,
         replace(replace(f.nome, '%m', f.marcas[1 + ${h("i", 11, "cardinality(f.marcas)")}]),
           '%l', f.linhas[1 + ${h("i", 13, "cardinality(f.linhas)")}]) as nome_final,
         f.marcas[1 + ${h("i", 11, "cardinality(f.marcas)")}] as marca,
         now() - ${SPAN} * ${u("i", 17)} as criado
       from generate_series(1, ${P}) i
       join escala_familias f on f.f = i % ${FAMILIES.length}`),
    );
    await step(
      "produtos",
      `insert into produtos (id, nome, descricao_curta, categoria_id, sku, opcoes,
         marca, subgrupo, unidade, ativo, busca, excluido_em, created_at, updated_at)
       select p.id, p.nome_final,
         p.subgrupo || ' ' || p.marca || '. Escolha: ' || array_to_string(p.valores, ', ') || '.',
         c.id, 'ESC-' || p.i,
         jsonb_build_array(jsonb_build_object('nome', p.opcao, 'valores', to_jsonb(p.valores))),
         p.marca, p.subgrupo, 'UN', ${h("p.i", 19, 25)} <> 0,
         ${searchText(`p.nome_final || ' ' || p.subgrupo || ' ' || p.marca || '. escolha: ' || array_to_string(p.valores, ', ') || '. esc-' || p.i`)},
         case when ${h("p.i", 23, 100)} = 0 then p.criado + interval '400 days' end,
         p.criado, p.criado
       from escala_produtos p join categorias c on lower(c.nome) = lower(p.categoria)`,
    );
    // Three variants each, prices growing with the size; one in 6 on sale.
    await tx.execute(
      sql.raw(`create temp table escala_variantes on commit drop as
       select row_number() over (order by p.i, k)::int as n, gen_random_uuid() as id,
         p.id as produto_id, p.nome_final as nome, 'ESC-' || p.i || '-' || k as sku,
         '789' || lpad((p.i * ${VARIANTS_PER_PRODUCT} + k)::text, 10, '0') as ean,
         p.valores[k] as rotulo, k,
         round(p.preco * (0.8 + ${u("p.i", 29)} * 0.6) * power(p.fator, k - 1) / 100.0, 1) - 0.01 as preco,
         p.criado
       from escala_produtos p cross join generate_series(1, ${VARIANTS_PER_PRODUCT}) k`),
    );
    await step(
      "variantes",
      `insert into variantes (id, produto_id, sku, ean, rotulo, opcao1, preco, preco_antes,
         ativo, posicao, created_at, updated_at)
       select id, produto_id, sku, ean, rotulo, rotulo, preco,
         case when ${h("n", 31, 6)} = 0 then round(preco * 1.15, 2) end,
         true, k - 1, criado, criado
       from escala_variantes`,
    );
    // Stock at every unit: mostly some at the open unit, a tenth sold out.
    await step(
      "estoque",
      `insert into estoque (variante_id, unidade_id, em_maos, minimo)
       select v.id, un.id,
         case when ${h("v.n", 37, 10)} = 0 then 0
              when un.atende_entregas then 1 + ${h("v.n", 41, 60)}
              else ${h("v.n", 43, 12)} end,
         2
       from escala_variantes v cross join unidades un`,
    );
    await step(
      "movimentos_estoque",
      `insert into movimentos_estoque (variante_id, unidade_id, tipo, delta_em_maos,
         em_maos_depois, reservado_depois, motivo, created_at)
       select e.variante_id, e.unidade_id, 'importacao', e.em_maos, e.em_maos, 0,
         'Carga inicial', v.criado
       from estoque e join escala_variantes v on v.id = e.variante_id where e.em_maos > 0`,
    );
    // Orders: more each year (the n-th at 10 years × sqrt(n/O)), so the last week has about
    // 2·O/3650 a day. Older than two days they are done (or cancelled); newer ones are open.
    const unit = `(select id from unidades where atende_entregas order by posicao limit 1)`;
    await tx.execute(
      sql.raw(`create temp table escala_pedidos on commit drop as
       select o, gen_random_uuid() as id,
         now() - ${SPAN} * (1 - sqrt((o - 0.5) / ${O})) as criado,
         case when ${h("o", 47, 5)} = 0 then 'retirada' else 'entrega' end as modo,
         ${h("o", 53, 100)} as sorte
       from generate_series(1, ${O}) o`),
    );
    await step(
      "pedidos",
      `insert into pedidos (id, numero_pedido, token_hash, cliente_nome, cliente_telefone, modo,
         unidade_id, cliente_endereco, cliente_bairro, janela_entrega, subtotal, taxa_entrega,
         total, forma_pagamento, status_pedido, status_pagamento, estoque_situacao,
         codigo_retirada, pronto_em, retirado_em, created_at, updated_at)
       select p.id,
         'PED' || lpad((extract(epoch from p.criado) * 1000)::bigint::text, 13, '0')
           || lpad((p.o % 1000)::text, 3, '0'),
         md5(p.o::text) || md5('t' || p.o),
         ${pick(FIRST_NAMES, "p.o", 59)} || ' ' || ${pick(SURNAMES, "p.o", 61)},
         '4799' || lpad(${h("p.o", 67, 10_000_000)}::text, 7, '0'),
         p.modo, ${unit},
         case when p.modo = 'entrega' then 'Rua ' || (100 + ${h("p.o", 71, 900)}) || ', ' || (1 + ${h("p.o", 73, 2000)}) else '' end,
         case when p.modo = 'entrega' then ${pick(BAIRROS, "p.o", 79)} else '' end,
         case when p.modo = 'entrega' then ${pick(["manha", "tarde", "noite"], "p.o", 83)} end,
         0, case when p.modo = 'entrega' then 800 / 100.0 else 0 end, 0,
         case when p.modo = 'retirada' then ${pick(["pix", "balcao"], "p.o", 89)}
              else ${pick(["pix", "pix", "dinheiro", "cartao_entrega", "cartao_entrega", "pix_mercadopago", "cartao"], "p.o", 89)} end,
         s.status, s.pagamento,
         case when s.status in ('entregue', 'retirado') then 'baixado'
              when s.status = 'cancelado' then 'liberado' else 'reservado' end,
         case when p.modo = 'retirada' then lpad(${h("p.o", 97, 10_000)}::text, 4, '0') end,
         case when s.status in ('pronto_retirada', 'retirado') then p.criado + interval '3 hours' end,
         case when s.status = 'retirado' then p.criado + interval '1 day' end,
         p.criado, p.criado
       from escala_pedidos p cross join lateral (
         select case
           when p.criado < now() - interval '2 days' then
             case when p.sorte < 8 then 'cancelado'
                  when p.modo = 'retirada' then 'retirado' else 'entregue' end
           when p.sorte < 30 then 'novo'
           when p.sorte < 50 then 'preparo'
           when p.sorte < 70 then case when p.modo = 'retirada' then 'pronto_retirada' else 'saiu_entrega' end
           when p.sorte < 95 then case when p.modo = 'retirada' then 'retirado' else 'entregue' end
           else 'cancelado' end as status) s0
       cross join lateral (select s0.status,
         case when s0.status in ('entregue', 'retirado') then 'pago'
              when s0.status = 'cancelado' then case when p.sorte % 2 = 0 then 'reembolsado' else 'aguardando' end
              else case when p.sorte % 3 = 0 then 'pago' else 'aguardando' end end as pagamento) s`,
    );
    // One to three lines each; popular variants sell more (index skewed by u²).
    const V = P * VARIANTS_PER_PRODUCT;
    await step(
      "itens_pedido",
      `insert into itens_pedido (pedido_id, produto_id, variante_id, sku, produto_nome,
         variante_rotulo, produto_preco, produto_preco_antes, unidade_id, quantidade, subtotal)
       select p.id, v.produto_id, v.id, v.sku, v.nome, v.rotulo, v.preco, null, ${unit}, q.qtd,
         v.preco * q.qtd
       from escala_pedidos p
       cross join lateral generate_series(1, 1 + ${h("p.o", 101, 3)}) g(linha)
       join escala_variantes v on v.n = 1 + floor(${V} * power(${u("p.o * 7 + g.linha", 103)}, 2))::int
       cross join lateral (select case when ${h("p.o * 7 + g.linha", 107, 10)} < 7 then 1
         when ${h("p.o * 7 + g.linha", 107, 10)} < 9 then 2 else 3 end as qtd) q`,
    );
    await step(
      "pedidos (totais)",
      `update pedidos p set subtotal = t.subtotal, total = t.subtotal + p.taxa_entrega
       from (select pedido_id, sum(subtotal) as subtotal from itens_pedido
             where pedido_id in (select id from escala_pedidos) group by pedido_id) t
       where t.pedido_id = p.id`,
    );
    // The ledger of every order: its reservation; then the sale, or the release.
    await step(
      "movimentos_estoque",
      `insert into movimentos_estoque (variante_id, unidade_id, tipo, delta_em_maos,
         delta_reservado, em_maos_depois, reservado_depois, pedido_id, created_at)
       select i.variante_id, i.unidade_id, m.tipo, m.delta_em_maos, m.delta_reservado,
         e.em_maos, e.reservado, p.id, p.created_at + m.depois
       from pedidos p join itens_pedido i on i.pedido_id = p.id
       join estoque e on e.variante_id = i.variante_id and e.unidade_id = i.unidade_id
       cross join lateral (values ('reserva', 0, i.quantidade, interval '0'),
         ('venda', -i.quantidade, -i.quantidade, interval '1 day'),
         ('liberacao', 0, -i.quantidade, interval '1 hour')) m(tipo, delta_em_maos, delta_reservado, depois)
       where p.id in (select id from escala_pedidos)
         and (m.tipo = 'reserva' or (m.tipo = 'venda' and p.estoque_situacao = 'baixado')
              or (m.tipo = 'liberacao' and p.estoque_situacao = 'liberado'))`,
    );
    // Open orders hold their units.
    await step(
      "estoque (reservas)",
      `update estoque e set reservado = e.reservado + r.qtd, em_maos = greatest(e.em_maos, e.reservado + r.qtd)
       from (select i.variante_id, i.unidade_id, sum(i.quantidade)::int as qtd
             from pedidos p join itens_pedido i on i.pedido_id = p.id
             where p.estoque_situacao = 'reservado' and p.id in (select id from escala_pedidos)
             group by 1, 2) r
       where e.variante_id = r.variante_id and e.unidade_id = r.unidade_id`,
    );
    await step(
      "pedidos_servicos",
      `insert into pedidos_servicos (numero_pedido, status, tipo_servico, nome_tutor, whatsapp,
         nome_pet, raca_porte, data_desejada, horario_desejado, leva_traz, observacoes, created_at)
       select 'SRV-ESC-' || s, c.status,
         ${pick(["plano_banho", "banho_fitoterapico", "banho_tosa"], "s", 109)},
         ${pick(FIRST_NAMES, "s", 113)} || ' ' || ${pick(SURNAMES, "s", 127)},
         '4799' || lpad(${h("s", 131, 10_000_000)}::text, 7, '0'),
         ${pick(PETS, "s", 137)}, ${pick(RACAS, "s", 139)},
         (c.criado + interval '3 days')::date, ${pick(["09:00", "10:30", "14:00", "16:00"], "s", 149)},
         ${h("s", 151, 3)} = 0, null, c.criado
       from generate_series(1, ${n(FULL_SIZE.servicos)}) s
       cross join lateral (select now() - ${SPAN} * (1 - sqrt((s - 0.5) / ${n(FULL_SIZE.servicos)})) as criado) c0
       cross join lateral (select c0.criado,
         case when c0.criado > now() - interval '3 days'
              then ${pick(["aguardando_orcamento", "orcamento_enviado", "confirmado"], "s", 157)}
              else ${pick(["concluido", "concluido", "concluido", "cancelado"], "s", 157)} end as status) c`,
    );
    await step(
      "curriculos",
      `insert into curriculos (nome_completo, email, telefone, vaga, mensagem, status, created_at)
       select nome, lower(translate(replace(nome, ' ', '.'), 'áéíóúâêôãõçüÁÉÍÓÚÖü', 'aeiouaeoaocuAEIOUOu')) || r || '@exemplo.com.br',
         '4799' || lpad(${h("r", 163, 10_000_000)}::text, 7, '0'),
         ${pick(["vendedor", "banho-tosa", "caixa", "auxiliar"], "r", 167)},
         'Tenho experiência com atendimento e gosto muito de animais.',
         case when r > ${n(FULL_SIZE.curriculos)} - 20 then 'novo'
              else ${pick(["visto", "respondido", "arquivado"], "r", 173)} end,
         now() - ${SPAN} * (1 - (r - 0.5) / ${n(FULL_SIZE.curriculos)})
       from generate_series(1, ${n(FULL_SIZE.curriculos)}) r
       cross join lateral (select ${pick(FIRST_NAMES, "r", 179)} || ' ' || ${pick(SURNAMES, "r", 181)} as nome) x`,
    );
    await step(
      "admin_audit_log",
      `insert into admin_audit_log (action, resource_type, resource_id, details, ip_address,
         user_agent, created_at)
       select a.action, a.tipo, gen_random_uuid()::text, jsonb_build_object('escala', true, 'n', x),
         '10.0.' || ${h("x", 191, 250)} || '.' || (1 + ${h("x", 193, 250)}),
         'Mozilla/5.0 (Linux; Android 14) Chrome/126', now() - ${SPAN} * (1 - (x - 0.5) / ${n(FULL_SIZE.auditoria)})
       from generate_series(1, ${n(FULL_SIZE.auditoria)}) x
       cross join lateral (select (array['pedido.status', 'produto.atualizar', 'estoque.ajustar', 'login', 'cupom.criar'])[1 + ${h("x", 197, 5)}] as action,
         (array['pedido', 'produto', 'estoque', 'usuario', 'cupom'])[1 + ${h("x", 197, 5)}] as tipo) a`,
    );
  });
  // Vacuumed and analysed, as a shop of ten years is (autovacuum on a server, the daily
  // maintenance on PGlite: docs/decisions/0048). Only analysed, the fresh tables left
  // PostgreSQL's autovacuum its first passes over 1.2 million new rows, and they ran during
  // the timings, on the same two cores.
  await database.db.execute(sql.raw("vacuum (analyze)"));
  return {
    produtos: counts.produtos ?? 0,
    variantes: counts.variantes ?? 0,
    pedidos: counts.pedidos ?? 0,
    itens: counts.itens_pedido ?? 0,
    movimentos: counts.movimentos_estoque ?? 0,
    servicos: counts.pedidos_servicos ?? 0,
    curriculos: counts.curriculos ?? 0,
    auditoria: counts.admin_audit_log ?? 0,
    seconds: (performance.now() - started) / 1000,
  };
}
