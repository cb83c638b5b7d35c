// The order page's online Pix block: the QR code and copia e cola of a pending charge with
// the time left, "Pagamento confirmado", the expired notice, or, when the provider could not
// make the charge, a "Tentar novamente" form and the shop's other ways to pay.
import {
  AlertTriangleIcon,
  CheckCircle2Icon,
  ClockIcon,
  type LucideIcon,
  MessageCircleIcon,
  RefreshCwIcon,
} from "lucide-react";
import type * as React from "react";
import { useEffect, useState } from "react";
import { Link, useNavigation } from "react-router";
import { IntentForm } from "~/components/forms/intent-form";
import { PixCopy, PixQr } from "~/components/loja/pix-copy";
import { Button } from "~/components/ui/button";
import { SHOP_TIME_ZONE } from "~/domain/dates";
import { formatBRL } from "~/domain/money";
import { externalLinkProps } from "~/domain/whatsapp";
import type { PixOnlineView } from "~/modules/payments";

const TIME_FORMAT = new Intl.DateTimeFormat("pt-BR", {
  timeZone: SHOP_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
});

/** mm:ss (or h:mm:ss) left until `iso`; null before hydration so server and client agree. */
function useTimeLeft(iso: string | null): string | null {
  const [left, setLeft] = useState<string | null>(null);
  useEffect(() => {
    if (!iso) return;
    const end = new Date(iso).getTime();
    const tick = () => {
      const s = Math.max(0, Math.floor((end - Date.now()) / 1000));
      const h = Math.floor(s / 3600);
      const m = Math.floor((s % 3600) / 60);
      const sec = String(s % 60).padStart(2, "0");
      setLeft(h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`);
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [iso]);
  return left;
}

/** The block when the Pix cannot be paid as shown: its title, what it means, then what to do. */
function AmberNotice({
  role,
  icon: Icon,
  title,
  text,
  children,
}: {
  role: "status" | "alert";
  icon: LucideIcon;
  title: string;
  text: string;
  children: React.ReactNode;
}) {
  return (
    <section
      className="grid gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4"
      role={role}
      data-testid="pix-online"
    >
      <h2 className="flex items-center gap-2 text-lg font-bold text-amber-950">
        <Icon className="size-5 shrink-0" aria-hidden="true" />
        {title}
      </h2>
      <p className="text-sm text-amber-950">{text}</p>
      {children}
    </section>
  );
}

export function PixOnlinePanel({
  view,
  total,
  refreshHref,
  chatUrl,
}: {
  view: PixOnlineView;
  total: number;
  /** The page itself: the plain way to refresh without JavaScript. */
  refreshHref: string;
  chatUrl: string;
}) {
  const left = useTimeLeft(view.estado === "pendente" ? view.expiraEm : null);
  const navigation = useNavigation();
  const retrying = navigation.state !== "idle" && navigation.formMethod === "POST";

  if (view.estado === "pago") {
    return (
      <section
        className="flex items-start gap-3 rounded-2xl border border-green-300 bg-green-50 p-4"
        role="status"
        aria-live="polite"
        data-testid="pix-online"
      >
        <CheckCircle2Icon className="mt-0.5 size-6 shrink-0 text-green-700" aria-hidden="true" />
        <div>
          <h2 className="text-lg font-bold text-green-900">Pagamento confirmado</h2>
          <p className="text-sm text-green-900">
            Recebemos seu Pix de {formatBRL(total)}. Agora é com a loja: acompanhe o status do
            pedido por esta página.
          </p>
        </div>
      </section>
    );
  }

  if (view.estado === "expirado") {
    return (
      <AmberNotice
        role="status"
        icon={ClockIcon}
        title={
          view.cancelado
            ? "O Pix expirou e o pedido foi cancelado"
            : "O prazo para pagar este Pix terminou"
        }
        text={
          view.cancelado
            ? "O pagamento não chegou a tempo, então os produtos voltaram para o estoque. Se ainda quiser, faça o pedido de novo."
            : "Se você já pagou, a confirmação aparece aqui em instantes. Se não, o pedido será cancelado."
        }
      >
        {view.cancelado ? (
          <Button asChild className="w-fit">
            <Link reloadDocument to="/loja">
              Fazer um novo pedido
            </Link>
          </Button>
        ) : null}
      </AmberNotice>
    );
  }

  if (view.estado === "indisponivel") {
    return (
      <AmberNotice
        role="alert"
        icon={AlertTriangleIcon}
        title="Não foi possível gerar o Pix agora"
        text="Seu pedido está registrado e os produtos estão reservados. Tente gerar o Pix de novo (nada é cobrado duas vezes) ou pague de outro jeito."
      >
        <IntentForm intent="gerar-pix" className="w-fit">
          <Button type="submit" disabled={retrying}>
            <RefreshCwIcon className={retrying ? "animate-spin" : undefined} aria-hidden="true" />
            Tentar novamente
          </Button>
        </IntentForm>
        {view.manual ? (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
            <p className="text-sm font-semibold sm:col-span-2">
              Ou pague pelo Pix da loja ({formatBRL(total)}); a loja confirma o pagamento:
            </p>
            <PixQr
              svg={view.manual.qrSvg}
              label={`QR Code Pix da loja de ${formatBRL(total)}`}
              className="mx-auto w-40"
            />
            <div className="grid gap-2">
              <PixCopy payload={view.manual.payload} />
              <p className="text-xs text-slate-700 wrap-anywhere">Chave Pix: {view.manual.chave}</p>
            </div>
          </div>
        ) : null}
        <Button asChild variant="whatsapp" className="w-fit">
          <a href={chatUrl} {...externalLinkProps}>
            <MessageCircleIcon aria-hidden="true" />
            Combinar o pagamento pelo WhatsApp
          </a>
        </Button>
      </AmberNotice>
    );
  }

  return (
    <section
      className="grid grid-cols-[minmax(0,1fr)] gap-4 rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:grid-cols-[12rem_minmax(0,1fr)]"
      aria-labelledby="pix-online-title"
      data-testid="pix-online"
    >
      <div className="grid gap-1 sm:col-span-2">
        <h2 id="pix-online-title" className="text-lg font-bold">
          Pague com Pix: {formatBRL(total)}
        </h2>
        {view.expiraEm ? (
          <p className="flex items-center gap-1.5 text-sm text-slate-800">
            <ClockIcon className="size-4 shrink-0" aria-hidden="true" />
            Pague até {TIME_FORMAT.format(new Date(view.expiraEm))}
            {left ? <span data-testid="pix-tempo-restante"> (faltam {left})</span> : null}
          </p>
        ) : null}
      </div>
      <PixQr svg={view.qrSvg} label={`QR Code Pix de ${formatBRL(total)}`} testId="pix-qr" />
      <div className="grid content-start gap-2">
        <PixCopy payload={view.copiaECola} />
        <p className="text-xs text-slate-700" role="status" aria-live="polite">
          Aguardando pagamento. Esta página muda sozinha para “Pagamento confirmado” assim que o Pix
          chegar.
        </p>
        <a
          href={refreshHref}
          className="inline-flex min-h-11 w-fit items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
        >
          <RefreshCwIcon className="size-4" aria-hidden="true" />
          Atualizar
        </a>
      </div>
    </section>
  );
}
