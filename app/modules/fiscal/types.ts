// Types the entry screen's components need from this module, safe in client code (erased at build).

// And those of the counter sales' screen (decision 0089).
export type {
  CounterImportResult,
  PendingCode,
  ReservationAtRisk,
} from "./counter-sales.server";
export type { EntryNote, EntryPreview } from "./entries.server";
