// The islands' built files (vite/islands.ts).
declare module "virtual:islands" {
  export const islandScripts: Record<string, { src: string; preload: string[] } | undefined>;
}
