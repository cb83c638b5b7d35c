// Data ownership (issue 40, decision 0063): a module's server face exports functions, not
// its Drizzle tables (tests and scripts take them from the testing face), and the lint's
// ownership check passes: no module names another's table outside the declared read models.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { is, Table } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const modules = fs
  .readdirSync(path.join(root, "app/modules"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe("data ownership", () => {
  it.each(modules)("the server face of %s exports no table", async (name) => {
    const face = await import(`~/modules/${name}/index.server.ts`);
    const tables = Object.entries(face)
      .filter(([, value]) => is(value, Table))
      .map(([key]) => key);
    expect(tables).toEqual([]);
  });

  it("the ownership check of npm run lint passes on the code as it is", async () => {
    const run = promisify(execFile);
    const { stderr } = await run(
      path.join(root, "node_modules/.bin/tsx"),
      [path.join(root, "scripts/check-ownership.ts")],
      { cwd: root },
    );
    expect(stderr).toBe("");
  }, 60_000);
});
