// Types the order page needs from this module, safe in client code (erased at build).
export type { PixOnlineView } from "./pix-online.server";
