// DATA_DIR holds the embedded database (db/) and the local uploads (uploads/). Whether it
// takes writes is asked at start-up (a read-only or full disk is said in one pt-BR line,
// before anything is half created) and by /readyz (a full disk takes the instance out of
// the balancer until writes go through again).
import fs from "node:fs";
import path from "node:path";
import { unavailableKind } from "~/platform/unavailable.server";

/** A start-up refusal whose message is the whole story, in pt-BR (server.ts prints it alone). */
export class StartupError extends Error {
  override name = "StartupError";
}

/** Bytes written by the probe: a full disk refuses them, where an empty file may still pass. */
const PROBE_BYTES = 64 * 1024;

function probeFile(dir: string) {
  return path.join(dir, `.gravacao-${process.pid}.tmp`);
}

/** The pt-BR sentence for a write refused in `dir`, by its error code. */
export function dataDirProblem(dir: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const errno = Number((error as { errno?: unknown }).errno);
  if (code === "EROFS" || errno === 69) {
    return `DATA_DIR (${dir}) está num disco somente leitura: o servidor precisa gravar ali (banco embutido e arquivos enviados). Monte-o com escrita ou aponte DATA_DIR para outra pasta.`;
  }
  if (code === "ENOSPC" || code === "EDQUOT" || unavailableKind(error) === "disco") {
    return `Sem espaço em disco em DATA_DIR (${dir}): libere espaço e inicie de novo.`;
  }
  if (code === "EACCES" || code === "EPERM") {
    return `Sem permissão de escrita em DATA_DIR (${dir}): ajuste o dono ou as permissões da pasta.`;
  }
  if (code === "ENOTDIR" || code === "EEXIST") {
    return `DATA_DIR (${dir}) não é uma pasta.`;
  }
  return `Não foi possível gravar em DATA_DIR (${dir}): ${(error as Error).message ?? String(error)}`;
}

/**
 * Creates `dir` if needed and writes (then removes) a probe file; throws a StartupError
 * saying why not. `mkdir -p` on a read-only disk says ENOENT or EROFS depending on what
 * exists: each level is tried, so the real cause is the one reported.
 */
export function ensureWritableDataDir(dir: string): void {
  try {
    createDirectory(dir);
    const file = probeFile(dir);
    fs.writeFileSync(file, Buffer.alloc(PROBE_BYTES));
    fs.rmSync(file, { force: true });
  } catch (error) {
    fs.rmSync(probeFile(dir), { force: true });
    throw new StartupError(dataDirProblem(dir, error));
  }
}

/** mkdir -p, one level at a time, so that the error is the deepest real one. */
function createDirectory(dir: string): void {
  const missing: string[] = [];
  let current = path.resolve(dir);
  while (!fs.existsSync(current)) {
    missing.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const level of missing) fs.mkdirSync(level);
  if (!fs.statSync(dir).isDirectory()) {
    throw Object.assign(new Error("não é uma pasta"), { code: "ENOTDIR" });
  }
}

/** For /readyz: whether `dir` takes a write right now (a full disk does not). */
export async function dataDirWritable(dir: string): Promise<boolean> {
  const file = probeFile(dir);
  try {
    await fs.promises.writeFile(file, Buffer.alloc(PROBE_BYTES));
    return true;
  } catch {
    return false;
  } finally {
    await fs.promises.rm(file, { force: true }).catch(() => {});
  }
}
