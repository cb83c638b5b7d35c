// The files of an admin upload form (field "arquivos"), each read within the route's limits:
// the NF-e entry and the counter sales take the same multipart post.
import { readFileLimited } from "~/platform/storage.server";

export interface UploadLimits {
  maxFileSize: number;
  maxFiles: number;
  tooLargeMessage: string;
}

/** At most `megabytes` a file and `maxFiles` a post; a larger file is refused with the message. */
export function uploadLimits(
  megabytes: number,
  maxFiles: number,
  tooLargeMessage: string,
): UploadLimits {
  return { maxFileSize: megabytes * 1024 * 1024, maxFiles, tooLargeMessage };
}

/** The non-empty files of the form, read; a file over the limit throws its pt-BR message. */
export async function readUploads(
  form: FormData,
  limits: UploadLimits,
): Promise<{ name: string; bytes: Uint8Array }[]> {
  const files = form.getAll("arquivos").filter((f): f is File => f instanceof File && f.size > 0);
  const read = [];
  for (const file of files) {
    read.push({
      name: file.name,
      bytes: await readFileLimited(file, limits.maxFileSize, limits.tooLargeMessage),
    });
  }
  return read;
}
