import { StarIcon } from "lucide-react";

export function Stars({ rating }: { rating: number }) {
  return (
    <p className="flex gap-0.5 text-accent-500" role="img" aria-label={`${rating} de 5 estrelas`}>
      {Array.from({ length: rating }, (_, i) => (
        <StarIcon key={i} className="size-5 fill-current" aria-hidden="true" />
      ))}
    </p>
  );
}
