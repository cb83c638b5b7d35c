// The chat text composed by the contact form (SPEC §7.6): name, pet, phone, e-mail, message.
export function contactChatMessage(values: {
  nome: string;
  telefone: string;
  email?: string | null;
  pet?: string | null;
  mensagem: string;
}): string {
  const lines = [
    `Olá! Meu nome é ${values.nome.trim()}.`,
    values.pet?.trim() ? `Pet: ${values.pet.trim()}` : null,
    `Telefone: ${values.telefone.trim()}`,
    values.email?.trim() ? `E-mail: ${values.email.trim()}` : null,
    "",
    values.mensagem.trim(),
  ];
  return lines.filter((line) => line !== null).join("\n");
}
