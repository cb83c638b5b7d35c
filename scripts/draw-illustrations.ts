// `npm run illustrations`: renders the site's scenes (the home's hero, 'Sobre') from
// app/startup/demo-art.ts to the WebP files app/content/illustrations.ts imports, one per
// width of their srcset. Run it after changing a drawing or a width; commit the files.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { shop } from "~/content/shop";
import { aboutArt, heroArt } from "~/startup/demo-art";
import { root } from "./lib/server";

const dir = path.join(root, "app/content/illustrations");
const scenes = { inicio: heroArt, sobre: aboutArt };
/** The widths app/content/illustrations.ts imports (its SCENE_WIDTHS). */
const SCENE_WIDTHS = [480, 800, 1200];

for (const [name, draw] of Object.entries(scenes)) {
  for (const width of SCENE_WIDTHS) {
    const file = path.join(dir, `${name}-${width}.webp`);
    // Drawn at the width itself: text and edges stay sharp at every size.
    const webp = await sharp(Buffer.from(draw(shop.name, width)))
      .webp({ quality: 82, effort: 6 })
      .toBuffer();
    fs.writeFileSync(file, webp);
    console.log(`${path.relative(root, file)}  ${(webp.length / 1024).toFixed(1)} KB`);
  }
}
