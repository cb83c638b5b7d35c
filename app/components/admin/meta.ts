/** The meta of an admin screen: its title, under the panel's name. */
export function adminMeta(title: string) {
  return () => [{ title: `${title} | Painel Administrativo` }];
}
