import type * as React from "react";
import { Form } from "react-router";

/**
 * A posted form for one intent of the route's action, on one record when `recordId` is given:
 * the hidden `intent` and `id` fields written once.
 */
export function IntentForm({
  intent,
  recordId,
  children,
  ...props
}: Omit<React.ComponentProps<typeof Form>, "method"> & { intent: string; recordId?: string }) {
  return (
    <Form method="post" {...props}>
      <input type="hidden" name="intent" value={intent} />
      {recordId === undefined ? null : <input type="hidden" name="id" value={recordId} />}
      {children}
    </Form>
  );
}

/**
 * The hidden `intent` and, when `recordId` is given, `id` fields of a form that is not an
 * IntentForm (a fetcher's form).
 */
export function IntentFields({ intent, recordId }: { intent: string; recordId?: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {recordId === undefined ? null : <input type="hidden" name="id" value={recordId} />}
    </>
  );
}
