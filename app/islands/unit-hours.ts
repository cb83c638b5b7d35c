// "Aberta agora · fecha às 20h" / "Fechada — abre às 9h" on the unit cards (issue 39): the
// pages are kept by the shared cache, so the server hands the week's states (each from the
// instant it starts, computed from the unit's hours in São Paulo time by
// ~/modules/shop/units' openStates) and this script shows the one of the visitor's moment,
// then again each minute. Hooks: `[data-horario-agora="<unit id>"]`.

export interface UnitHoursOptions {
  unidades: { id: string; estados: { desde: number; aberta: boolean; texto: string }[] }[];
}

export function unitHours(options: UnitHoursOptions): void {
  function show() {
    const now = Date.now();
    for (const unit of options.unidades) {
      const state = unit.estados.findLast((s) => s.desde <= now);
      if (!state) continue;
      for (const el of document.querySelectorAll<HTMLElement>(
        `[data-horario-agora="${CSS.escape(unit.id)}"]`,
      )) {
        el.textContent = state.texto;
        el.dataset.aberta = state.aberta ? "1" : "0";
      }
    }
  }
  show();
  window.setInterval(show, 60_000);
}
