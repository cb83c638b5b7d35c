// The admin menu (SPEC §2.3, plus the grooming agenda of issue 28), each with a short description.
import {
  CalendarDays,
  FileText,
  FlaskConical,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  MapPin,
  Package,
  Repeat,
  Scale,
  Scissors,
  Settings,
  ShieldCheck,
  Store,
  Timer,
  Upload,
  Users,
  Wallet,
} from "lucide-react";
import { LOJA_VIEW_ACCESS } from "~/components/admin/loja/view-nav";
import type { AdminHandle } from "~/domain/permissions";

export interface AdminNavItem {
  to: string;
  label: string;
  description: string;
  icon: LucideIcon;
  /** Who sees the entry: the capability its page's loader requires (decision 0068). */
  capability: AdminHandle["capability"];
}

export const ADMIN_NAV: AdminNavItem[] = [
  {
    to: "/admin/dashboard",
    label: "Dashboard",
    description: "Vendas e resumo do dia",
    icon: LayoutDashboard,
    capability: "pedidos.ver",
  },
  {
    to: "/admin/fechamento",
    label: "Fechamento do dia",
    description: "Recebido por forma e pessoa",
    icon: Wallet,
    capability: "relatorios.ver",
  },
  {
    to: "/admin/loja",
    label: "Loja Online",
    description: "Produtos, pedidos e cupons",
    icon: Store,
    capability: [...new Set(Object.values(LOJA_VIEW_ACCESS).flat())],
  },
  {
    to: "/admin/estoque",
    label: "Estoque",
    description: "Quantidades por unidade",
    icon: Package,
    capability: "estoque.ver",
  },
  {
    to: "/admin/unidades",
    label: "Unidades",
    description: "Endereços e horários",
    icon: MapPin,
    capability: "unidades.editar",
  },
  {
    to: "/admin/curriculos",
    label: "Currículos",
    description: "Candidaturas recebidas",
    icon: FileText,
    capability: "curriculos.ver",
  },
  {
    to: "/admin/servicos",
    label: "Serviços",
    description: "Orçamentos de Banho & Tosa",
    icon: Scissors,
    capability: "orcamentos.atender",
  },
  {
    to: "/admin/servicos/agenda",
    label: "Agenda Banho & Tosa",
    description: "Agendamentos do dia",
    icon: CalendarDays,
    capability: "agenda.ver",
  },
  {
    to: "/admin/importar",
    label: "Importar",
    description: "Produtos por CSV",
    icon: Upload,
    capability: "catalogo.importar",
  },
  {
    to: "/admin/emails",
    label: "E-mails",
    description: "E-mails enviados",
    icon: Mail,
    capability: "emails.ver",
  },
  {
    to: "/admin/equipe",
    label: "Equipe",
    description: "Pessoas, papéis e convites",
    icon: Users,
    capability: "equipe.gerenciar",
  },
  {
    to: "/admin/security",
    label: "Segurança",
    description: "Auditoria e bloqueios",
    icon: ShieldCheck,
    capability: "seguranca.gerenciar",
  },
  {
    to: "/admin/assinaturas",
    label: "Compra programada",
    description: "Previsão, assinaturas e descontos",
    icon: Repeat,
    capability: "assinaturas.gerir",
  },
  {
    to: "/admin/rotinas",
    label: "Rotinas",
    description: "Tarefas automáticas",
    icon: Timer,
    capability: "rotinas.ver",
  },
  {
    to: "/admin/configuracoes",
    label: "Configurações",
    description: "Webhooks e WhatsApp",
    icon: Settings,
    capability: "site.configurar",
  },
  {
    to: "/admin/privacidade",
    label: "Privacidade",
    description: "LGPD e textos legais",
    icon: Scale,
    capability: "privacidade.gerenciar",
  },
  {
    to: "/admin/testes",
    label: "Testes",
    description: "Testes do sistema",
    icon: FlaskConical,
    capability: "site.configurar",
  },
];
