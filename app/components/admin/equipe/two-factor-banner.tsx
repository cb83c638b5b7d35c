// Above every admin page of a Dono or Gerente without 2FA: the days left before sign-in
// requires it, or (once required) that it must be turned on now (decision 0067).
import { ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import type { TwoFactorDue } from "~/modules/accounts";

export function TwoFactorBanner({ due }: { due: TwoFactorDue }) {
  if (due.kind === "none") return null;
  const text =
    due.kind === "required"
      ? "A verificação em duas etapas é obrigatória para o seu papel. Ative-a abaixo para continuar usando o painel."
      : `Ative a verificação em duas etapas: ela será obrigatória para o seu papel em ${
          due.diasRestantes === 1 ? "1 dia" : `${due.diasRestantes} dias`
        }.`;
  return (
    <div
      role={due.kind === "required" ? "alert" : "status"}
      data-testid="aviso-2fa"
      className="mx-auto mb-4 flex w-full max-w-4xl items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        {text}{" "}
        {due.kind === "grace" ? (
          <Link to="/admin/conta" className="font-semibold underline">
            Ativar agora
          </Link>
        ) : null}
      </p>
    </div>
  );
}
