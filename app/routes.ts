// Every URL of the product on one screen.
import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // Public marketing site (SPEC §2.1, §2.2)
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("sobre", "routes/public/sobre.tsx"),
    route("produtos", "routes/public/produtos.tsx"),
    route("servicos", "routes/public/servicos.tsx"),
    // Online grooming booking (plain forms) and the booking's page behind its secret link.
    route("servicos/agendar", "routes/public/servicos-agendar.tsx"),
    route("servicos/agendamento/:numero", "routes/public/servicos-agendamento.tsx"),
    route("contato", "routes/public/contato.tsx"),
    route("faq", "routes/public/faq.tsx"),
    route("trabalhe-conosco", "routes/public/trabalhe-conosco.tsx"),
    // The legal pages (Decreto 7.962/2013, CDC art. 49, LGPD): the admin's Markdown.
    route("privacidade", "routes/public/legal.tsx", { id: "legal-privacidade" }),
    route("trocas-e-devolucoes", "routes/public/legal.tsx", { id: "legal-trocas" }),
    route("termos", "routes/public/legal.tsx", { id: "legal-termos" }),
    // Any other address: the 404 page, inside the site's banner, header and footer.
    route("*", "routes/not-found.tsx"),
  ]),

  // The public forms' scripts send here (JSON); the pages themselves serve them without JS.
  route("contato/enviar", "routes/public/contato-enviar.ts"),
  route("trabalhe-conosco/enviar", "routes/public/trabalhe-conosco-enviar.ts"),
  route("servicos/enviar", "routes/public/servicos-enviar.ts"),
  // "Adicionar ao calendário" of a booking (.ics, the same secret as its page).
  route("servicos/agendamento/:numero/calendario.ics", "routes/public/servicos-agendamento-ics.ts"),

  // Online store
  ...prefix("loja", [
    layout("routes/loja/layout.tsx", [
      index("routes/loja/index.tsx"),
      route("produto/:id", "routes/loja/produto.tsx"),
      route("carrinho", "routes/loja/carrinho.tsx"),
      route("checkout", "routes/loja/checkout.tsx"),
      route("pedido/:numero", "routes/loja/pedido.tsx"),
      // "Acompanhar pedido": number + phone → the order page.
      route("acompanhar", "routes/loja/acompanhar.tsx"),
      // "Parar de receber" from the order e-mails (signed link; the button or one-click POST).
      route("pedido/:numero/emails", "routes/loja/pedido-emails.tsx"),
      // "Avise-me quando chegar" of a sold-out variant (a plain form; decision 0074).
      route("avise-me", "routes/loja/avise-me.tsx"),
    ]),
    // The cart forms without JavaScript (a cart in a signed cookie, decision 0040).
    route("carrinho/alterar", "routes/loja/carrinho-alterar.ts"),
    // The address of a CEP (JSON; ViaCEP, then BrasilAPI), matched to the served neighbourhoods.
    route("cep/:cep", "routes/loja/cep.ts"),
    // The cart preview (JSON): server prices, stock, coupon and delivery fee.
    route("resumo", "routes/loja/resumo.ts"),
    // Suggestions while typing in the search (JSON, public for a minute).
    route("sugestoes", "routes/loja/sugestoes.ts"),
    // What the order page polls while an online Pix waits (JSON, token like the page).
    route("pedido/:numero/status", "routes/loja/pedido-status.ts"),
  ]),

  // The customer's optional account (issue 42, decision 0071): plain forms in the store's shell.
  ...prefix("conta", [
    layout("routes/loja/layout.tsx", { id: "conta-shell" }, [
      layout("routes/conta/layout.tsx", [
        index("routes/conta/index.tsx"),
        route("privacidade", "routes/conta/privacidade.tsx"),
        // The customer's pets (issue 42 point 3): list, add, edit, weights and vaccines.
        route("pets", "routes/conta/pets.tsx"),
        route("pets/:id", "routes/conta/pet.tsx"),
        // Saved delivery addresses (issue 42 point 4).
        route("enderecos", "routes/conta/enderecos.tsx"),
        route("assinaturas", "routes/conta/assinaturas.tsx"),
        // "Repetir" a booking of mine, and end its series (decision 0087).
        route("agendamentos/:numero/repetir", "routes/conta/repetir.tsx"),
      ]),
      // The e-mail and its code (decision 0072): outside the signed-in layout.
      route("entrar", "routes/conta/entrar.tsx"),
      // Decision 0075: after "Excluir minha conta", and the one-click revoke from an e-mail.
      route("excluida", "routes/conta/excluida.tsx"),
      route("consentimento/:finalidade", "routes/conta/consentimento.tsx"),
      // Issue 45 (decision 0086): a reminder's signed link to act on one subscription.
      route("assinaturas/:id", "routes/conta/assinatura.tsx"),
    ]),
    // "Sair" / "Sair de todos os aparelhos" (POST), and who is signed in (JSON, never kept).
    route("sair", "routes/conta/sair.ts"),
    route("eu", "routes/conta/eu.ts"),
    route("privacidade/baixar", "routes/conta/privacidade-baixar.ts"),
    // A vaccine's proof image: the pet's customer only (private file).
    route("pets/:id/vacinas/:vacinaId", "routes/conta/pet-comprovante.ts"),
  ]),

  // Admin panel (SPEC §2.3): /admin and /admin/login are the login page.
  ...prefix("admin", [
    index("routes/admin/login.tsx", { id: "admin-index" }),
    route("login", "routes/admin/login.tsx"),
    route("login/verificar", "routes/admin/login-verificar.tsx"),
    route("logout", "routes/admin/logout.tsx"),
    // Keep-alive from the open panel while the admin is active without requests.
    route("sessao", "routes/admin/sessao.ts"),
    // Order sheets to print (A4 or 80 mm receipt), without the panel around them; each
    // loader requires a signed-in admin.
    route("loja/pedidos/imprimir", "routes/admin/pedidos-imprimir.tsx"),
    route("loja/pedidos/:numero/imprimir", "routes/admin/pedido-imprimir.tsx"),
    // "Imprimir fichas do dia" of the grooming agenda: one card per pet.
    route("servicos/agenda/imprimir", "routes/admin/servicos-agenda-imprimir.tsx"),
    route("fechamento/imprimir", "routes/admin/fechamento-imprimir.tsx"),
    // A stock count's sheet, or its differences, to print (decision 0085).
    route("estoque/contagens/:id/imprimir", "routes/admin/estoque-contagem-imprimir.tsx"),
    // A team invitation's and a password reset's one-time links (decision 0067): public pages.
    route("convite/:token", "routes/admin/convite.tsx"),
    route("senha/:token", "routes/admin/senha.tsx"),
    // Live alerts for the open panel (Server-Sent Events).
    route("avisos", "routes/admin/avisos.ts"),
    layout("routes/admin/layout.tsx", [
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("fechamento", "routes/admin/fechamento.tsx"),
      route("fechamento/exportar", "routes/admin/fechamento-exportar.ts"),
      route("loja", "routes/admin/loja.tsx"),
      // The store hub's writes, one resource route per concept (action only; a GET goes
      // back to the hub). Inside the layout, so a fetcher's .data answer keeps its no-store.
      route("loja/produtos", "routes/admin/loja/produtos.ts"),
      route("loja/cupons", "routes/admin/loja/cupons.ts"),
      route("loja/pedidos", "routes/admin/loja/pedidos.ts"),
      // The filtered order list as CSV or .xlsx (streamed download).
      route("loja/pedidos/exportar", "routes/admin/loja/pedidos-exportar.ts"),
      route("loja/bairros", "routes/admin/loja/bairros.ts"),
      route("loja/configuracoes", "routes/admin/loja/configuracoes.ts"),
      // A product's Variações (options, variants, their prices and stock per unit): a page.
      route("loja/produtos/:id/variacoes", "routes/admin/loja/variacoes.tsx"),
      // The words the store's search treats as one: a page.
      route("loja/sinonimos", "routes/admin/loja/sinonimos.tsx"),
      route("estoque", "routes/admin/estoque.tsx"),
      // Transfers in transit between units, received by the destination (decision 0076).
      route("estoque/transferencias", "routes/admin/estoque-transferencias.tsx"),
      // Goods received with a supplier's NF-e (issue 44, decision 0084).
      route("estoque/entrada", "routes/admin/estoque-entrada.tsx"),
      // Counter sales from the point of sale's NFC-e files (issue 44, decision 0089).
      route("estoque/balcao", "routes/admin/estoque-balcao.tsx"),
      // Stock counts with a phone as scanner (decision 0085): the list, the reading page, the
      // differences and apply.
      route("estoque/contagens", "routes/admin/estoque-contagens.tsx"),
      route("estoque/contagens/:id", "routes/admin/estoque-contagem.tsx"),
      route("estoque/contagens/:id/diferencas", "routes/admin/estoque-contagem-diferencas.tsx"),
      route("estoque/:varianteId", "routes/admin/estoque-historico.tsx"),
      route("unidades", "routes/admin/unidades.tsx"),
      route("curriculos", "routes/admin/curriculos.tsx"),
      route("curriculos/:id/download", "routes/admin/curriculo-download.tsx"),
      route("servicos", "routes/admin/servicos.tsx"),
      // The day's grooming agenda of a unit (bookings, walk-ins, check-in).
      route("servicos/agenda", "routes/admin/servicos-agenda.tsx"),
      // "Repetir": a series of a booking's pet (decision 0087).
      route("servicos/agenda/:id/repetir", "routes/admin/servicos-repetir.tsx"),
      // Grooming services, each unit's agenda and its closed dates.
      route("servicos/configuracao", "routes/admin/servicos-configuracao.tsx"),
      // "Pacotes de banho": the owner's package offers (decision 0087).
      route("servicos/pacotes", "routes/admin/servicos-pacotes.tsx"),
      // A customer's pet from the agenda card: history, weights, notes, vaccines (issue 42).
      route("servicos/pets/:id", "routes/admin/servicos-pet.tsx"),
      route("servicos/pets/:id/vacinas/:vacinaId", "routes/admin/servicos-pet-comprovante.ts"),
      route("importar", "routes/admin/importar.tsx"),
      route("importar/modelo.csv", "routes/admin/importar-modelo.ts"),
      route("importar/exportar", "routes/admin/importar-exportar.ts"),
      route("security", "routes/admin/security.tsx"),
      // The shop's team: people, invitations, roles and units (owner only, decision 0067).
      route("equipe", "routes/admin/equipe.tsx"),
      // The periodic jobs: last and next run, recent failures (decision 0060).
      route("rotinas", "routes/admin/rotinas.tsx"),
      route("assinaturas", "routes/admin/assinaturas.tsx"),
      route("configuracoes", "routes/admin/configuracoes.tsx"),
      // Legal pages' texts, retention, and one person's data: export (ZIP) or anonymise.
      route("privacidade", "routes/admin/privacidade.tsx"),
      route("privacidade/exportar", "routes/admin/privacidade-exportar.ts"),
      route("testes", "routes/admin/testes.tsx"),
      route("emails", "routes/admin/emails.tsx"),
      route("emails/:id", "routes/admin/email.tsx"),
      route("conta", "routes/admin/conta.tsx"),
    ]),
  ]),

  // Payment provider notifications (server to server).
  route("webhooks/mercadopago", "routes/webhooks/mercadopago.ts"),

  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
] satisfies RouteConfig;
