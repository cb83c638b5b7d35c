// Types the admin screens need from this module, safe in client code (erased at build).
import type { Unidade } from "./tables.server";

/** A unit as the admin's list and form get it. */
export type Unit = Unidade;
