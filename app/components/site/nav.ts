/** Header links of the public shell (SPEC §2.1), in order. */
export const SITE_NAV = [
  { to: "/", label: "Início" },
  { to: "/sobre", label: "Sobre" },
  { to: "/produtos", label: "Produtos" },
  { to: "/servicos", label: "Banho & Tosa" },
  { to: "/contato", label: "Contato" },
  { to: "/faq", label: "FAQ" },
  { to: "/trabalhe-conosco", label: "Trabalhe Conosco" },
] as const;
