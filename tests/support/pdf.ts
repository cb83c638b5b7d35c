// The smallest PDF a reader opens: a catalogue, a page tree and one A4 page.
export const ONE_PAGE_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n" +
    "2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n" +
    "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>\nendobj\n" +
    "trailer\n<< /Root 1 0 R >>\n%%EOF\n",
);
