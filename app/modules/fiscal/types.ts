// Types the entry screen's components need from this module, safe in client code (erased at build).
export type { EntryNote, EntryPreview } from "./entries.server";
