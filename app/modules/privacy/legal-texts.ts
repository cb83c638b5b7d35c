// The default Markdown of the three legal pages (Decreto 7.962/2013, CDC art. 49, LGPD). The
// admin may rewrite each one (/admin/privacidade); the placeholders in braces are filled with
// the shop's current facts when a page is shown, so a changed CNPJ, e-mail or retention
// period reaches the pages without editing them (decision 0044).
import type { LegalPageKey } from "./legal-pages";

/** What the placeholders are filled with. */
export interface LegalFacts {
  nomeLoja: string;
  razaoSocial: string;
  cnpj: string;
  endereco: string;
  email: string;
  telefone: string;
  encarregado: string;
  encarregadoEmail: string;
  retencaoMeses: number;
  retencaoEnviosDias: number;
}

const PLACEHOLDERS: Record<string, (f: LegalFacts) => string> = {
  "{nomeLoja}": (f) => f.nomeLoja,
  "{razaoSocial}": (f) => f.razaoSocial,
  "{cnpj}": (f) => f.cnpj,
  "{endereco}": (f) => f.endereco,
  "{email}": (f) => f.email,
  "{telefone}": (f) => f.telefone,
  "{encarregado}": (f) => f.encarregado,
  "{encarregadoEmail}": (f) => f.encarregadoEmail,
  "{retencaoMeses}": (f) => (f.retencaoMeses === 1 ? "1 mês" : `${f.retencaoMeses} meses`),
  "{retencaoEnviosDias}": (f) => `${f.retencaoEnviosDias} dias`,
};

/** The placeholders the admin's editor lists. */
export const LEGAL_PLACEHOLDERS = Object.keys(PLACEHOLDERS);

/** Fills the placeholders of a legal text; an unknown one is left as typed. */
export function fillLegalText(text: string, facts: LegalFacts): string {
  return text.replace(/\{\w+\}/g, (token) => PLACEHOLDERS[token]?.(facts) ?? token);
}

