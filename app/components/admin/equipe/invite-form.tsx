// "Convidar pessoa": name, e-mail, role and units; the person gets a one-time link by e-mail.
import { UserPlus } from "lucide-react";
import { useNavigation } from "react-router";
import { IntentForm } from "~/components/forms/intent-form";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { TextField } from "~/components/ui/text-field";
import { type FormResult, resultErrors } from "~/lib/form-result";
import { RoleSelect, type UnitOption, UnitsFieldset } from "./units-fieldset";

export function InviteForm({
  units,
  result,
}: {
  units: UnitOption[];
  result: (FormResult & { intent?: string }) | null | undefined;
}) {
  const navigation = useNavigation();
  const sending = navigation.formData?.get("intent") === "convidar";
  const errors = result?.intent === "convidar" ? resultErrors(result) : {};
  return (
    <SectionCard
      title="Convidar pessoa"
      icon={UserPlus}
      description="A pessoa recebe por e-mail um link (vale 48 horas, uma vez) para criar a própria senha."
    >
      <IntentForm intent="convidar" className="grid gap-4" data-testid="convite-form">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="convite-nome"
            name="nome"
            label="Nome"
            required
            maxLength={80}
            error={errors.nome}
            autoComplete="off"
          />
          <TextField
            id="convite-email"
            name="email"
            label="E-mail"
            required
            type="email"
            inputMode="email"
            maxLength={254}
            autoComplete="off"
            error={errors.email}
          />
        </div>
        <RoleSelect id="convite-papel" error={errors.papel} />
        <UnitsFieldset
          prefix="convite"
          units={units}
          error={errors.unidadeIds ?? errors.unidades}
        />
        <Button type="submit" disabled={sending} className="w-full sm:w-auto sm:justify-self-start">
          {sending ? "Enviando..." : "Enviar convite"}
        </Button>
      </IntentForm>
    </SectionCard>
  );
}
