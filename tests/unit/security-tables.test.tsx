// The security screen's rate-limit table: 'Desbloquear' only on a row blocked right now.
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { RateLimitTable } from "~/components/admin/security/tables";

const base = {
  attemptCount: 1,
  firstAttempt: new Date("2026-11-22T15:00:00Z"),
  lastAttempt: new Date("2026-11-22T15:00:00Z"),
};

/** The rows the stubbed route shows (set by each test). */
let shown: Parameters<typeof RateLimitTable>[0]["entries"] = [];
function Table() {
  return <RateLimitTable entries={shown} />;
}

describe("RateLimitTable", () => {
  it("offers 'Desbloquear' on the blocked row only", () => {
    const entries = [
      {
        ...base,
        id: "11111111-1111-4111-8111-111111111111",
        operation: "login_email",
        operacao: "Login (e-mail)",
        identifier: "bloqueada@loja.com",
        attemptCount: 5,
        blockedUntil: new Date("2026-11-22T15:15:00Z"),
        bloqueado: true,
      },
      {
        ...base,
        id: "22222222-2222-4222-8222-222222222222",
        operation: "login_ip",
        operacao: "Login (IP)",
        identifier: "10.0.0.9",
        blockedUntil: null,
        bloqueado: false,
      },
      {
        ...base,
        id: "33333333-3333-4333-8333-333333333333",
        operation: "login_email",
        operacao: "Login (e-mail)",
        identifier: "vencida@loja.com",
        // A block that has run out: free again, nothing to undo.
        blockedUntil: new Date("2026-11-22T14:00:00Z"),
        bloqueado: false,
      },
    ];
    shown = entries;
    const Stub = createRoutesStub([{ path: "/", Component: Table }]);
    const html = renderToString(<Stub initialEntries={["/"]} />);
    expect(html).toContain('aria-label="Desbloquear bloqueada@loja.com"');
    expect(html).not.toContain("Desbloquear 10.0.0.9");
    expect(html).not.toContain("Desbloquear vencida@loja.com");
    expect(html.match(/name="intent" value="desbloquear"/g)).toHaveLength(1);
    expect(html.match(/Liberado/g)).toHaveLength(2);
  });
});
