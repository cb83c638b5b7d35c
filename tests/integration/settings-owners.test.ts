// Settings split by owner (issue 40, decision 0063): the general settings read carries no
// secret (only whether each one is set); each secret is read by the module that owns it, as
// its manifest declares; no route strips secrets by hand any more.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MODULES } from "~/modules/registry.server";
import {
  currentSettings,
  getSettings,
  secretSettings,
  updateSettings,
} from "~/modules/shop/index.server";
import { db } from "~/platform/db/client.server";
import { withTestDatabase } from "../setup/db";

withTestDatabase();

const SECRETS = {
  smtpSenha: "senha-do-smtp",
  mercadopagoAccessToken: "APP_USR-token",
  mercadopagoWebhookSecret: "assinatura-mp",
  webhookSecret: "segredo-do-webhook",
};

describe("settings by owner", () => {
  it("the general reads return no secret, only whether each is set", async () => {
    await updateSettings(db(), SECRETS);
    for (const settings of [await getSettings(), await currentSettings()]) {
      for (const key of Object.keys(SECRETS)) expect(settings).not.toHaveProperty(key);
      const text = JSON.stringify(settings);
      for (const value of Object.values(SECRETS)) expect(text).not.toContain(value);
      expect(settings.segredosDefinidos).toEqual({
        smtpSenha: true,
        mercadopagoAccessToken: true,
        mercadopagoWebhookSecret: true,
        webhookSecret: true,
      });
    }
  });

  it("each owner reads its own secrets, and only them", async () => {
    await updateSettings(db(), SECRETS);
    expect(await secretSettings("mail")).toEqual({ smtpSenha: "senha-do-smtp" });
    expect(await secretSettings("payments")).toEqual({
      mercadopagoAccessToken: "APP_USR-token",
      mercadopagoWebhookSecret: "assinatura-mp",
    });
    expect(await secretSettings("notifications")).toEqual({ webhookSecret: "segredo-do-webhook" });
  });

  it("the secrets kept in the settings are the ones the modules' manifests declare", () => {
    const declared = Object.fromEntries(
      MODULES.flatMap((m) => (m.settings?.secret ?? []).map((key) => [key, m.name])),
    );
    expect(declared).toEqual({
      smtpSenha: "mail",
      mercadopagoAccessToken: "payments",
      mercadopagoWebhookSecret: "payments",
      webhookSecret: "notifications",
    });
  });

  it("no route strips a secret by hand", () => {
    const routes = path.resolve(import.meta.dirname, "../../app/routes");
    const files = fs
      .readdirSync(routes, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name));
    const stripping = files.filter((file) =>
      /\b(smtpSenha|mercadopagoAccessToken|mercadopagoWebhookSecret|webhookSecret)\s*[:,]/.test(
        fs.readFileSync(file, "utf8"),
      ),
    );
    expect(stripping).toEqual([]);
  });
});
