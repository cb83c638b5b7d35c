// The registry lists every module once, each by its manifest, named as its folder.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MODULES } from "~/modules/registry.server";
import { registeredModules, registerModules } from "~/platform/module.server";

const ROOT = join(import.meta.dirname, "../../app/modules");

describe("module registry", () => {
  it("lists every module folder once, by its manifest's name", () => {
    const folders = readdirSync(ROOT)
      .filter((name) => statSync(join(ROOT, name)).isDirectory())
      .sort();
    const names = MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(folders);
  });

  it("gives every job a unique id prefixed by its module", () => {
    const ids = MODULES.flatMap((m) =>
      (m.jobs ?? []).map((job) => ({ module: m.name, id: job.id })),
    );
    expect(new Set(ids.map((j) => j.id)).size).toBe(ids.length);
    for (const job of ids) expect(job.id.startsWith(`${job.module}.`), job.id).toBe(true);
  });

  it("hands the platform the list it reads declarations from", () => {
    registerModules(MODULES);
    expect(registeredModules()).toBe(MODULES);
  });
});
