import type * as React from "react";
import type { FormSenderOptions } from "~/islands/form-sender";
import { Island } from "~/islands/island";

/**
 * The end of a public form that the form-sender island sends, with the two boxes it fills
 * inside the form: the alert (a message of the server's, shown after a post without the
 * script), the submit button (`children`), the status line, then the island itself.
 */
export function FormSender({
  alertClassName,
  alert,
  statusClassName,
  children,
  formId,
  endpoint,
  ...answers
}: Omit<FormSenderOptions, "sending"> & {
  alertClassName: string;
  alert?: string;
  statusClassName: string;
  children: React.ReactNode;
}) {
  return (
    <>
      <p role="alert" className={alertClassName} hidden={!alert} data-alerta="">
        {alert}
      </p>
      {children}
      <div role="status" className={statusClassName} hidden data-status="" />
      <Island name="form-sender" props={{ formId, endpoint, sending: "Enviando...", ...answers }} />
    </>
  );
}
