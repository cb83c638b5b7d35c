// Static customer testimonials of the home page (SPEC §3): 5 stars each.
export interface Testimonial {
  name: string;
  pet: string;
  text: string;
  rating: 5;
}

export const testimonials: readonly Testimonial[] = [
  {
    name: "Mariana S.",
    pet: "tutora da Mel, golden retriever",
    text: "Atendimento nota dez! Me ajudaram a escolher a ração certa para a Mel, que tem estômago sensível, e ainda entregaram em casa no mesmo dia.",
    rating: 5,
  },
  {
    name: "Carlos E.",
    pet: "tutor do Thor e da Luna",
    text: "Mandei as fotos pelo site, recebi o orçamento do banho rapidinho e os dois voltaram cheirosos e tranquilos. Virei cliente fiel.",
    rating: 5,
  },
  {
    name: "Dona Lurdes",
    pet: "criadora de galinhas caipiras",
    text: "Encontro tudo para o meu sítio sem precisar ir até a cidade vizinha: ração, sementes, ferramentas. E o pessoal sempre explica com paciência.",
    rating: 5,
  },
  {
    name: "Rafael M.",
    pet: "tutor do Nemo e companhia",
    text: "Montei meu primeiro aquário com a orientação da equipe. Preço justo, produto de qualidade e muita atenção. Recomendo demais!",
    rating: 5,
  },
];
