import { MessageCircle } from "lucide-react";
import { Button } from "~/components/ui/button";
import { chatLink, externalLinkProps } from "~/domain/whatsapp";

// The darker green keeps white text at a 4.5:1 contrast on these small buttons.
const CHAT_BUTTON = "bg-whatsapp-dark hover:bg-[#0b6634]";

/** A small button that opens a chat with a customer, the message written, in a new tab. */
export function CustomerChatButton({
  phone,
  message,
  label,
  who,
}: {
  phone: string;
  message: string;
  label: string;
  /** Read after the label by screen readers: whom the chat is with. */
  who: string;
}) {
  return (
    <Button asChild variant="whatsapp" size="sm" className={CHAT_BUTTON}>
      <a href={chatLink(phone, message)} {...externalLinkProps}>
        <MessageCircle aria-hidden="true" />
        {label}
        <span className="sr-only"> {who} (abre em nova aba)</span>
      </a>
    </Button>
  );
}
