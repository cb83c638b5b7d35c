// The files of an admin upload form (field "arquivos"), each read within the route's limits:
// the NF-e entry and the counter sales take the same multipart post.
import { AdminError } from "~/platform/admin/actor.server";
import { readFileLimited } from "~/platform/storage.server";

export interface UploadLimits {
  maxFileSize: number;
  maxFiles: number;
  tooLargeMessage: string;
}

/**
 * At most `megabytes` a file and `maxFiles` a post; a larger file is refused with `tooLarge`
 * and the way out (a ZIP, or fewer files a post).
 */
export function uploadLimits(megabytes: number, maxFiles: number, tooLarge: string): UploadLimits {
  return {
    maxFileSize: megabytes * 1024 * 1024,
    maxFiles,
    tooLargeMessage: `${tooLarge} Envie um ZIP ou divida o envio.`,
  };
}

/**
 * The non-empty files of the form, read; a file over the limit throws its pt-BR message, and
 * a form without any file the refusal `none`.
 */
export async function readUploads(
  form: FormData,
  limits: UploadLimits,
  none: string,
): Promise<{ name: string; bytes: Uint8Array }[]> {
  const files = form.getAll("arquivos").filter((f): f is File => f instanceof File && f.size > 0);
  if (files.length === 0) throw new AdminError(none);
  const read = [];
  for (const file of files) {
    read.push({
      name: file.name,
      bytes: await readFileLimited(file, limits.maxFileSize, limits.tooLargeMessage),
    });
  }
  return read;
}
