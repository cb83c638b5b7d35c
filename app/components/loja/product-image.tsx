import { PackageIcon } from "lucide-react";
import type { ReactNode } from "react";
import { preload } from "react-dom";
import { cn } from "~/lib/utils";
import { productImageSrcSet } from "~/modules/catalog";

/**
 * The head's preload of a picture shown first (the image React would preload by itself): asked
 * for explicitly, so a card whose markup is kept (app/lib/fragment-cache.ts) still gets it.
 */
export function preloadProductImage(src: string, sizes: string) {
  preload(src, {
    as: "image",
    imageSrcSet: productImageSrcSet(src),
    imageSizes: sizes,
    fetchPriority: "high",
  });
}

/**
 * A square product picture with srcset and fixed dimensions (no layout shift). Without a
 * picture, a package icon on grey (`placeholder` draws it another way: a list's cards use
 * the icon drawn once in the page).
 */
export function ProductImage({
  src,
  alt,
  sizes,
  priority,
  className,
  placeholder = <PackageIcon className="size-12" aria-hidden="true" />,
}: {
  src: string | null;
  alt: string;
  sizes: string;
  priority?: boolean;
  className?: string;
  placeholder?: ReactNode;
}) {
  if (!src) {
    return (
      <div
        className={cn(
          "flex aspect-square items-center justify-center bg-slate-100 text-slate-400",
          className,
        )}
        role="img"
        aria-label={alt}
      >
        {placeholder}
      </div>
    );
  }
  if (priority) preloadProductImage(src, sizes);
  return (
    <img
      src={src}
      srcSet={productImageSrcSet(src)}
      sizes={sizes}
      alt={alt}
      width={400}
      height={400}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={cn("aspect-square w-full bg-slate-100 object-cover", className)}
    />
  );
}
