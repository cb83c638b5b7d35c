// The three legal pages: their addresses, titles and settings columns. Apart from their long
// default texts (legal-texts.ts), so the footers' scripts do not carry those.
export const LEGAL_PAGES = {
  privacidade: {
    path: "/privacidade",
    title: "Política de privacidade",
    field: "textoPrivacidade",
  },
  trocas: {
    path: "/trocas-e-devolucoes",
    title: "Trocas e devoluções",
    field: "textoTrocas",
  },
  termos: { path: "/termos", title: "Termos de uso", field: "textoTermos" },
} as const;

export type LegalPageKey = keyof typeof LEGAL_PAGES;
export const LEGAL_PAGE_KEYS = Object.keys(LEGAL_PAGES) as LegalPageKey[];
