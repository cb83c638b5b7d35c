// The public forms' islands send to a JSON endpoint (the same server function as the page's
// action) and read its answer the same way.

/** Posts `body` to `endpoint` asking for JSON; null when the server cannot be reached. */
export async function postForJson<T>(endpoint: string, body: BodyInit): Promise<T | null> {
  try {
    const response = await fetch(endpoint, {
      method: "POST",
      body,
      headers: { accept: "application/json" },
    });
    return (await response.json()) as T;
  } catch {
    return null;
  }
}
