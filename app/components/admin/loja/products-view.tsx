import { Search } from "lucide-react";
import { useFetcher } from "react-router";
import { CardList, FilterBar, FilterSearch, FilterSelect } from "~/components/admin/list-view";
import { CategoryDialog } from "~/components/admin/loja/category-dialog";
import { type CouponRow, CouponsPanel } from "~/components/admin/loja/coupons-panel";
import { ProductDialog } from "~/components/admin/loja/product-dialog";
import {
  PRODUCT_DELETE_FETCHER,
  ProductDelete,
  ProductRowIcon,
  ProductRowSymbols,
  ProductToggle,
  ProductVariantsLink,
} from "~/components/admin/loja/product-row-actions";
import { Pagination } from "~/components/admin/pagination";
import { useFormResult } from "~/components/forms/use-form-result";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { CheckboxLabel } from "~/components/ui/checkbox-field";
import { NamedOptions } from "~/components/ui/select";
import { formatBRL } from "~/domain/money";
import {
  type AdminProduct,
  type EditableProduct,
  isLowStock,
  LOW_STOCK_THRESHOLD,
  productImageSrcSet,
} from "~/modules/catalog";

type Product = EditableProduct & Pick<AdminProduct, "categoriaNome" | "porUnidade" | "opcoes">;

/** "R$ 19,90", or "R$ 19,90 – R$ 189,90" when its variants differ in price. */
function priceRange(p: Product): string {
  return p.precoMax > p.precoAtual
    ? `${formatBRL(p.precoAtual)} – ${formatBRL(p.precoMax)}`
    : formatBRL(p.precoAtual);
}

/** "12 disp. · Unidade Meia Praia 10 · Nova Unidade 2". */
function stockBreakdown(p: Product): string {
  return [
    `${p.estoque} disp.`,
    ...p.porUnidade.map((u) => `${u.nome}${u.emBreve ? " (em breve)" : ""} ${u.disponivel}`),
  ].join(" · ");
}

/** The list's yes/no filters: their query names and labels. */
const TOGGLES = [
  {
    key: "estoqueBaixo",
    name: "estoque_baixo",
    label: `Estoque baixo (1 a ${LOW_STOCK_THRESHOLD})`,
  },
  { key: "semEstoque", name: "sem_estoque", label: "Sem estoque" },
  { key: "semImagem", name: "sem_imagem", label: "Sem imagem" },
  { key: "inativo", name: "inativo", label: "Inativo" },
] as const;

type Toggle = (typeof TOGGLES)[number]["key"];

