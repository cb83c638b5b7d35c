import { describe, expect, it } from "vitest";
import { attachmentFileName } from "~/domain/content-disposition";
import { attachmentHeader } from "~/modules/careers/index.server";

describe("download file name from Content-Disposition", () => {
  it("prefers the UTF-8 name and falls back on the ASCII one", () => {
    expect(
      attachmentFileName(attachmentHeader("curriculo-joao-avila.pdf", "curriculo-joão-ávila.pdf")),
    ).toBe("curriculo-joão-ávila.pdf");
    expect(attachmentFileName(`attachment; filename="curriculo-ana.pdf"`)).toBe(
      "curriculo-ana.pdf",
    );
    expect(attachmentFileName(`attachment; filename="a.pdf"; filename*=UTF-8''%E0%A4%A`)).toBe(
      "a.pdf",
    );
  });

  it("is null for what is not an attachment, and never names a folder", () => {
    expect(attachmentFileName(null)).toBeNull();
    expect(attachmentFileName('inline; filename="x.pdf"')).toBeNull();
    expect(attachmentFileName("attachment")).toBeNull();
    expect(attachmentFileName(`attachment; filename="../../etc/passwd"`)).toBe("..-..-etc-passwd");
  });
});
