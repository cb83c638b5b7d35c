// A real S3-protocol HTTP server (s3rver, files in a folder) for the tests and CI:
// `tsx scripts/s3-server.ts` serves bucket $S3_BUCKET (default agropet) on
// 127.0.0.1:$S3_PORT (default 3134) with the keys S3RVER/S3RVER until stopped.
// The integration tests import `startS3Server` and start one of their own.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
// @ts-expect-error s3rver ships no type declarations
import S3rver from "@20minutes/s3rver";

export const S3_TEST_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface RunningS3Server {
  endpoint: string;
  bucket: string;
  directory: string;
  close(): Promise<void>;
}

export async function startS3Server(
  options: { port?: number; bucket?: string; directory?: string } = {},
): Promise<RunningS3Server> {
  const bucket = options.bucket ?? "agropet";
  const directory = options.directory ?? fs.mkdtempSync(path.join(os.tmpdir(), "agropet-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: options.port ?? 0,
    directory,
    silent: true,
    // s3rver computes bucket-level signatures (listing, used by backups) differently from
    // the AWS SDK v3, so this test server does not insist on them; real services do.
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: bucket }],
  });
  const address = (await server.run()) as { port: number };
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    directory,
    async close() {
      await server.close();
      if (!options.directory) fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const running = await startS3Server({
    port: Number(process.env.S3_PORT || 3134),
    bucket: process.env.S3_BUCKET || "agropet",
    directory: process.env.S3_DIR || undefined,
  });
  console.log(`S3 (s3rver) em ${running.endpoint}, bucket ${running.bucket}`);
  const stop = () => void running.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
