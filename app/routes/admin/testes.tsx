import { ArrowLeft, Database, MessageCircle, TriangleAlert, Webhook } from "lucide-react";
import type * as React from "react";
import { useCallback, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { toast } from "sonner";
import { adminPage } from "~/components/admin/page";
import { AdminScreen } from "~/components/admin/screen";
import { type HistoryEntry, TestCard, TestHistory } from "~/components/admin/testes/cards";
import { useFormResult } from "~/components/forms/use-form-result";
import { Button } from "~/components/ui/button";
import { shop } from "~/content/shop";
import { formatPhoneDisplay } from "~/domain/phone";
import { chatLink, chatNumber } from "~/domain/whatsapp";
import type { FormResult } from "~/lib/form-result";
import { adminAction, adminLoader } from "~/modules/accounts/index.server";
import { testDatabase } from "~/modules/careers/index.server";
import {
  type SystemTestResult,
  systemTestWebhookUrl,
  testWebhook,
} from "~/modules/notifications/index.server";
import { getSettings } from "~/modules/shop/index.server";
import { adminIntent } from "~/platform/admin/action.server";
import type { Route } from "./+types/testes";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Testes do Sistema",
  capability: "site.configurar",
});

export const loader = adminLoader(handle, async (_: Route.LoaderArgs) => {
  const settings = await getSettings();
  // The number every chat link of the site uses: the settings' one, else the shop's phone.
  const whatsappNumero = chatNumber(settings.whatsappNumero, shop.phone);
  return {
    webhookConfigured: systemTestWebhookUrl(settings) !== null,
    whatsappNumero,
    whatsappPadrao: (settings.whatsappNumero?.replace(/\D/g, "") ?? "").length < 10,
  };
});

type TestName = "database" | "webhook";

/** One server test, answered with its name and when it ran (the screen's history). */
function serverTest(test: TestName, run: () => Promise<SystemTestResult>) {
  return adminIntent({
    failure: "Erro ao executar o teste",
    run: async () => ({ test, ...(await run()), at: new Date().toISOString() }),
  });
}

// The form names its test in the field `teste` (the wrapper's intent).
export const action = adminAction(
  { database: serverTest("database", testDatabase), webhook: serverTest("webhook", testWebhook) },
  { capability: handle.capability, intentField: "teste" },
);

type TestResult = FormResult & { test: TestName };

const NAMES: Record<string, string> = {
  database: "Conexão com o banco de dados",
  webhook: "Webhook",
  chat: `Link do ${shop.messenger}`,
};

/**
 * The card of one server test: its form names the test, waits while any test runs, and says
 * why when the test cannot run yet.
 */
function ServerTestCard({
  Form,
  test,
  running,
  label,
  busyLabel,
  unavailable,
  ...card
}: Omit<React.ComponentProps<typeof TestCard>, "children"> & {
  /** The screen's one fetcher form, so every test lands in the same history. */
  Form: ReturnType<typeof useFetcher>["Form"];
  test: TestName;
  /** The test under way, "" when none. */
  running: string;
  label: string;
  busyLabel: string;
  unavailable?: string;
}) {
  return (
    <TestCard {...card}>
      <Form method="post">
        <input type="hidden" name="teste" value={test} />
        <Button
          type="submit"
          className="w-full"
          disabled={unavailable !== undefined || running !== ""}
          title={unavailable}
        >
          {running === test ? busyLabel : label}
        </Button>
      </Form>
    </TestCard>
  );
}

/** The tests the server runs, in the order of their cards. */
const SERVER_TESTS = [
  {
    test: "database",
    icon: Database,
    title: "Banco de dados",
    description: "Faz uma consulta real ao banco.",
    label: "Testar banco de dados",
    busyLabel: "Testando...",
  },
  {
    test: "webhook",
    icon: Webhook,
    title: "Webhook",
    description: "Envia um currículo de teste à URL configurada (até 8 s).",
    label: "Testar webhook",
    busyLabel: "Enviando...",
  },
] as const;

