// The file's admin (a Dono of every unit), signed in once before its tests.
import { beforeAll } from "vitest";
import { makeAdmin } from "./factories";

/** The admin's session token and e-mail, filled in before the file's tests run. */
export function withAdmin() {
  const admin = { token: "", email: "" };
  beforeAll(async () => {
    const made = await makeAdmin();
    admin.token = made.token;
    admin.email = made.user.email;
  });
  return admin;
}
