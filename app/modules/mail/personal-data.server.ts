// The e-mails sent about a person's orders and bookings, or to their address, copy their name
// and address: they go when the person is anonymised, and their `.eml` files once committed.
import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { PersonalDataHandler } from "~/platform/personal-data.server";
import { emails } from "./tables.server";
import { mailDir } from "./transport.server";

export const mailPersonalData: PersonalDataHandler = {
  label: "E-mails enviados",
  async forgetCopies({ references, subject }, tx) {
    const idsOf = (type: string) => references.filter((r) => r.type === type).map((r) => r.id);
    const orderIds = idsOf("pedido");
    const bookingIds = idsOf("agendamento");
    const conditions = [
      ...(orderIds.length > 0
        ? [and(eq(emails.resourceType, "pedido"), inArray(emails.resourceId, orderIds))]
        : []),
      ...(bookingIds.length > 0
        ? [and(eq(emails.resourceType, "agendamento"), inArray(emails.resourceId, bookingIds))]
        : []),
      ...(subject?.kind === "email" ? [sql`lower(${emails.destinatario}) = ${subject.email}`] : []),
    ];
    if (conditions.length === 0) return { counts: {}, files: [], references: [] };
    const gone = await tx
      .delete(emails)
      .where(or(...conditions))
      .returning({ arquivo: emails.arquivo });
    const files = gone.flatMap((m) => (m.arquivo ? [m.arquivo] : []));
    return {
      counts: {},
      files: [],
      references: [],
      async afterCommit() {
        for (const name of files) {
          const full = path.resolve(mailDir(), name);
          if (full.startsWith(path.resolve(mailDir()) + path.sep))
            await fs.rm(full, { force: true });
        }
      },
    };
  },
};