export default function SystemTests({ loaderData }: Route.ComponentProps) {
  const { webhookConfigured, whatsappNumero, whatsappPadrao } = loaderData;
  const numeroTestado = `${formatPhoneDisplay(whatsappNumero)}${whatsappPadrao ? " (telefone da loja)" : ""}`;
  const fetcher = useFetcher<typeof action>();
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  const nextId = useRef(1);
  const running = fetcher.state !== "idle" ? String(fetcher.formData?.get("teste") ?? "") : "";

  const record = useCallback((name: string, ok: boolean, message: string) => {
    const entry = { id: nextId.current++, name, ok, message, at: new Date().toISOString() };
    setHistory((list) => [entry, ...list]);
  }, []);

  // A finished server test lands in the history once, with its own toast.
  const onResult = useCallback(
    (result: TestResult) => {
      record(NAMES[result.test] ?? result.test, result.ok, result.message ?? "");
      if (result.ok) toast.success(result.message);
      else if (result.test === "webhook") {
        toast.error("Erro ao testar webhook", { description: result.message });
      } else toast.error(result.message);
    },
    [record],
  );
  useFormResult<TestResult>(fetcher, { toasts: false, onResult });

  function runChatTest() {
    if (!whatsappNumero) {
      toast.error(`Configure o número do ${shop.messenger} antes de testar`);
      return;
    }
    const text = `Teste do painel administrativo da ${shop.name}. Se você recebeu esta mensagem, o link do ${shop.messenger} está funcionando!`;
    window.open(chatLink(whatsappNumero, text), "_blank", "noopener,noreferrer");
    const message = `${shop.messenger} aberto! Envie a mensagem de teste.`;
    record(NAMES.chat!, true, `${message} Número testado: ${numeroTestado}.`);
    toast.success(message, { description: `Número testado: ${numeroTestado}` });
  }

  const missing = !webhookConfigured || !whatsappNumero;

  return (
    <AdminScreen
      title="Testes do Sistema"
      description="Confira se o banco de dados, o webhook e o link do WhatsApp estão funcionando."
      actions={
        <Button asChild variant="outline">
          <Link to="/admin/dashboard">
            <ArrowLeft aria-hidden="true" />
            Voltar
          </Link>
        </Button>
      }
    >
      {missing ? (
        <div
          role="status"
          className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p>
            {!webhookConfigured && !whatsappNumero
              ? `O webhook e o número do ${shop.messenger} não estão configurados.`
              : !webhookConfigured
                ? "O webhook não está configurado."
                : `O número do ${shop.messenger} não está configurado.`}{" "}
            <Link to="/admin/configuracoes" className="font-semibold underline">
              Abrir configurações
            </Link>
          </p>
        </div>
      ) : null}

      <div className="grid gap-4 md:grid-cols-3">
        {SERVER_TESTS.map((t) => (
          <ServerTestCard
            key={t.test}
            {...t}
            Form={fetcher.Form}
            running={running}
            unavailable={
              t.test === "webhook" && !webhookConfigured
                ? "Configure o webhook antes de testar"
                : undefined
            }
          />
        ))}
        <TestCard
          icon={MessageCircle}
          title={shop.messenger}
          description={`Abre uma conversa com ${numeroTestado}${whatsappPadrao ? ", pois nenhum número foi definido nas configurações" : ""}.`}
        >
          <Button
            type="button"
            variant="whatsapp"
            className="w-full"
            disabled={!whatsappNumero}
            title={
              whatsappNumero ? undefined : `Configure o número do ${shop.messenger} antes de testar`
            }
            onClick={runChatTest}
          >
            Testar {shop.messenger}
          </Button>
        </TestCard>
      </div>

      <TestHistory entries={history} />
    </AdminScreen>
  );
}
