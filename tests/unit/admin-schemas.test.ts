import { describe, expect, it } from "vitest";
import { adminLoginSchema } from "~/modules/accounts/admin-login.schema";
import { generalSettingsSchema } from "~/modules/shop/general-settings.schema";

describe("admin forms", () => {
  it("login: SPEC §5.7 messages", () => {
    const result = adminLoginSchema.safeParse({ email: "x", password: "12345" });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toEqual(["E-mail inválido", "Senha deve ter pelo menos 6 caracteres"]);
    expect(adminLoginSchema.safeParse({ email: " a@b.com ", password: "123456" }).success).toBe(
      true,
    );
  });

  it("general settings: URL or empty, number with 10+ digits or empty", () => {
    const ok = generalSettingsSchema.safeParse({
      webhook_url: "",
      webhook_servicos: "https://a.b/c",
      webhook_curriculos: "http://localhost:5678/webhook",
      whatsapp_numero: "(47) 99999-0416",
    });
    expect(ok.success).toBe(true);
    const bad = generalSettingsSchema.safeParse({
      webhook_url: "javascript:alert(1)",
      webhook_servicos: "exemplo.com",
      webhook_curriculos: "",
      whatsapp_numero: "123456789",
    });
    expect(bad.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["webhook_url", "URL inválida"],
      ["webhook_servicos", "URL inválida"],
      ["whatsapp_numero", "Número deve ter pelo menos 10 dígitos"],
    ]);
  });
});
