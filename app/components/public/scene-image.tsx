import { preload } from "react-dom";
import type { Scene } from "~/content/illustrations";
import { cn } from "~/lib/utils";

/**
 * One of the site's drawn scenes (app/content/illustrations.ts): srcset, sizes, intrinsic
 * width and height (no layout shift). `priority` for the one above the fold, the page's
 * largest paint: preloaded from the head with high priority, loaded eagerly.
 */
export function SceneImage({
  scene,
  sizes,
  priority,
  className,
}: {
  scene: Scene;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  if (priority) {
    preload(scene.src, {
      as: "image",
      imageSrcSet: scene.srcSet,
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }
  return (
    <img
      src={scene.src}
      srcSet={scene.srcSet}
      sizes={sizes}
      alt={scene.alt}
      width={scene.width}
      height={scene.height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? undefined : "async"}
      className={cn("h-auto w-full", className)}
    />
  );
}
