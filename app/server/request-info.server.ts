/** Client IP and user agent of a request, for rate limits and the audit log. */
export function requestInfo(request: Request): { ip: string; userAgent: string } {
  // server.ts copies Express's req.ip (which honours `trust proxy`) into this header.
  const ip = request.headers.get("x-client-ip") ?? "desconhecido";
  return { ip, userAgent: request.headers.get("user-agent") ?? "" };
}
