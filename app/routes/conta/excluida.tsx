// After "Excluir minha conta": the account is gone and every device signed out.
import { Link } from "react-router";
import type { HydrationHandle } from "~/lib/hydration";

export const handle: HydrationHandle = { hydrate: false };

export function meta() {
  return [{ title: "Conta excluída" }, { name: "robots", content: "noindex" }];
}

export default function AccountErased() {
  return (
    <main className="mx-auto max-w-xl px-4 py-6">
      <h1 className="text-2xl font-extrabold text-slate-900">Conta excluída</h1>
      <p className="mt-2 text-slate-700" role="status">
        Sua conta e seus dados pessoais foram apagados, e você saiu de todos os aparelhos. Pedidos e
        agendamentos continuam registrados sem seu nome, e-mail, telefone ou endereço, como a lei
        fiscal exige.
      </p>
      <p className="mt-4">
        <Link to="/loja" className="font-semibold text-brand-700 underline">
          Voltar para a loja
        </Link>
      </p>
    </main>
  );
}
