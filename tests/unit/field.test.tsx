// The form field contract of components/ui: a <Field> gives the control inside its id,
// name, invalid state and both its hint and its error in aria-describedby, so screen
// readers read the hint with the field; props written on the control still win.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";

function control(html: string, tag: string) {
  const match = html.match(new RegExp(`<${tag}[^>]*>`));
  if (!match) throw new Error(`no <${tag}> in ${html}`);
  const attrs = Object.fromEntries(
    [...match[0].matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
  );
  return attrs as Record<string, string | undefined>;
}

describe("Field", () => {
  it("gives its control the id, the name and the hint to read", () => {
    const html = renderToStaticMarkup(
      <Field id="telefone" label="Telefone" hint="Com DDD">
        <Input type="tel" />
      </Field>,
    );
    const input = control(html, "input");
    expect(input).toMatchObject({
      id: "telefone",
      name: "telefone",
      "aria-describedby": "telefone-hint",
    });
    expect(input["aria-invalid"]).toBeUndefined();
    expect(html).toContain('for="telefone"');
    expect(html).toContain('id="telefone-hint"');
  });

  it("adds the error to the hint and marks the control invalid", () => {
    const html = renderToStaticMarkup(
      <Field id="email" label="E-mail" hint="Para o recibo" error="E-mail inválido">
        <Input type="email" />
      </Field>,
    );
    expect(control(html, "input")).toMatchObject({
      "aria-describedby": "email-hint email-error",
      "aria-invalid": "true",
    });
    expect(html).toContain('id="email-error"');
  });

  it("wires selects and text areas the same way", () => {
    const select = renderToStaticMarkup(
      <Field id="bairro" label="Bairro" error="Selecione o bairro">
        <Select>
          <option value="">Selecione</option>
        </Select>
      </Field>,
    );
    expect(control(select, "select")).toMatchObject({
      id: "bairro",
      "aria-describedby": "bairro-error",
    });
    const textarea = renderToStaticMarkup(
      <Field id="obs" label="Observações" hint="Opcional">
        <Textarea />
      </Field>,
    );
    expect(control(textarea, "textarea")).toMatchObject({
      name: "obs",
      "aria-describedby": "obs-hint",
    });
  });

  it("lets the control's own props win and keeps its own description", () => {
    const html = renderToStaticMarkup(
      <Field id="cfg-pix" label="Chave Pix" hint="CPF, e-mail ou aleatória">
        <Input name="pixChave" aria-describedby="extra" />
      </Field>,
    );
    expect(control(html, "input")).toMatchObject({
      id: "cfg-pix",
      name: "pixChave",
      "aria-describedby": "cfg-pix-hint extra",
    });
  });

  it("leaves a control outside a Field alone", () => {
    expect(control(renderToStaticMarkup(<Input name="q" />), "input")).toEqual({
      class: expect.any(String),
      name: "q",
    });
  });
});
