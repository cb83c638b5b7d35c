// The Content-Security-Policy nonce of the response being rendered. The server sets it
// (entry.server.tsx); in the browser it is empty, which React leaves alone on hydration.
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
