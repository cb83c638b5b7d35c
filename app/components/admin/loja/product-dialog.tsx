import { Layers } from "lucide-react";
import { useState } from "react";
import { href, Link } from "react-router";
import { EditOrNewButton } from "~/components/admin/edit-or-new-button";
import { CardCropPreview } from "~/components/admin/loja/card-crop-preview";
import { type TextFieldSpec, TextFields } from "~/components/admin/text-fields";
import { IntentFields } from "~/components/forms/intent-form";
import { useDialogForm } from "~/components/forms/use-checked-fetcher";
import { Checkbox } from "~/components/ui/checkbox";
import { TitledDialog } from "~/components/ui/dialog";
import { Field, formControls } from "~/components/ui/field";
import { SaveButton } from "~/components/ui/save-button";
import { NamedOptions, Select } from "~/components/ui/select";
import { TextAreaField, TextField } from "~/components/ui/text-field";
import { useMountOnPress } from "~/components/ui/use-mount-on-press";
import { formatBRLNumber } from "~/domain/money";
import { fieldErrors, formFields } from "~/lib/forms";
import {
  type EditableProduct,
  MAX_PRODUCT_IMAGE_BYTES,
  PRODUCT_IMAGE_TOO_LARGE,
  productImageSrcSet,
  productSchema,
} from "~/modules/catalog";

/** The product's price, the one before a sale, and its stock. */
const priceFields = (product?: EditableProduct): TextFieldSpec[] => [
  {
    name: "precoAtual",
    label: "Preço atual (R$)",
    required: true,
    inputMode: "decimal",
    placeholder: "12,90",
    defaultValue: product ? formatBRLNumber(product.precoAtual) : "",
  },
  {
    name: "precoAntes",
    label: "Preço anterior (R$)",
    hint: "Opcional: mostra o desconto na loja",
    inputMode: "decimal",
    placeholder: "15,90",
    defaultValue: product?.precoAntes ? formatBRLNumber(product.precoAntes) : "",
  },
  {
    name: "estoque",
    label: "Estoque",
    inputMode: "numeric",
    defaultValue: String(product?.estoque ?? 0),
  },
];

/** How the product is sold (UN, KG, ...) and its brand. */
const detailFields = (product?: EditableProduct): TextFieldSpec[] => [
  { name: "unidade", label: "Unidade", defaultValue: product?.unidade ?? "UN", maxLength: 10 },
  { name: "marca", label: "Marca", defaultValue: product?.marca ?? "", maxLength: 80 },
];

interface ProductDialogProps {
  product?: EditableProduct;
  categories: { id: string; nome: string; ativo: boolean }[];
  /** A product with options: its prices and stock are edited in its Variações, not here. */
  priceInVariants?: boolean;
  /** The "Editar" button's icon, when the list draws its icons once (IconSymbols). */
  editIcon?: React.ReactNode;
}

export function ProductDialog(props: ProductDialogProps) {
  // One per product in the list: the dialog mounts on the button's first press.
  const { mounted, triggerProps } = useMountOnPress();
  if (!mounted) {
    return (
      <EditOrNewButton
        name={props.product?.nome}
        newLabel="Novo produto"
        icon={props.editIcon}
        {...triggerProps}
      />
    );
  }
  return <ProductDialogOpened {...props} />;
}

function ProductDialogOpened({
  product,
  categories,
  priceInVariants = false,
  editIcon,
}: ProductDialogProps) {
  const { open, onOpenChange, ...form } = useDialogForm(true);
  // The form is a component of its own, built only while the dialog is open.
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={<EditOrNewButton name={product?.nome} newLabel="Novo produto" icon={editIcon} />}
      title={product ? "Editar produto" : "Novo produto"}
      description="Campos com * são obrigatórios. Preços no formato 12,90."
      className="max-w-2xl"
    >
      <ProductForm
        product={product}
        categories={categories}
        priceInVariants={priceInVariants}
        form={form}
      />
    </TitledDialog>
  );
}

