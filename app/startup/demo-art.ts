// The demo shop's drawings (issue 27, point 7): one flat illustrated style for every product
// picture and for the site's hero and 'Sobre' scenes. Pure: SVG text in, SVG text out; the
// seed renders the product pictures with sharp through the product image pipeline, and
// scripts/draw-illustrations.ts renders the scenes to the WebP files under public/.
//
// The style: a pastel disc on a warm background, a soft ground shadow, flat shapes in two
// tones (a colour and its darker shade), round corners, white labels with dark bold text.

/** What a product picture shows (demo/ilustracoes.json gives one per product). */
type ArtKind =
  | "racao"
  | "saquinho"
  | "frasco"
  | "caixa"
  | "coleira"
  | "peitoral"
  | "bola"
  | "varinha"
  | "corda"
  | "osso"
  | "cama"
  | "comedouro"
  | "pote"
  | "filtro"
  | "gaiola"
  | "enxada"
  | "mangueira";

/** Who is drawn on a bag or a box. */
type ArtPet = "cao" | "gato" | "ave" | "peixe" | "boi" | "galinha";

export interface ArtSpec {
  tipo: ArtKind;
  /** The object's main colour (#rrggbb). */
  cor: string;
  pet?: ArtPet;
  /** The brand on the label (bags, bottles, boxes). */
  marca?: string | null;
  /** The size on the badge: "15 kg", "500 ml", "M". */
  tamanho?: string | null;
}

const INK = "#1f2937";
const FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A colour darkened (amount < 0) or lightened (amount > 0) by mixing with black or white. */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) =>
    Math.round(amount < 0 ? c * (1 + amount) : c + (255 - c) * amount)
      .toString(16)
      .padStart(2, "0");
  return `#${mix((n >> 16) & 255)}${mix((n >> 8) & 255)}${mix(n & 255)}`;
}