const PRIVACIDADE = `Esta política explica quais dados pessoais a **{nomeLoja}** guarda, para quê, por quanto tempo e como você pode pedir uma cópia ou a exclusão deles, como manda a Lei Geral de Proteção de Dados (Lei 13.709/2018, a LGPD).

## Quem cuida dos seus dados

A controladora dos dados é **{razaoSocial}**, CNPJ {cnpj}, com endereço em {endereco}. Fale com a gente pelo e-mail {email} ou pelo telefone {telefone}.

O encarregado pelo tratamento de dados pessoais é **{encarregado}**, no e-mail {encarregadoEmail}.

## O que guardamos, para quê e com qual base legal

| Dados | Para quê | Base legal (LGPD, art. 7º) |
| --- | --- | --- |
| **Contato**: nome, e-mail, telefone e mensagem do formulário de contato | Responder o que você perguntou | Procedimentos preliminares a pedido do titular (inciso V) e legítimo interesse (inciso IX) |
| **Pedidos da loja online**: nome, telefone, e-mail (opcional), endereço de entrega, bairro, ponto de referência, observações, produtos e valores | Separar, entregar ou preparar para retirada, cobrar e avisar sobre o pedido | Execução do contrato de compra (inciso V) e cumprimento de obrigação legal, como a guarda de registros fiscais (inciso II) |
| **Banho e tosa**: nome do tutor, WhatsApp, e-mail (opcional), nome, espécie, raça, porte, pelagem e cuidados do pet (como "morde" ou alergias), endereço (quando pede leva e traz), observações e **fotos do pet** no pedido de orçamento | Fazer o orçamento, agendar e confirmar o horário, avisar quando o pet está pronto, lembrar na véspera, buscar ou levar o pet e mostrar de novo os seus pets no próximo agendamento (depois de um código enviado ao seu e-mail) | Execução do contrato de serviço e procedimentos preliminares a ele, a seu pedido (inciso V) |
| **Trabalhe conosco**: nome, e-mail, telefone, vaga, mensagem e **currículo em PDF** | Avaliar a sua candidatura | Procedimentos preliminares a um contrato de trabalho, a seu pedido (inciso V) |
| **Conta de cliente** (opcional, sem senha): e-mail confirmado por código, nome, telefone, **endereços de entrega salvos**, aparelhos conectados (navegador e datas de acesso) | Mostrar seus pedidos e agendamentos feitos com esse e-mail, preencher o checkout e o agendamento por você | Execução do contrato, a seu pedido (inciso V) |
| **Pets da conta**: nome, espécie, raça, porte, pelagem, nascimento, sexo, castração, **cuidados** (alergias, comportamento), veterinário, RG Pet, **foto**, **pesos**, **vacinas** (com a foto do comprovante) e as anotações da equipe do banho e tosa | Cuidar do pet com segurança no banho e tosa (a equipe vê os cuidados e a validade das vacinas em cada atendimento) e preencher o agendamento | Execução do contrato de serviço (inciso V) e proteção da vida e da saúde do animal sob nossos cuidados (legítimo interesse, inciso IX) |
| **Preferências de e-mail e "avise-me quando chegar"**: o e-mail, o produto esperado e cada sim ou não que você deu, com data e onde (conta, e-mail, checkout) | Enviar só os e-mails que você aceitou e provar essa escolha | Consentimento (inciso I), revogável a qualquer momento |

Não pedimos CPF, não vendemos nem alugamos dados e não usamos os seus dados para publicidade de terceiros.

## Com quem compartilhamos

Só com quem precisa deles para atender você: o provedor de pagamento do Pix on-line (quando você escolhe essa forma de pagamento), o serviço de e-mail que envia as confirmações do pedido e os sistemas da própria loja que recebem os pedidos. Autoridades recebem dados apenas quando a lei exige.

## Por quanto tempo

- **Currículos** (incluindo o PDF) e **fotos de pets** enviadas nos pedidos de banho e tosa são apagados automaticamente **{retencaoMeses}** depois do envio.
- **E-mails que a loja enviou a você** (confirmações e avisos do pedido ou do agendamento) têm o conteúdo apagado **{retencaoEnviosDias}** depois do envio; fica só o registro de que foram enviados.
- **Pedidos da loja** ficam guardados enquanto a lei fiscal e de defesa do consumidor exigir (em geral, 5 anos). Depois de um pedido de exclusão, os seus dados pessoais são apagados e ficam só os valores, para a contabilidade.
- **Mensagens de contato** ficam apenas no e-mail e no WhatsApp da loja, pelo tempo necessário para responder.
- **Conta de cliente, endereços e pets** (com pesos, vacinas e fotos) ficam enquanto a conta existir; você pode excluí-la quando quiser. Um aparelho conectado sai sozinho depois de 30 dias sem uso (ou 90 dias no total).
- **Pedidos de "avise-me quando chegar"** terminam quando o e-mail é enviado ou quando você cancela.

## E-mails que você recebe

Cada e-mail tem um motivo: **e-mails sobre os seus pedidos**, **lembretes dos agendamentos de banho e tosa**, **aviso quando um produto esgotado chegar** e **novidades e promoções** (esta só se você disser sim). Você desliga cada um em **Minha conta → Dados e privacidade** ou em um clique no link do rodapé de cada e-mail. O código de acesso e a confirmação de um pedido que você acabou de fazer sempre chegam, porque são a resposta ao que você pediu.

## Cookies

O site usa **apenas cookies necessários** ao funcionamento: a lembrança dos seus pedidos recentes neste aparelho, as mensagens de confirmação depois de enviar um formulário e a sessão de quem entrou na sua conta de cliente e a sessão de quem trabalha no painel da loja. O carrinho fica guardado no próprio navegador (ou, com o JavaScript desligado, num cookie do carrinho com os produtos e quantidades escolhidos). Não usamos cookies de publicidade nem de análise, nossos ou de terceiros; por isso não há aviso de cookies para aceitar.

## Seus direitos

Pela LGPD (art. 18), você pode, a qualquer momento e sem custo:

- confirmar se guardamos dados seus e **receber uma cópia** deles;
- corrigir dados incompletos, inexatos ou desatualizados;
- pedir a **exclusão** ou a anonimização dos dados (guardamos só o que a lei obriga, como os valores dos pedidos);
- saber com quem compartilhamos seus dados;
- revogar um consentimento e reclamar à Autoridade Nacional de Proteção de Dados (ANPD).

## Como pedir uma cópia ou a exclusão

Se você tem conta, entre com o seu e-mail e vá em **Minha conta → Dados e privacidade**: o botão **Baixar meus dados** entrega na hora um arquivo ZIP com a conta, os endereços, os pets (com pesos, vacinas e fotos), os pedidos, os agendamentos e as suas preferências de e-mail; **Excluir minha conta** apaga a conta, os endereços e os pets e tira os seus dados pessoais dos pedidos e agendamentos (a exclusão espera terminar um pedido ou agendamento em andamento).

Sem conta, envie um e-mail para **{encarregadoEmail}** (ou fale conosco no telefone {telefone}) dizendo o telefone ou o e-mail que você usou nos pedidos, no orçamento ou no currículo. Para proteger você, podemos pedir uma confirmação de que o telefone ou o e-mail é seu. Respondemos em até 15 dias: a cópia vai em um arquivo ZIP com os pedidos, os pedidos de banho e tosa com as fotos e os currículos com os PDFs.

## Mudanças nesta política

Quando esta política mudar, a versão nova é publicada nesta página.`;

