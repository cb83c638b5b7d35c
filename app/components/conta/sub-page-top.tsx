/** The top of an account page below another: the way back, and what the last action did. */
export function SubPageTop({
  backTo,
  backLabel,
  done,
}: {
  backTo: string;
  backLabel: string;
  done: string | null | undefined;
}) {
  return (
    <>
      <p>
        <a className="text-sm font-semibold text-brand-700 underline" href={backTo}>
          {backLabel}
        </a>
      </p>
      {done ? (
        <p role="status" className="rounded-lg bg-green-50 p-3 text-green-900">
          {done}
        </p>
      ) : null}
    </>
  );
}
