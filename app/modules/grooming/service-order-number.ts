// Grooming order number (SPEC §3, §9): 'SRV' plus the last 6 digits of the timestamp.
// Six digits repeat every 1000 s, so the server retries with another timestamp when the
// number is already taken (unique index on pedidos_servicos.numero_pedido).
export function serviceOrderNumber(timestampMs: number = Date.now()): string {
  const digits = String(Math.trunc(Math.abs(timestampMs)));
  return `SRV${digits.slice(-6).padStart(6, "0")}`;
}