/** Bold text centred at (x, y), shrunk to fit `width`. */
function label(text: string, x: number, y: number, width: number, size: number, fill = INK) {
  const fitted = Math.min(size, width / Math.max(1, text.length * 0.62));
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-weight="700" font-size="${fitted.toFixed(1)}" fill="${fill}" text-anchor="middle" dominant-baseline="middle">${escapeXml(text)}</text>`;
}

/** A round badge with the size ("15 kg"), top right of the object. */
function sizeBadge(text: string | null | undefined, x = 300, y = 118) {
  if (!text) return "";
  return `<g><circle cx="${x}" cy="${y}" r="40" fill="#facc15"/><circle cx="${x}" cy="${y}" r="33" fill="none" stroke="#fff" stroke-width="3" stroke-dasharray="4 5"/>${label(text, x, y + 1, 58, 22)}</g>`;
}

/** A pet's face in flat shapes, centred at (x, y), `r` its size. */
function petFace(pet: ArtPet, x: number, y: number, r: number, color = "#f59e0b"): string {
  const dark = shade(color, -0.35);
  const eyes = (dy = -0.05, gap = 0.32) =>
    `<circle cx="${x - r * gap}" cy="${y + r * dy}" r="${r * 0.09}" fill="${INK}"/><circle cx="${x + r * gap}" cy="${y + r * dy}" r="${r * 0.09}" fill="${INK}"/>`;
  switch (pet) {
    case "cao":
      return `<g><ellipse cx="${x - r * 0.82}" cy="${y - r * 0.05}" rx="${r * 0.3}" ry="${r * 0.62}" fill="${dark}" transform="rotate(18 ${x - r * 0.82} ${y})"/><ellipse cx="${x + r * 0.82}" cy="${y - r * 0.05}" rx="${r * 0.3}" ry="${r * 0.62}" fill="${dark}" transform="rotate(-18 ${x + r * 0.82} ${y})"/><circle cx="${x}" cy="${y}" r="${r * 0.78}" fill="${color}"/><ellipse cx="${x}" cy="${y + r * 0.3}" rx="${r * 0.42}" ry="${r * 0.3}" fill="#fde8c8"/><ellipse cx="${x}" cy="${y + r * 0.16}" rx="${r * 0.15}" ry="${r * 0.11}" fill="${INK}"/>${eyes(-0.18)}</g>`;
    case "gato":
      return `<g><path d="M${x - r * 0.72} ${y - r * 0.2} L${x - r * 0.62} ${y - r * 0.95} L${x - r * 0.15} ${y - r * 0.6} Z M${x + r * 0.72} ${y - r * 0.2} L${x + r * 0.62} ${y - r * 0.95} L${x + r * 0.15} ${y - r * 0.6} Z" fill="${dark}"/><circle cx="${x}" cy="${y}" r="${r * 0.75}" fill="${color}"/><path d="M${x - r * 0.1} ${y + r * 0.12} L${x + r * 0.1} ${y + r * 0.12} L${x} ${y + r * 0.25} Z" fill="#f472b6"/>${eyes(-0.1, 0.3)}<path d="M${x - r * 0.25} ${y + r * 0.3} H${x - r * 0.85} M${x + r * 0.25} ${y + r * 0.3} H${x + r * 0.85}" stroke="${INK}" stroke-width="${r * 0.04}" stroke-linecap="round"/></g>`;
    case "ave":
      return `<g><circle cx="${x}" cy="${y}" r="${r * 0.75}" fill="${color}"/><path d="M${x - r * 0.1} ${y - r * 0.72} Q${x} ${y - r * 1.2} ${x + r * 0.25} ${y - r * 0.95} Q${x + r * 0.1} ${y - r * 0.8} ${x + r * 0.15} ${y - r * 0.65} Z" fill="${dark}"/><circle cx="${x - r * 0.3}" cy="${y + r * 0.15}" r="${r * 0.2}" fill="#fb923c"/><path d="M${x + r * 0.5} ${y - r * 0.05} L${x + r * 0.98} ${y + r * 0.1} L${x + r * 0.5} ${y + r * 0.25} Z" fill="#f97316"/><circle cx="${x + r * 0.2}" cy="${y - r * 0.15}" r="${r * 0.1}" fill="${INK}"/></g>`;
    case "peixe":
      return `<g><path d="M${x + r * 0.55} ${y} L${x + r * 1.05} ${y - r * 0.45} L${x + r * 1.05} ${y + r * 0.45} Z" fill="${dark}"/><ellipse cx="${x - r * 0.05}" cy="${y}" rx="${r * 0.75}" ry="${r * 0.5}" fill="${color}"/><path d="M${x - r * 0.1} ${y - r * 0.5} Q${x + r * 0.15} ${y - r * 0.8} ${x + r * 0.35} ${y - r * 0.42}" fill="${dark}"/><circle cx="${x - r * 0.45}" cy="${y - r * 0.08}" r="${r * 0.1}" fill="${INK}"/></g>`;
    case "boi":
      return `<g><path d="M${x - r * 0.55} ${y - r * 0.55} Q${x - r * 1.05} ${y - r * 0.7} ${x - r * 0.95} ${y - r * 1.05} M${x + r * 0.55} ${y - r * 0.55} Q${x + r * 1.05} ${y - r * 0.7} ${x + r * 0.95} ${y - r * 1.05}" stroke="#fef3c7" stroke-width="${r * 0.16}" fill="none" stroke-linecap="round"/><ellipse cx="${x}" cy="${y}" rx="${r * 0.62}" ry="${r * 0.78}" fill="${color}"/><ellipse cx="${x}" cy="${y + r * 0.45}" rx="${r * 0.5}" ry="${r * 0.3}" fill="#fbcfe8"/><circle cx="${x - r * 0.18}" cy="${y + r * 0.45}" r="${r * 0.06}" fill="${INK}"/><circle cx="${x + r * 0.18}" cy="${y + r * 0.45}" r="${r * 0.06}" fill="${INK}"/>${eyes(-0.2, 0.28)}</g>`;
    case "galinha":
      return `<g><path d="M${x - r * 0.3} ${y - r * 0.7} q${r * 0.15} -${r * 0.35} ${r * 0.3} 0 q${r * 0.15} -${r * 0.35} ${r * 0.3} 0 z" fill="#ef4444"/><circle cx="${x}" cy="${y}" r="${r * 0.72}" fill="#fff7ed"/><path d="M${x + r * 0.55} ${y - r * 0.1} L${x + r * 0.95} ${y + r * 0.02} L${x + r * 0.55} ${y + r * 0.15} Z" fill="#f59e0b"/><ellipse cx="${x + r * 0.45}" cy="${y + r * 0.35}" rx="${r * 0.1}" ry="${r * 0.18}" fill="#ef4444"/><circle cx="${x + r * 0.25}" cy="${y - r * 0.15}" r="${r * 0.1}" fill="${INK}"/></g>`;
  }
}

/** A bag of food, seeds or sand: crimped top, brand band, a pet, the weight badge. */
function bag(spec: ArtSpec, small = false) {
  const c = spec.cor;
  const [x0, x1, top, bottom] = small ? [130, 270, 120, 320] : [105, 295, 88, 336];
  const mid = (x0 + x1) / 2;
  const w = x1 - x0;
  const teeth = Array.from({ length: 9 }, (_, i) => {
    const x = x0 + (w / 9) * i;
    return `L${x + w / 18} ${top - 10} L${x + w / 9} ${top}`;
  }).join(" ");
  return `<path d="M${x0} ${top} ${teeth} L${x1 - 4} ${bottom - 12} Q${x1 - 6} ${bottom} ${x1 - 18} ${bottom} L${x0 + 18} ${bottom} Q${x0 + 6} ${bottom} ${x0 + 4} ${bottom - 12} Z" fill="${c}"/>
    <path d="M${mid + w * 0.18} ${top + 2} L${x1 - 4} ${top + 2} L${x1 - 4} ${bottom - 12} Q${x1 - 6} ${bottom} ${x1 - 18} ${bottom} L${mid + w * 0.32} ${bottom} Z" fill="${shade(c, -0.18)}" opacity=".55"/>
    <rect x="${x0 + 12}" y="${top + 22}" width="${w - 24}" height="${small ? 40 : 48}" rx="12" fill="#fff"/>
    ${label(spec.marca ?? "", mid, top + (small ? 43 : 47), w - 40, small ? 24 : 30)}
    <circle cx="${mid}" cy="${small ? top + 125 : top + 160}" r="${small ? 46 : 62}" fill="${shade(c, 0.55)}"/>
    ${spec.pet ? petFace(spec.pet, mid, small ? top + 128 : top + 164, small ? 40 : 54, spec.pet === "galinha" ? "#fff7ed" : "#f59e0b") : ""}
    ${sizeBadge(spec.tamanho, x1 - 4, top + (small ? 15 : 20))}`;
}

/** A bottle (shampoo, medicine, water conditioner): cap, shoulders, label. */
function bottle(spec: ArtSpec) {
  const c = spec.cor;
  return `<rect x="172" y="70" width="56" height="40" rx="8" fill="${shade(c, -0.35)}"/>
    <path d="M180 110 H220 L220 128 Q275 140 275 190 V315 Q275 336 254 336 H146 Q125 336 125 315 V190 Q125 140 180 128 Z" fill="${c}"/>
    <path d="M230 130 Q275 142 275 190 V315 Q275 336 254 336 H236 Z" fill="${shade(c, -0.2)}" opacity=".6"/>
    <rect x="140" y="190" width="120" height="110" rx="14" fill="#fff"/>
    ${label(spec.marca ?? "", 200, 218, 100, 24)}
    <path d="M200 240 v36 M182 258 h36" stroke="${c}" stroke-width="10" stroke-linecap="round"/>
    ${sizeBadge(spec.tamanho, 282, 150)}`;
}

/** A box (tablets, pipettes, pads): front and side faces, label with a cross or a pet. */
function box(spec: ArtSpec) {
  const c = spec.cor;
  return `<path d="M110 130 L250 130 L290 100 L150 100 Z" fill="${shade(c, 0.25)}"/>
    <path d="M250 130 L290 100 L290 300 L250 330 Z" fill="${shade(c, -0.3)}"/>
    <rect x="110" y="130" width="140" height="200" rx="6" fill="${c}"/>
    <rect x="122" y="146" width="116" height="40" rx="10" fill="#fff"/>
    ${label(spec.marca ?? "", 180, 167, 100, 24)}
    <circle cx="180" cy="250" r="46" fill="${shade(c, 0.6)}"/>
    ${spec.pet ? petFace(spec.pet, 180, 254, 40) : `<path d="M180 222 v56 M152 250 h56" stroke="${c}" stroke-width="16" stroke-linecap="round"/>`}
    ${sizeBadge(spec.tamanho, 292, 110)}`;
}

function collar(spec: ArtSpec) {
  const c = spec.cor;
  return `<ellipse cx="200" cy="215" rx="120" ry="92" fill="none" stroke="${shade(c, -0.3)}" stroke-width="36"/>
    <ellipse cx="200" cy="205" rx="120" ry="92" fill="none" stroke="${c}" stroke-width="34"/>
    <rect x="168" y="272" width="64" height="50" rx="10" fill="#e5e7eb" stroke="#9ca3af" stroke-width="6"/>
    <rect x="190" y="282" width="20" height="30" rx="4" fill="#9ca3af"/>
    <circle cx="200" cy="348" r="20" fill="#facc15"/>
    ${sizeBadge(spec.tamanho)}`;
}

function harness(spec: ArtSpec) {
  const c = spec.cor;
  return `<path d="M120 150 Q200 110 280 150 L300 260 Q200 300 100 260 Z" fill="${c}"/>
    <path d="M200 122 L200 282" stroke="${shade(c, -0.3)}" stroke-width="14"/>
    <path d="M108 255 Q200 292 292 255" stroke="${shade(c, -0.3)}" stroke-width="16" fill="none"/>
    <rect x="180" y="180" width="40" height="34" rx="8" fill="#e5e7eb" stroke="#9ca3af" stroke-width="5"/>
    <path d="M200 122 Q240 60 300 80 T340 60" stroke="${shade(c, -0.45)}" stroke-width="10" fill="none" stroke-linecap="round"/>
    <circle cx="200" cy="122" r="12" fill="#9ca3af"/>
    ${sizeBadge(spec.tamanho, 310, 300)}`;
}

function ball(spec: ArtSpec) {
  const c = spec.cor;
  return `<ellipse cx="200" cy="265" rx="92" ry="74" fill="${c}"/>
    <ellipse cx="200" cy="178" rx="70" ry="56" fill="${c}"/>
    <ellipse cx="200" cy="112" rx="46" ry="36" fill="${c}"/>
    <path d="M245 240 Q290 260 270 310 Q230 335 200 339 Q265 300 245 240 Z" fill="${shade(c, -0.25)}"/>
    <ellipse cx="200" cy="96" rx="16" ry="8" fill="${shade(c, -0.45)}"/>
    <ellipse cx="168" cy="245" rx="18" ry="12" fill="#fff" opacity=".35"/>`;
}

function wand(spec: ArtSpec) {
  const c = spec.cor;
  const feather = (rot: number, color: string) =>
    `<path d="M0 0 Q30 -30 0 -110 Q-30 -30 0 0 Z" fill="${color}" transform="translate(270 180) rotate(${rot})"/>`;
  return `<path d="M90 340 Q170 230 262 186" stroke="${shade(c, -0.4)}" stroke-width="12" fill="none" stroke-linecap="round"/>
    ${feather(-30, "#f472b6")}${feather(10, c)}${feather(45, "#facc15")}${feather(80, "#22d3ee")}
    <circle cx="262" cy="190" r="18" fill="#facc15" stroke="#ca8a04" stroke-width="5"/>`;
}

function rope(spec: ArtSpec) {
  const c = spec.cor;
  const knot = (x: number, y: number) =>
    `<circle cx="${x}" cy="${y}" r="34" fill="${shade(c, -0.15)}"/><path d="M${x - 24} ${y - 20} L${x + 24} ${y + 20} M${x - 30} ${y} L${x + 10} ${y + 30} M${x - 10} ${y - 30} L${x + 30} ${y}" stroke="${shade(c, -0.4)}" stroke-width="6" stroke-linecap="round"/>`;
  return `<path d="M95 300 Q200 200 305 110" stroke="${c}" stroke-width="34" fill="none" stroke-linecap="round"/>
    <path d="M95 300 Q200 200 305 110" stroke="${shade(c, 0.4)}" stroke-width="6" fill="none" stroke-dasharray="14 14"/>
    ${knot(95, 300)}${knot(200, 210)}${knot(305, 110)}`;
}

function bone(spec: ArtSpec) {
  const c = spec.cor;
  const end = (x: number, y: number) =>
    `<circle cx="${x - 22}" cy="${y}" r="30" fill="${c}"/><circle cx="${x + 22}" cy="${y}" r="30" fill="${c}"/>`;
  return `<g transform="rotate(-25 200 210)"><rect x="110" y="185" width="180" height="50" rx="20" fill="${c}"/>${end(110, 210)}${end(290, 210)}<rect x="120" y="212" width="160" height="14" rx="7" fill="${shade(c, -0.2)}"/><circle cx="200" cy="210" r="26" fill="${shade(c, -0.3)}"/></g>${sizeBadge(spec.tamanho)}`;
}

function bed(spec: ArtSpec) {
  const c = spec.cor;
  return `<ellipse cx="200" cy="255" rx="150" ry="70" fill="${shade(c, -0.2)}"/>
    <ellipse cx="200" cy="240" rx="150" ry="62" fill="${c}"/>
    <ellipse cx="200" cy="238" rx="110" ry="38" fill="${shade(c, 0.55)}"/>
    <circle cx="105" cy="205" r="34" fill="${c}"/><circle cx="160" cy="186" r="36" fill="${c}"/><circle cx="230" cy="184" r="38" fill="${c}"/><circle cx="292" cy="204" r="34" fill="${c}"/>
    ${petFace("cao", 200, 226, 40, "#d6a26b")}
    ${sizeBadge(spec.tamanho)}`;
}

function bowl(spec: ArtSpec) {
  const c = spec.cor;
  return `<path d="M90 215 H310 L285 315 Q280 330 262 330 H138 Q120 330 115 315 Z" fill="${c}"/>
    <path d="M230 215 H310 L285 315 Q280 330 262 330 H240 Z" fill="${shade(c, -0.18)}"/>
    <ellipse cx="200" cy="215" rx="110" ry="28" fill="${shade(c, 0.3)}"/>
    <ellipse cx="200" cy="216" rx="88" ry="18" fill="#a16207"/>
    <circle cx="175" cy="210" r="9" fill="#ca8a04"/><circle cx="205" cy="214" r="9" fill="#ca8a04"/><circle cx="228" cy="208" r="9" fill="#ca8a04"/>
    <rect x="105" y="320" width="190" height="16" rx="8" fill="#1f2937" opacity=".8"/>
    ${sizeBadge(spec.tamanho)}`;
}

function jar(spec: ArtSpec) {
  const c = spec.cor;
  return `<rect x="140" y="96" width="120" height="34" rx="8" fill="${shade(c, -0.35)}"/>
    <rect x="128" y="126" width="144" height="206" rx="22" fill="${c}"/>
    <rect x="140" y="178" width="120" height="100" rx="12" fill="#fff"/>
    ${label(spec.marca ?? "", 200, 200, 100, 24)}
    ${spec.pet ? petFace(spec.pet, 200, 248, 26, "#fb923c") : ""}
    ${sizeBadge(spec.tamanho, 282, 140)}`;
}

function filter(spec: ArtSpec) {
  const c = spec.cor;
  return `<rect x="70" y="250" width="260" height="90" rx="8" fill="#bae6fd" opacity=".8"/>
    <path d="M70 262 Q110 252 150 262 T230 262 T330 262" stroke="#0ea5e9" stroke-width="6" fill="none"/>
    <rect x="120" y="110" width="150" height="150" rx="18" fill="${c}"/>
    <rect x="232" y="110" width="38" height="150" rx="10" fill="${shade(c, -0.25)}"/>
    <path d="M120 160 H80 Q70 160 70 172 V205" stroke="${shade(c, -0.3)}" stroke-width="16" fill="none" stroke-linecap="round"/>
    <path d="M72 210 Q78 240 96 262" stroke="#38bdf8" stroke-width="10" fill="none" stroke-linecap="round"/>
    <rect x="138" y="132" width="84" height="34" rx="8" fill="#fff"/>
    ${label(spec.marca ?? "", 180, 150, 72, 18)}
    ${sizeBadge(spec.tamanho, 300, 96)}`;
}

function cage(spec: ArtSpec) {
  const c = spec.cor;
  const bars = Array.from(
    { length: 9 },
    (_, i) =>
      `<path d="M${120 + i * 20} ${i === 0 || i === 8 ? 150 : 120 + Math.abs(4 - i) * 8} V320" stroke="${c}" stroke-width="6"/>`,
  ).join("");
  return `<path d="M110 160 Q200 40 290 160" fill="none" stroke="${c}" stroke-width="8"/>
    <circle cx="200" cy="72" r="14" fill="none" stroke="${c}" stroke-width="7"/>${bars}
    <rect x="100" y="310" width="200" height="26" rx="8" fill="${shade(c, -0.3)}"/>
    <path d="M130 262 H270" stroke="#a16207" stroke-width="8"/>
    ${petFace("ave", 200, 228, 36, "#facc15")}
    ${sizeBadge(spec.tamanho)}`;
}

function hoe(spec: ArtSpec) {
  const c = spec.cor;
  return `<path d="M110 340 L290 90" stroke="#a16207" stroke-width="18" stroke-linecap="round"/>
    <path d="M118 328 L290 90" stroke="#ca8a04" stroke-width="6" stroke-linecap="round" opacity=".7"/>
    <path d="M245 110 L330 170 L300 220 L215 165 Z" fill="${c}"/>
    <path d="M245 110 L330 170 L322 184 L238 124 Z" fill="${shade(c, 0.35)}"/>
    ${sizeBadge(spec.tamanho, 110, 120)}`;
}

function hose(spec: ArtSpec) {
  const c = spec.cor;
  const rings = [90, 72, 54]
    .map((r) => `<circle cx="190" cy="215" r="${r}" fill="none" stroke="${c}" stroke-width="18"/>`)
    .join("");
  return `<circle cx="190" cy="215" r="100" fill="${shade(c, -0.3)}" opacity=".35"/>${rings}
    <path d="M280 215 Q320 215 325 180" stroke="${c}" stroke-width="18" fill="none" stroke-linecap="round"/>
    <rect x="305" y="120" width="40" height="64" rx="10" fill="#facc15"/>
    <path d="M325 120 V96" stroke="#60a5fa" stroke-width="8" stroke-linecap="round" stroke-dasharray="2 10"/>
    ${sizeBadge(spec.tamanho, 92, 96)}`;
}

const DRAW: Record<ArtKind, (spec: ArtSpec) => string> = {
  racao: (s) => bag(s),
  saquinho: (s) => bag(s, true),
  frasco: bottle,
  caixa: box,
  coleira: collar,
  peitoral: harness,
  bola: ball,
  varinha: wand,
  corda: rope,
  osso: bone,
  cama: bed,
  comedouro: bowl,
  pote: jar,
  filtro: filter,
  gaiola: cage,
  enxada: hoe,
  mangueira: hose,
};

/** The square picture of a product (400 × 400 units, drawn at `size` pixels). */
export function productArt(spec: ArtSpec, background: string, size = 800): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 400 400">
  <rect width="400" height="400" fill="${shade(background, 0.86)}"/>
  <circle cx="200" cy="205" r="168" fill="${shade(background, 0.7)}"/>
  <circle cx="58" cy="64" r="10" fill="${shade(background, 0.5)}"/><circle cx="350" cy="330" r="14" fill="${shade(background, 0.55)}"/>
  <ellipse cx="200" cy="352" rx="130" ry="14" fill="${INK}" opacity=".12"/>
  ${DRAW[spec.tipo](spec)}
</svg>`;
}

