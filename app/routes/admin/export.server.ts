// The admin's file downloads (the day close, the orders): CSV or XLSX as the address asks,
// answered as an attachment that no cache keeps.

const TYPES = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;

export type ExportFormat = keyof typeof TYPES;

/** The `formato` the address asks (csv when none), or null when it is neither. */
export function exportFormat(url: URL): ExportFormat | null {
  const formato = url.searchParams.get("formato") ?? "csv";
  return formato === "csv" || formato === "xlsx" ? formato : null;
}

/** The file as a download named `fileName`, private to who asked. */
export function downloadResponse(body: BodyInit, formato: ExportFormat, fileName: string) {
  return new Response(body, {
    headers: {
      "Content-Type": TYPES[formato],
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
