// The site's scenes drawn in the demo's style (app/startup/demo-art.ts), rendered to WebP by
// `npm run illustrations` in three widths; Vite gives each file a hashed, long-cached URL.
import inicio480 from "./illustrations/inicio-480.webp";
import inicio800 from "./illustrations/inicio-800.webp";
import inicio1200 from "./illustrations/inicio-1200.webp";
import sobre480 from "./illustrations/sobre-480.webp";
import sobre800 from "./illustrations/sobre-800.webp";
import sobre1200 from "./illustrations/sobre-1200.webp";

const SCENE_WIDTHS = [480, 800, 1200] as const;

export interface Scene {
  src: string;
  srcSet: string;
  /** The intrinsic size of the largest file (3:2), for width and height: no layout shift. */
  width: number;
  height: number;
  alt: string;
}

const scene = (files: string[], alt: string): Scene => ({
  src: files[1]!,
  srcSet: files.map((file, i) => `${file} ${SCENE_WIDTHS[i]}w`).join(", "),
  width: 1200,
  height: 800,
  alt,
});

export const heroScene = scene(
  [inicio480, inicio800, inicio1200],
  "Ilustração da fachada da loja com um cachorro, um gato e uma calopsita na frente",
);

export const aboutScene = scene(
  [sobre480, sobre800, sobre1200],
  "Ilustração da equipe no balcão da loja, entre prateleiras de produtos, com um cachorro e um gato",
);
