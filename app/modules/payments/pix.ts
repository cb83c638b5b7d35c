// Static Pix "copia e cola" (BR Code, EMV QRCPS-MPM) as the Central Bank specifies it:
// 00 payload format, 26 merchant account (GUI br.gov.bcb.pix + key), 52 category '0000',
// 53 currency '986', 54 amount (optional), 58 'BR', 59 name (<= 25), 60 city (<= 15),
// 62/05 txid, 63 CRC16-CCITT-FALSE over everything before it, in upper-case hex.
import { centavosToDecimal } from "~/domain/money";
import { normalizePixKey } from "~/domain/pix-key";

/** CRC16-CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final xor. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

function field(id: string, value: string): string {
  const length = new TextEncoder().encode(value).length;
  if (length > 99) throw new Error(`Campo Pix ${id} longo demais`);
  return `${id}${String(length).padStart(2, "0")}${value}`;
}

/** Plain ASCII without accents, as payment apps expect in name and city. */
function ascii(text: string, max: number): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7E]/g, "")
    .trim()
    .slice(0, max)
    .trim();
}

export interface PixPayloadInput {
  /** As typed or saved: it goes in the code as the Central Bank's directory stores it. */
  chave: string;
  nome: string;
  cidade: string;
  /** Amount in centavos; omitted means the payer types it. */
  valor?: number | null;
  /** Up to 25 letters and digits; '***' when none. */
  txid?: string;
}

export function pixTxid(text: string): string {
  const clean = text.replace(/[^A-Za-z0-9]/g, "").slice(0, 25);
  return clean || "***";
}

export function pixPayload(input: PixPayloadInput): string {
  // A key saved before keys were normalised, or typed with its mask, would not be found
  // by the payer's bank: the code carries the normalised key or is not made at all.
  const key = normalizePixKey(input.chave);
  if (!key.ok) throw new Error(`Chave Pix inválida: ${key.message}`);
  const account = field("00", "br.gov.bcb.pix") + field("01", key.chave);
  let payload = field("00", "01") + field("26", account) + field("52", "0000") + field("53", "986");
  if (input.valor !== undefined && input.valor !== null && input.valor > 0) {
    payload += field("54", centavosToDecimal(input.valor));
  }
  payload +=
    field("58", "BR") +
    field("59", ascii(input.nome, 25)) +
    field("60", ascii(input.cidade, 15)) +
    field("62", field("05", input.txid === "***" ? "***" : pixTxid(input.txid ?? "")));
  payload += "6304";
  return payload + crc16(payload);
}