const TROCAS = `Queremos que você fique satisfeito com cada compra na **{nomeLoja}**. Estas são as regras de troca e devolução da loja online, de acordo com o Código de Defesa do Consumidor (Lei 8.078/1990).

## Direito de arrependimento: 7 dias

Nas compras feitas **pela loja online** (fora do balcão da loja física), você pode desistir da compra em até **7 dias corridos** contados do recebimento do produto ou da retirada, sem precisar dizer o motivo (CDC, art. 49).

- Avise pelo e-mail {email} ou pelo telefone {telefone}, informando o número do pedido.
- O produto deve voltar com o que veio junto (embalagem, manual, brindes), de preferência sem uso além do necessário para conferi-lo.
- Devolvemos **todo o valor pago, incluindo a taxa de entrega**, pela mesma forma de pagamento (no Pix, para a mesma conta de origem).
- Combinamos com você a busca do produto, sem custo, ou a devolução em uma das nossas unidades.

## Produto com defeito

Se o produto apresentar defeito, você tem **30 dias** (produtos não duráveis, como rações e petiscos) ou **90 dias** (produtos duráveis, como comedouros, coleiras e acessórios) para reclamar (CDC, art. 26). Resolvemos em até 30 dias com a troca do produto, a devolução do valor ou o abatimento proporcional do preço, como você preferir (CDC, art. 18).

## Troca por gosto, tamanho ou cor

Na loja física, a troca de um produto sem defeito é uma cortesia: aceitamos em até **30 dias** com a nota ou o número do pedido, o produto sem uso e na embalagem original.

## Produtos que pedem cuidado

Medicamentos veterinários, rações e petiscos com a embalagem aberta não podem voltar à venda. Eles continuam cobertos pelo direito de arrependimento e pela garantia contra defeitos; se houver algum problema, fale com a gente antes de descartar o produto.

## Como falar com a gente

**{razaoSocial}**, CNPJ {cnpj}, {endereco}. E-mail {email}, telefone {telefone}.`;

const TERMOS = `Estes termos valem para o uso do site e da loja online da **{nomeLoja}**, mantidos por **{razaoSocial}**, CNPJ {cnpj}, com endereço em {endereco}.

## Pedidos

- Os preços, as promoções e o estoque mostrados no site valem para os pedidos feitos pela loja online enquanto estiverem publicados. O valor final (produtos, cupom, desconto do Pix e taxa de entrega) aparece no resumo antes de você confirmar.
- O pedido é confirmado quando você vê a página do pedido com o número dele. Se um produto acabar depois da compra, avisamos e você escolhe entre trocar o produto ou receber o valor de volta.
- A entrega é feita nos bairros atendidos, na janela de horário escolhida. Na retirada, mostre o código de retirada no balcão da unidade escolhida.

## Pagamento

O pagamento pode ser feito pelas formas oferecidas no checkout. Pedidos com Pix on-line que não forem pagos no prazo mostrado são cancelados automaticamente.

## Trocas, devoluções e arrependimento

Você tem **7 dias** para desistir de uma compra feita pela loja online, com a devolução de todo o valor pago. Veja as regras completas em [Trocas e devoluções](/trocas-e-devolucoes).

## Banho e tosa e currículos

O agendamento de banho e tosa pelo site reserva o horário de entrega do pet escolhido; ele pode começar como "Solicitado" até a equipe confirmar, e pode ser reagendado ou cancelado pela página do agendamento até o prazo mostrado nela. O preço do site é estimado pelo porte e pela pelagem informados e pode mudar na chegada do pet; o preço de um orçamento com fotos é fechado. Currículos enviados pelo site são usados apenas para os processos seletivos da loja.

## Conta de cliente

A conta é opcional: dá para comprar e agendar sem ela. Você entra com um código de 6 dígitos enviado ao seu e-mail, sem senha; quem tiver acesso ao seu e-mail consegue entrar, então proteja-o. Os pets que você cadastra servem para o banho e tosa: porte e pelagem informados por você definem o preço estimado e são conferidos pela equipe na chegada do pet. Mantenha os cuidados (alergias, comportamento) e as vacinas em dia; a equipe pode recusar um atendimento com vacina vencida. Você pode baixar seus dados ou excluir a conta em **Minha conta → Dados e privacidade**.

## Seus dados

O que guardamos, por quanto tempo e como pedir uma cópia ou a exclusão está na [Política de privacidade](/privacidade).

## Contato

E-mail {email}, telefone {telefone}. Estes termos seguem as leis brasileiras, em especial o Código de Defesa do Consumidor; o foro é o do domicílio do consumidor.`;

/** The default text of each page, used while the admin has not written one. */
export const DEFAULT_LEGAL_TEXTS: Record<LegalPageKey, string> = {
  privacidade: PRIVACIDADE,
  trocas: TROCAS,
  termos: TERMOS,
};
