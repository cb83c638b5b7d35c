// Placeholder until its issue lands.
export default function Page() {
  return (
    <main className="mx-auto max-w-5xl p-6">
      <h1 className="text-2xl font-bold">Finalizar pedido</h1>
    </main>
  );
}
