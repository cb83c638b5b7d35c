import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "Agropet Litoral | Pet shop e agropecuária em Itapema" },
  {
    name: "description",
    content:
      "Rações, petiscos, acessórios, banho e tosa e produtos agropecuários em Meia Praia, Itapema/SC.",
  },
];

export default function Home() {
  return (
    <main className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-bold">
        Tudo para o seu pet e para o seu campo, pertinho de você
      </h1>
    </main>
  );
}