export function LojaProducts({
  products,
  total,
  totalExato,
  paginated,
  filters,
  pageSize,
  categories,
  coupons,
}: {
  products: Product[];
  total: number;
  /** False past the rows the pages reach: "mais de {total}". */
  totalExato: boolean;
  /** The rows the pages reach (the list's pages are bounded). */
  paginated: number;
  filters: { q: string; categoriaId: string; page: number } & Record<Toggle, boolean>;
  pageSize: number;
  categories: { id: string; nome: string; ativo: boolean }[];
  coupons: CouponRow[];
}) {
  useFormResult(useFetcher({ key: PRODUCT_DELETE_FETCHER }));
  const filtered = Boolean(
    filters.q || filters.categoriaId || TOGGLES.some(({ key }) => filters[key]),
  );
  return (
    <div className="grid gap-6">
      <section aria-labelledby="produtos-titulo" className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="produtos-titulo" className="text-lg font-bold">
            Produtos{" "}
            <span className="text-sm font-normal text-slate-600">
              ({totalExato ? total : `mais de ${total.toLocaleString("pt-BR")}`})
            </span>
          </h2>
          <div className="flex flex-wrap gap-2">
            <CategoryDialog />
            <ProductDialog categories={categories} />
          </div>
        </div>

        <FilterBar view="produtos" className="sm:grid-cols-[1fr_14rem_auto]">
          <FilterSearch
            id="busca-produto"
            defaultValue={filters.q}
            placeholder="Nome, descrição, SKU ou código de barras"
            maxLength={100}
          />
          <FilterSelect
            id="filtro-categoria"
            label="Categoria"
            name="categoria"
            defaultValue={filters.categoriaId}
            allLabel="Todas"
          >
            <NamedOptions items={categories} />
          </FilterSelect>
          <fieldset className="flex flex-wrap gap-x-4 sm:order-last sm:col-span-3">
            <legend className="sr-only">Mostrar só</legend>
            {TOGGLES.map(({ key, name, label }) => (
              <CheckboxLabel
                key={name}
                id={`filtro-${name}`}
                name={name}
                value="1"
                defaultChecked={filters[key]}
                label={label}
              />
            ))}
          </fieldset>
          <Button type="submit" variant="secondary">
            <Search aria-hidden="true" /> Filtrar
          </Button>
        </FilterBar>

        <CardList
          items={products}
          label="Produtos"
          empty={
            filtered ? "Nenhum produto encontrado com estes filtros." : "Nenhum produto cadastrado."
          }
          cardClassName="flex flex-wrap items-center gap-4 p-4"
        >
          {(p) => (
            <>
              {p.imagemUrl ? (
                <img
                  src={p.imagemUrl.replace(/-\d+\.webp$/, "-200.webp")}
                  srcSet={productImageSrcSet(p.imagemUrl)}
                  sizes="64px"
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  className="size-16 rounded-lg object-cover"
                />
              ) : (
                <span className="flex size-16 items-center justify-center rounded-lg bg-slate-100 text-slate-500">
                  <ProductRowIcon name="semImagem" className="size-6" />
                  <span className="sr-only">Sem imagem</span>
                </span>
              )}
              <div className="grid min-w-48 flex-1 gap-1">
                <h3 className="font-semibold text-slate-900">{p.nome}</h3>
                <p className="text-sm text-slate-600">
                  {p.categoriaNome}
                  {p.sku ? ` · SKU ${p.sku}` : ""}
                </p>
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-bold">{priceRange(p)}</span>
                  {p.precoAntes && p.precoMax === p.precoAtual ? (
                    <span className="text-slate-600 line-through">{formatBRL(p.precoAntes)}</span>
                  ) : null}
                  <Badge
                    variant={
                      p.estoque === 0 ? "red" : isLowStock(p.estoque) ? "yellow" : "secondary"
                    }
                  >
                    {p.estoque === 0 ? "Sem estoque" : `${p.estoque} ${p.unidade}`}
                    {isLowStock(p.estoque) ? " · estoque baixo" : ""}
                  </Badge>
                  <Badge variant={p.ativo ? "green" : "secondary"}>
                    {p.ativo ? "Ativo" : "Inativo"}
                  </Badge>
                  {p.variacoes > 1 ? (
                    <Badge variant="secondary">{p.variacoes} variações</Badge>
                  ) : null}
                </div>
                {p.porUnidade.length > 0 ? (
                  <p className="text-xs text-slate-600">{stockBreakdown(p)}</p>
                ) : null}
              </div>
              <div className="flex flex-wrap gap-2">
                <ProductDialog
                  product={p}
                  categories={categories}
                  priceInVariants={p.opcoes.length > 0 || p.variacoes > 1}
                  editIcon={<ProductRowIcon name="editar" />}
                />
                <ProductVariantsLink id={p.id} nome={p.nome} />
                <ProductToggle id={p.id} nome={p.nome} ativo={p.ativo} />
                <ProductDelete id={p.id} nome={p.nome} />
              </div>
            </>
          )}
        </CardList>
        <ProductRowSymbols />
        <Pagination page={filters.page} total={paginated} pageSize={pageSize} />
      </section>
      <CouponsPanel coupons={coupons} />
    </div>
  );
}