/** The size a product's name says ("Ração … 15 kg" → "15 kg", "500 ml", "100 L/h" → none). */
export function sizeInName(nome: string): string | null {
  const match = nome.match(/(\d+(?:,\d+)?)\s?(kg|g|ml|L)\b(?!\/)/i);
  return match ? `${match[1]} ${match[2]}` : null;
}

// ——— The site's scenes: pets in front of the shop, in the same style. ———

function shopFront(x: number, y: number, w: number, h: number, name: string) {
  const awning = Array.from({ length: 8 }, (_, i) => {
    const sx = x + (w / 8) * i;
    return `<path d="M${sx} ${y + 40} h${w / 8} v46 q-${w / 16} 26 -${w / 8} 0 z" fill="${i % 2 ? "#fff" : "#16a34a"}"/>`;
  }).join("");
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="#fef3c7"/>
    <rect x="${x - 10}" y="${y - 6}" width="${w + 20}" height="50" rx="10" fill="#166534"/>
    ${label(name, x + w / 2, y + 20, w - 40, 30, "#fff")}
    ${awning}
    <rect x="${x + 30}" y="${y + 110}" width="${w * 0.42}" height="${h - 140}" rx="8" fill="#bae6fd"/>
    <path d="M${x + 30} ${y + 110 + (h - 140) * 0.55} h${w * 0.42}" stroke="#7dd3fc" stroke-width="8"/>
    <rect x="${x + 50}" y="${y + 135}" width="38" height="52" rx="6" fill="#f59e0b"/><rect x="${x + 96}" y="${y + 145}" width="30" height="42" rx="6" fill="#ef4444"/><rect x="${x + 134}" y="${y + 128}" width="34" height="59" rx="6" fill="#3b82f6"/>
    <rect x="${x + w * 0.58}" y="${y + 110}" width="${w * 0.3}" height="${h - 110}" rx="8" fill="#92400e"/>
    <circle cx="${x + w * 0.62}" cy="${y + 110 + (h - 110) / 2}" r="6" fill="#facc15"/>
    <rect x="${x + w * 0.62}" y="${y + 128}" width="${w * 0.22}" height="60" rx="6" fill="#bae6fd"/>`;
}

function sittingDog(x: number, y: number, s: number, color: string) {
  const dark = shade(color, -0.3);
  return `<g transform="translate(${x} ${y}) scale(${s})">
    <path d="M-40 0 Q-60 -30 -70 -70" stroke="${dark}" stroke-width="14" fill="none" stroke-linecap="round"/>
    <ellipse cx="0" cy="-40" rx="52" ry="56" fill="${color}"/>
    <ellipse cx="10" cy="-20" rx="26" ry="34" fill="#fde8c8"/>
    <rect x="-30" y="-10" width="22" height="18" rx="9" fill="${dark}"/><rect x="14" y="-10" width="22" height="18" rx="9" fill="${dark}"/>
    <rect x="-16" y="-82" width="44" height="10" rx="5" fill="#ef4444"/>
    ${petFace("cao", 6, -118, 50, color)}
  </g>`;
}

function sittingCat(x: number, y: number, s: number, color: string) {
  return `<g transform="translate(${x} ${y}) scale(${s})">
    <path d="M36 -6 Q80 -10 70 -60 Q66 -80 80 -90" stroke="${shade(color, -0.3)}" stroke-width="12" fill="none" stroke-linecap="round"/>
    <ellipse cx="0" cy="-36" rx="40" ry="48" fill="${color}"/>
    <ellipse cx="0" cy="-26" rx="20" ry="30" fill="#fff7ed"/>
    ${petFace("gato", 0, -100, 44, color)}
  </g>`;
}

function tree(x: number, y: number, s: number) {
  return `<g transform="translate(${x} ${y}) scale(${s})"><rect x="-8" y="-60" width="16" height="60" fill="#92400e"/><circle cx="0" cy="-90" r="44" fill="#22c55e"/><circle cx="-26" cy="-70" r="30" fill="#16a34a"/><circle cx="28" cy="-72" r="28" fill="#15803d"/></g>`;
}

/** The home's hero: the shop front with a dog, a cat and a bird (wide, 1200 × 800 units). */
export function heroArt(shopName: string, width = 1200): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.round((width * 2) / 3)}" viewBox="0 0 1200 800">
  <rect width="1200" height="800" fill="#dcfce7"/>
  <circle cx="1010" cy="150" r="80" fill="#fde68a"/>
  <ellipse cx="260" cy="170" rx="110" ry="34" fill="#fff"/><ellipse cx="330" cy="150" rx="70" ry="40" fill="#fff"/>
  <rect y="640" width="1200" height="160" fill="#86efac"/>
  <rect y="640" width="1200" height="24" fill="#4ade80"/>
  ${tree(120, 650, 1.6)}${tree(1090, 650, 1.3)}
  ${shopFront(300, 250, 600, 400, shopName)}
  ${sittingDog(250, 760, 1.35, "#d97706")}
  ${sittingCat(960, 760, 1.2, "#9ca3af")}
  <g transform="translate(1040 540)">${petFace("ave", 0, 0, 40, "#facc15")}</g>
  <path d="M1000 580 H1100" stroke="#92400e" stroke-width="10" stroke-linecap="round"/>
  <ellipse cx="600" cy="740" rx="90" ry="18" fill="#4ade80"/>
  <g transform="translate(560 700)"><rect x="-40" y="-60" width="80" height="70" rx="10" fill="#f59e0b"/><rect x="-30" y="-46" width="60" height="22" rx="6" fill="#fff"/><circle cx="0" cy="-8" r="12" fill="#fde68a"/></g>
  <g transform="translate(660 712)"><path d="M-34 -20 H34 L26 6 Q24 12 16 12 H-16 Q-24 12 -26 6 Z" fill="#a855f7"/><ellipse cx="0" cy="-20" rx="34" ry="9" fill="#d8b4fe"/></g>
</svg>`;
}

