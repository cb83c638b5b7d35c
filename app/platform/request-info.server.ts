/** Client IP and user agent of a request, for rate limits and the audit log. */
export function requestInfo(request: Request): { ip: string; userAgent: string } {
  // server.ts copies Express's req.ip (which honours `trust proxy`) into this header.
  const ip = request.headers.get("x-client-ip") ?? "desconhecido";
  return { ip, userAgent: request.headers.get("user-agent") ?? "" };
}

/**
 * The submitted form, or an empty one when the body is not a form (wrong content type,
 * broken multipart, garbage bytes): the form's schema then refuses it with its pt-BR
 * messages instead of the request failing with a 500.
 */
export function readForm(request: Request): Promise<FormData> {
  return request.formData().catch(() => new FormData());
}
