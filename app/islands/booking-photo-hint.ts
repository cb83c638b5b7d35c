// "Pedimos fotos antes" said as soon as a pet's size or services are chosen on the booking
// page (decision 0056), not after "Confirmar": the server draws both notes of each pet (the
// one it shows, the other hidden) and this shows the right one as the fields change. Without
// JavaScript the server's answer to "Ver horários" says the same.

export interface BookingPhotoHintOptions {
  pets: number;
  /** Services that ask for photos on a pet's first visit. */
  servicosPrimeira: string[];
  /** Pets the server already knows came before (phone and name): no first-visit note. */
  visitou: boolean[];
  /** The first pet comes from the staff's quote link: it needs no note. */
  orcado: boolean;
}

export function bookingPhotoHint(options: BookingPhotoHintOptions): void {
  for (let i = 0; i < options.pets; i++) {
    if (i === 0 && options.orcado) continue;
    const porte = document.getElementById(`pet${i}_porte`) as HTMLSelectElement | null;
    const gg = document.getElementById(`fotos-gg-${i}`);
    const primeira = document.getElementById(`fotos-primeira-${i}`);
    if (!porte || !gg || !primeira || porte.dataset.ready === "1") continue;
    porte.dataset.ready = "1";
    const services = () =>
      [...document.querySelectorAll<HTMLInputElement>(`input[name="pet${i}_servico"]`)]
        .filter((box) => box.checked)
        .map((box) => box.value);
    const update = () => {
      const isGG = porte.value === "GG";
      const flagged = services().some((id) => options.servicosPrimeira.includes(id));
      gg.hidden = !isGG;
      primeira.hidden = isGG || !flagged || Boolean(options.visitou[i]);
    };
    porte.addEventListener("change", update);
    for (const box of document.querySelectorAll<HTMLInputElement>(
      `input[name="pet${i}_servico"]`,
    )) {
      box.addEventListener("change", update);
    }
  }
}
