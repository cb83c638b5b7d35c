// "Minha conta" → "Pedidos e agendamentos" (issue 42 point 2).
export function meta() {
  return [{ title: "Minha conta" }, { name: "robots", content: "noindex" }];
}

export default function AccountHome() {
  return <p className="text-sm text-slate-600">Seus pedidos e agendamentos aparecem aqui.</p>;
}
