// The manual Pix fields of the store settings: the key as it is saved, and the name and
// city with how many characters the BR Code keeps (issue 39, point 2).
import { useState } from "react";
import { TextField } from "~/components/ui/text-field";
import { normalizePixKey, PIX_KEY_MAX, PIX_KEY_TIPO_LABEL } from "~/domain/pix-key";

/**
 * The Pix key as it is saved (digits, +55…, lower case) and its type; a saved key that is
 * no valid key (one saved before keys were checked) is shown as an error to be fixed.
 */
export function PixKeyField({
  saved,
  error,
  ...props
}: {
  id: string;
  name: string;
  error?: string;
  saved: string | null;
  className?: string;
}) {
  const key = saved ? normalizePixKey(saved) : null;
  const problem =
    key && !key.ok ? `A chave salva não é válida e precisa ser corrigida. ${key.message}` : null;
  return (
    <TextField
      {...props}
      label="Chave Pix"
      error={error ?? problem}
      hint={
        key?.ok
          ? `${PIX_KEY_TIPO_LABEL[key.tipo]}, salva como ${key.chave} (a forma que os bancos procuram).`
          : "CPF, CNPJ, celular com DDD, e-mail ou chave aleatória: é salva só com os dígitos, com +55 ou em minúsculas."
      }
      defaultValue={saved ?? ""}
      maxLength={PIX_KEY_MAX}
      autoComplete="off"
      spellCheck={false}
    />
  );
}

/** A text field that says how many of its characters the Pix code keeps. */
export function CountedTextField({
  max,
  hint,
  defaultValue,
  ...props
}: {
  id: string;
  name: string;
  error?: string;
  label: string;
  max: number;
  hint: string;
  defaultValue: string;
}) {
  const [length, setLength] = useState(defaultValue.length);
  return (
    <TextField
      {...props}
      label={`${props.label} (até ${max} caracteres)`}
      hint={
        <>
          {hint}{" "}
          <span className="tabular-nums">
            {length}/{max}
          </span>
        </>
      }
      defaultValue={defaultValue}
      maxLength={max}
      onInput={(event) => setLength(event.currentTarget.value.length)}
    />
  );
}
