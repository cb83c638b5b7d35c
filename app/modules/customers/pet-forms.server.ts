// The POSTs of "Meus pets" (issue 42 point 3), plain forms without JavaScript: one intent per
// form (save the pet, add a weight, add a vaccine, merge two pets). Every field is checked by
// the schemas the page shares; a refusal answers the fields as typed, nothing lost.
import { readForm } from "~/platform/request-info.server";
import { parseMultipart, StorageError } from "~/platform/storage.server";
import {
  MAX_PET_PHOTO_BYTES,
  petFieldErrors,
  petSchema,
  vaccineSchema,
  weightSchema,
} from "./pet.schema";
import {
  addVaccine,
  addWeight,
  mergeCustomerPets,
  PET_NOT_FOUND,
  PetError,
  savePet,
} from "./pets.server";

type PetFormResult =
  | { ok: true; redirect: string }
  | {
      ok: false;
      status: 404 | 413 | 422;
      intent: string;
      errors: Record<string, string>;
      values: Record<string, string>;
    };

const TOO_LARGE = "Imagem grande demais (máximo 10 MB)";

/** The form's text fields and its one file (a photo or a proof), limits enforced while read. */
async function readPetForm(request: Request) {
  const type = request.headers.get("content-type") ?? "";
  const form = type.startsWith("multipart/form-data")
    ? await parseMultipart(request, {
        maxFileSize: MAX_PET_PHOTO_BYTES,
        maxFiles: 1,
        tooLargeMessage: TOO_LARGE,
        tooManyMessage: "Envie uma imagem por vez",
      })
    : await readForm(request);
  const values: Record<string, string> = {};
  let file: Uint8Array | null = null;
  for (const [key, value] of form.entries()) {
    if (typeof value === "string") values[key] = value.slice(0, 2000);
    else if (value.size > 0) file = new Uint8Array(await value.arrayBuffer());
  }
  return { values, file };
}

/** One POST of /conta/pets (petId null: "Adicionar pet") or /conta/pets/:id. */
export async function petFormAction(
  clienteId: string,
  petId: string | null,
  request: Request,
): Promise<PetFormResult> {
  let read: Awaited<ReturnType<typeof readPetForm>>;
  try {
    read = await readPetForm(request);
  } catch (error) {
    if (error instanceof StorageError) {
      return {
        ok: false,
        status: error.code === "too_large" ? 413 : 422,
        intent: "pet",
        errors: { foto: error.message },
        values: {},
      };
    }
    throw error;
  }
  const { values, file } = read;
  const intent = petId === null ? "pet" : (values.intent ?? "pet");
  const refuse = (errors: Record<string, string>, status: 404 | 422 = 422): PetFormResult => ({
    ok: false,
    status,
    intent,
    errors,
    values,
  });
  // Said on the page after the redirect (`feito`): plain forms, no script for a toast.
  const page = (id: string, feito: string) => `/conta/pets/${id}?feito=${feito}`;
  try {
    if (intent === "pet") {
      const parsed = petSchema.safeParse(values);
      if (!parsed.success) return refuse(petFieldErrors(parsed.error));
      const pet = await savePet(clienteId, petId, parsed.data, file);
      return { ok: true, redirect: page(pet.id, petId === null ? "novo" : "salvo") };
    }
    if (petId === null) return refuse({ form: "Ação inválida" });
    if (intent === "peso") {
      const parsed = weightSchema.safeParse(values);
      if (!parsed.success) return refuse(petFieldErrors(parsed.error));
      await addWeight(clienteId, petId, {
        gramas: parsed.data.peso,
        medidoEm: parsed.data.medidoEm,
      });
      return { ok: true, redirect: page(petId, "peso") };
    }
    if (intent === "vacina") {
      const parsed = vaccineSchema.safeParse(values);
      if (!parsed.success) return refuse(petFieldErrors(parsed.error));
      await addVaccine(clienteId, petId, parsed.data, file);
      return { ok: true, redirect: page(petId, "vacina") };
    }
    if (intent === "juntar") {
      await mergeCustomerPets(clienteId, petId, values.outroId ?? "");
      return { ok: true, redirect: page(petId, "juntar") };
    }
    return refuse({ form: "Ação inválida" });
  } catch (error) {
    if (error instanceof PetError) {
      return refuse({ [error.field]: error.message }, error.message === PET_NOT_FOUND ? 404 : 422);
    }
    throw error;
  }
}
