import { ChevronDownIcon } from "lucide-react";
import type * as React from "react";
import { useEffect } from "react";
import { useNonce } from "~/lib/nonce";

/**
 * A question that opens its answer: a native `<details>`, so it works with no JavaScript at
 * all. Disclosures sharing a `group` (the `name` attribute) open one at a time. The summary
 * is announced as a button whose aria-expanded DisclosureStateScript keeps in step.
 */
export function Disclosure({
  group,
  summary,
  children,
}: {
  group: string;
  summary: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <details name={group} data-disclosure="" className="group border-b border-slate-200">
      {/* The native control, announced as a button so its aria-expanded is read. */}
      <summary
        role="button"
        className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 py-3 text-left font-semibold text-slate-900 hover:text-brand-700 [&::-webkit-details-marker]:hidden"
      >
        {summary}
        <ChevronDownIcon
          className="size-5 shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none"
          aria-hidden="true"
        />
      </summary>
      <div className="pb-4 text-slate-700">{children}</div>
    </details>
  );
}

const syncScript = `document.querySelectorAll("details[data-disclosure]").forEach(function(d){var s=d.querySelector("summary");function u(){s.setAttribute("aria-expanded",d.open?"true":"false")}d.addEventListener("toggle",u);u()});`;

/**
 * Keeps each disclosure's aria-expanded in step with it: an inline script for the page
 * served as HTML, the same in an effect when React renders the page (client navigation).
 */
export function DisclosureStateScript() {
  const nonce = useNonce();
  useEffect(() => {
    const cleanups: (() => void)[] = [];
    for (const details of document.querySelectorAll<HTMLDetailsElement>(
      "details[data-disclosure]",
    )) {
      const summary = details.querySelector("summary");
      if (!summary) continue;
      const update = () => summary.setAttribute("aria-expanded", details.open ? "true" : "false");
      details.addEventListener("toggle", update);
      update();
      cleanups.push(() => details.removeEventListener("toggle", update));
    }
    return () => {
      for (const cleanup of cleanups) cleanup();
    };
  }, []);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of our own
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: syncScript }} />;
}
