import { MessageCircleIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import { externalLinkProps } from "~/domain/whatsapp";

/** The order's WhatsApp links, as the success screen and the order page both offer them. */
export function OrderChatLink({ href, kind }: { href: string; kind: "enviar" | "receber" }) {
  const send = kind === "enviar";
  return (
    <Button asChild variant={send ? "whatsapp" : "outline"}>
      <a
        href={href}
        {...externalLinkProps}
        data-testid={send ? "pedido-whatsapp" : "pedido-receber-whatsapp"}
      >
        <MessageCircleIcon aria-hidden="true" />
        {send ? "Enviar pedido pelo WhatsApp" : "Receber pelo WhatsApp"}
      </a>
    </Button>
  );
}
