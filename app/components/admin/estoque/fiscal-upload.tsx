// The upload of fiscal XML files (or ZIPs of them) that the NF-e entry and the counter sales
// share: one plain multipart form, its button saying while the server reads, and the refusal.
import { FileUp } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

export function FiscalUploadForm({
  intent,
  label,
  busyLabel,
  refusal,
}: {
  intent: string;
  /** The button's words, and what it says while the files are read. */
  label: string;
  busyLabel: string;
  /** The page's last refusal, if any: shown when it was this form's. */
  refusal: { intent: string; message?: string } | null;
}) {
  const refused = refusal?.intent === intent ? refusal.message : undefined;
  const navigation = useNavigation();
  const reading =
    navigation.state === "submitting" && navigation.formEncType?.includes("multipart");
  return (
    <>
      <Form
        method="post"
        encType="multipart/form-data"
        className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
      >
        <input type="hidden" name="intent" value={intent} />
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor="arquivos">Arquivos XML ou ZIP</Label>
          <Input
            className="min-w-0 max-w-full"
            id="arquivos"
            name="arquivos"
            type="file"
            multiple
            required
            accept=".xml,.zip,text/xml,application/xml,application/zip"
          />
        </div>
        <Button type="submit" disabled={reading}>
          <FileUp aria-hidden="true" />
          {reading ? busyLabel : label}
        </Button>
      </Form>
      {refused ? (
        <p role="alert" className="mt-3 font-semibold text-red-800">
          {refused}
        </p>
      ) : null}
    </>
  );
}
