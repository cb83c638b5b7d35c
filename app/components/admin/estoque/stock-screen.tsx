// /admin/estoque: the filters (a GET form, so a filtered list is a plain link), one card per
// variant with its figures at each unit and its actions, and the pages.
import { History, Search } from "lucide-react";
import { href, Link } from "react-router";
import {
  AdjustDialog,
  EnterDialog,
  MinimumDialog,
  TransferDialog,
} from "~/components/admin/estoque/stock-dialogs";
import { UnitFigures } from "~/components/admin/estoque/unit-figures";
import { CardList, FilterBar, FilterSearch, FilterSelect } from "~/components/admin/list-view";
import { KeysetPagination } from "~/components/admin/pagination";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { CheckboxLabel } from "~/components/ui/checkbox-field";
import { NamedOptions } from "~/components/ui/select";
import type { StockListing } from "~/modules/inventory";

export interface StockScreenFilters {
  q: string;
  unidadeId: string;
  abaixoDoMinimo: boolean;
}

export function StockScreen({
  listing,
  filters,
}: {
  listing: StockListing;
  filters: StockScreenFilters;
}) {
  const filtered = Boolean(filters.q || filters.unidadeId || filters.abaixoDoMinimo);
  const rows = listing.rows.map((r) => ({ ...r, id: r.varianteId }));
  return (
    <div className="grid gap-4">
      <FilterBar className="sm:grid-cols-2 xl:grid-cols-[1fr_14rem_auto_auto]">
        <FilterSearch
          id="estoque-busca"
          defaultValue={filters.q}
          placeholder="Produto, variação ou SKU"
        />
        <FilterSelect
          id="estoque-unidade"
          label="Unidade"
          name="unidade"
          defaultValue={filters.unidadeId}
          allLabel="Todas"
        >
          <NamedOptions items={listing.unidades} />
        </FilterSelect>
        <CheckboxLabel
          id="estoque-abaixo"
          name="abaixo"
          value="1"
          defaultChecked={filters.abaixoDoMinimo}
          label="Abaixo do mínimo"
        />
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" /> Filtrar
        </Button>
      </FilterBar>

      <p className="text-sm text-slate-600" aria-live="polite">
        {!listing.totalExato
          ? `mais de ${listing.total.toLocaleString("pt-BR")} variações`
          : listing.total === 1
            ? "1 variação"
            : `${listing.total} variações`}
        {filters.abaixoDoMinimo ? " abaixo do mínimo" : ""}
      </p>

      <CardList
        items={rows}
        label="Estoque por variação"
        empty={
          filtered ? "Nenhuma variação encontrada com estes filtros." : "Nenhum produto cadastrado."
        }
        cardClassName="grid gap-3 p-3 sm:p-4"
      >
        {(row) => (
          <>
            <div className="grid min-w-0 gap-0.5">
              <h2 className="break-words font-semibold text-slate-900">
                {row.produtoNome}
                {row.rotulo ? (
                  <span className="font-normal text-slate-700"> — {row.rotulo}</span>
                ) : null}
              </h2>
              <p className="flex flex-wrap items-center gap-2 break-all text-sm text-slate-600">
                {`SKU ${row.sku}`}
                {row.ativo ? null : <Badge variant="secondary">Fora de venda</Badge>}
              </p>
            </div>
            <UnitFigures figures={row.porUnidade} />
            <div className="flex flex-wrap gap-2">
              <AdjustDialog row={row} />
              <EnterDialog row={row} />
              <TransferDialog row={row} units={listing.unidades} destinos={listing.destinos} />
              <MinimumDialog row={row} />
              <Link
                to={href("/admin/estoque/:varianteId", { varianteId: row.varianteId })}
                className={buttonVariants({ variant: "ghost", size: "sm" })}
              >
                <History aria-hidden="true" /> Histórico
                <span className="sr-only"> de {row.nome}</span>
              </Link>
            </div>
          </>
        )}
      </CardList>
      <KeysetPagination
        page={listing.page}
        newer={listing.anterior}
        older={listing.proxima}
        keys={{ previous: "antes", next: "depois" }}
      />
    </div>
  );
}