/** 'Sobre': the family behind the counter with their pets (1200 × 800 units). */
export function aboutArt(shopName: string, width = 1200): string {
  const person = (x: number, shirt: string, hair: string) =>
    `<g transform="translate(${x} 470)"><rect x="-48" y="0" width="96" height="150" rx="40" fill="${shirt}"/><circle cx="0" cy="-36" r="44" fill="#f5c6a5"/><path d="M-46 -44 Q-40 -96 0 -90 Q44 -96 46 -40 Q30 -66 0 -62 Q-26 -66 -46 -44 Z" fill="${hair}"/><circle cx="-15" cy="-36" r="5" fill="${INK}"/><circle cx="15" cy="-36" r="5" fill="${INK}"/><path d="M-14 -16 Q0 -6 14 -16" stroke="${INK}" stroke-width="4" fill="none" stroke-linecap="round"/></g>`;
  const shelf = (y: number) =>
    `<rect x="110" y="${y}" width="980" height="14" rx="6" fill="#92400e"/>` +
    Array.from({ length: 12 }, (_, i) => {
      const colors = ["#f59e0b", "#ef4444", "#3b82f6", "#16a34a", "#a855f7", "#06b6d4"];
      const h = 50 + ((i * 17) % 30);
      return `<rect x="${130 + i * 80}" y="${y - h}" width="56" height="${h}" rx="8" fill="${colors[i % colors.length]}"/><rect x="${138 + i * 80}" y="${y - h + 12}" width="40" height="14" rx="4" fill="#fff"/>`;
    }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.round((width * 2) / 3)}" viewBox="0 0 1200 800">
  <rect width="1200" height="800" fill="#fef3c7"/>
  <rect x="80" y="60" width="1040" height="60" rx="14" fill="#166534"/>
  ${label(shopName, 600, 92, 900, 36, "#fff")}
  ${shelf(250)}${shelf(400)}
  ${person(470, "#16a34a", "#78350f")}${person(730, "#f59e0b", "#1f2937")}
  <rect x="120" y="600" width="960" height="200" rx="18" fill="#b45309"/>
  <rect x="120" y="600" width="960" height="30" rx="12" fill="#d97706"/>
  ${sittingDog(300, 600, 1.1, "#a16207")}
  ${sittingCat(920, 600, 1, "#f97316")}
</svg>`;
}
