// The action of a one-time link's password page (the invitation, the reset): the password
// checked, set by the link's own write, and the refusals both pages answer alike.
import { data } from "react-router";
import { type FieldErrors, fieldErrors } from "~/lib/forms";
import { newPasswordSchema } from "~/modules/accounts";
import {
  type acceptInvitation,
  HASHING_BUSY_MESSAGE,
  HASHING_RETRY_AFTER_S,
  PasswordHashingBusyError,
} from "~/modules/accounts/index.server";
import { shopPasswordWords } from "~/modules/shop/index.server";
import { readForm } from "~/platform/request-info.server";

type LinkPasswordOutcome = Awaited<ReturnType<typeof acceptInvitation>>;

/**
 * Sets the posted password through `setPassword` (the link's write) and answers `done` of it;
 * a refusal answers the field's error, with `refused` beside it (the page's other keys).
 */
export async function linkPasswordAction<R, E extends object>(
  request: Request,
  setPassword: (senha: string, shopWords: string[]) => Promise<LinkPasswordOutcome>,
  done: (outcome: Extract<LinkPasswordOutcome, { ok: true }>) => R,
  refused: E,
) {
  const parsed = newPasswordSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return data({ errors: fieldErrors(parsed.error), ...refused }, { status: 400 });
  }
  try {
    const outcome = await setPassword(parsed.data.senha, await shopPasswordWords());
    if (!outcome.ok) {
      return data(
        { errors: { [outcome.field]: outcome.message } as FieldErrors, ...refused },
        { status: 400 },
      );
    }
    return done(outcome);
  } catch (error) {
    if (!(error instanceof PasswordHashingBusyError)) throw error;
    return data(
      { errors: { form: HASHING_BUSY_MESSAGE } as FieldErrors, ...refused },
      { status: 503, headers: { "Retry-After": String(HASHING_RETRY_AFTER_S) } },
    );
  }
}
