// POST /trabalhe-conosco/enviar: the resume form's small script sends the application here
// and gets JSON back (field errors, or success). The page's own action serves the form
// without JavaScript.
import { submitResume } from "~/modules/careers/index.server";
import type { Route } from "./+types/trabalhe-conosco-enviar";

export async function action({ request }: Route.ActionArgs) {
  const result = await submitResume(request);
  return Response.json(result, {
    status: result.ok ? 200 : result.status,
    headers: { "Cache-Control": "no-store" },
  });
}