function ProductForm({
  product,
  categories,
  priceInVariants,
  form,
}: Omit<ProductDialogProps, "editIcon"> & {
  priceInVariants: boolean;
  form: Omit<ReturnType<typeof useDialogForm>, "open" | "onOpenChange">;
}) {
  const { fetcher, errors, setClientErrors, formProps, pending } = form;
  const editing = Boolean(product);
  // The photo chosen in this opening of the dialog, for the card's crop preview (the form
  // unmounts when the dialog closes, and the choice with it).
  const [photo, setPhoto] = useState<File | null>(null);
  const { id, field, props } = formControls(
    product ? `p-${product.id.slice(0, 8)}` : "novo",
    errors,
  );

  function validate(event: React.FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const parsed = productSchema.safeParse(formFields(form));
    const next = parsed.success ? {} : fieldErrors(parsed.error);
    const file = form.get("imagem");
    if (file instanceof File && file.size > MAX_PRODUCT_IMAGE_BYTES)
      next.imagem = PRODUCT_IMAGE_TOO_LARGE;
    setClientErrors(next);
    if (Object.keys(next).length > 0) {
      event.preventDefault();
      const first = Object.keys(next)[0]!;
      (event.currentTarget.querySelector(`[name="${first}"]`) as HTMLElement | null)?.focus();
    }
  }

  return (
    <fetcher.Form
      {...formProps(validate)}
      action={href("/admin/loja/produtos")}
      encType="multipart/form-data"
      className="grid gap-4 sm:grid-cols-2"
    >
      <IntentFields intent={editing ? "product-update" : "product-create"} recordId={product?.id} />
      <TextField
        {...field("nome")}
        label="Nome"
        required
        className="sm:col-span-2"
        defaultValue={product?.nome}
        maxLength={200}
      />
      <TextAreaField
        {...field("descricaoCurta")}
        label="Descrição curta"
        className="sm:col-span-2"
        defaultValue={product?.descricaoCurta ?? ""}
        rows={2}
        maxLength={500}
      />
      <Field id={id("categoriaId")} label="Categoria" required error={errors.categoriaId}>
        <Select {...props("categoriaId")} defaultValue={product?.categoriaId ?? ""}>
          <option value="">Selecione</option>
          <NamedOptions
            items={categories.filter((c) => c.ativo || c.id === product?.categoriaId)}
          />
        </Select>
      </Field>
      <TextField {...field("sku")} label="SKU" defaultValue={product?.sku ?? ""} maxLength={60} />
      {product && priceInVariants ? (
        <div className="grid gap-2 rounded-lg bg-slate-50 p-3 text-sm sm:col-span-2">
          {/* The action leaves the variants of such a product alone; the form's schema still
                wants a price, so the current one goes along unseen. */}
          <input
            type="hidden"
            name="precoAtual"
            value={formatBRLNumber(Math.max(product.precoAtual, 1))}
          />
          <p className="font-medium text-slate-800">Preços e estoque nas Variações</p>
          <Link
            to={href("/admin/loja/produtos/:id/variacoes", { id: product.id })}
            className="inline-flex w-fit items-center gap-2 font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            <Layers className="size-4" aria-hidden="true" /> Abrir variações
          </Link>
        </div>
      ) : (
        <TextFields fields={priceFields(product)} field={field} />
      )}
      <TextFields fields={detailFields(product)} field={field} />
      <TextField
        {...field("imagem")}
        label="Imagem"
        hint="JPG, PNG ou WebP, até 8MB"
        type="file"
        accept="image/*"
        onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
          setPhoto(event.currentTarget.files?.[0] ?? null)
        }
      />
      <CardCropPreview file={photo} />
      {product?.imagemUrl ? (
        <div className="flex items-center gap-3 sm:col-span-2">
          <img
            src={product.imagemUrl.replace(/-\d+\.webp$/, "-200.webp")}
            srcSet={productImageSrcSet(product.imagemUrl)}
            sizes="64px"
            alt=""
            className="size-16 rounded-lg object-cover"
          />
          <label htmlFor={id("removerImagem")} className="flex items-center gap-2 text-sm">
            <Checkbox id={id("removerImagem")} name="removerImagem" /> Remover imagem atual
          </label>
        </div>
      ) : null}
      <label
        htmlFor={id("ativo")}
        className="flex items-center gap-2 text-sm font-medium sm:col-span-2"
      >
        <Checkbox id={id("ativo")} name="ativo" defaultChecked={product ? product.ativo : true} />{" "}
        Produto ativo (visível na loja)
      </label>
      <div className="flex justify-end gap-2 sm:col-span-2">
        <SaveButton saving={pending}>{editing ? "Salvar alterações" : "Criar produto"}</SaveButton>
      </div>
    </fetcher.Form>
  );
}
