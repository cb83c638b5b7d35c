import { ImageOff, Layers, Pencil, Trash2 } from "lucide-react";
import { href, Link, useFetcher } from "react-router";
import { ActiveToggle } from "~/components/admin/active-toggle";
import { Button, buttonVariants } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { IconSymbols, SpriteIcon } from "~/components/ui/icon-sprite";
import { useMountOnPress } from "~/components/ui/use-mount-on-press";

/** The icons every row of the product list shows, drawn once in the page. */
const ROW_ICONS = { editar: Pencil, variacoes: Layers, excluir: Trash2, semImagem: ImageOff };
const ROW_ICON_PREFIX = "icone-produto";

export function ProductRowSymbols() {
  return <IconSymbols prefix={ROW_ICON_PREFIX} icons={ROW_ICONS} />;
}

export function ProductRowIcon({
  name,
  className,
}: {
  name: keyof typeof ROW_ICONS;
  className?: string;
}) {
  return <SpriteIcon prefix={ROW_ICON_PREFIX} name={name} className={className} />;
}

export function ProductToggle({ id, nome, ativo }: { id: string; nome: string; ativo: boolean }) {
  return (
    <ActiveToggle
      action={href("/admin/loja/produtos")}
      intent="product-toggle"
      id={id}
      ativo={ativo}
      name={nome}
    />
  );
}

/** Shared with the list, which outlives the deleted row and shows the result. */
export const PRODUCT_DELETE_FETCHER = "product-delete";

export function ProductDelete({ id, nome }: { id: string; nome: string }) {
  const fetcher = useFetcher({ key: PRODUCT_DELETE_FETCHER });
  // One per product in the list: the question mounts on the button's first press.
  const { mounted, triggerProps } = useMountOnPress();
  const button = (more: React.ComponentProps<typeof Button> = {}) => (
    <Button
      variant="ghost"
      size="sm"
      className="text-red-700"
      disabled={fetcher.state !== "idle"}
      {...more}
    >
      <ProductRowIcon name="excluir" /> Excluir<span className="sr-only"> {nome}</span>
    </Button>
  );
  if (!mounted) return button(triggerProps);
  return (
    <ConfirmDialog
      defaultOpen
      trigger={button()}
      title="Excluir produto?"
      description={
        <>
          "{nome}" sai da loja e desta lista. Se ele aparece em pedidos anteriores, continua
          guardado no histórico desses pedidos.
        </>
      }
      confirmLabel="Excluir"
      onConfirm={() =>
        fetcher.submit(
          { intent: "product-delete", id },
          { method: "post", action: href("/admin/loja/produtos") },
        )
      }
    />
  );
}

/** The product's Variações page: options, variants, their prices and stock per unit. */
export function ProductVariantsLink({ id, nome }: { id: string; nome: string }) {
  return (
    <Link
      to={href("/admin/loja/produtos/:id/variacoes", { id })}
      className={buttonVariants({ variant: "outline", size: "sm" })}
    >
      <ProductRowIcon name="variacoes" /> Variações<span className="sr-only"> de {nome}</span>
    </Link>
  );
}
