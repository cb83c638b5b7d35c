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
  Scale,
  Scissors,
  Settings,
  ShieldCheck,
  Store,
  Timer,
  Upload,
  Users,
} from "lucide-react";

export interface AdminNavItem {
  to: string;
  label: string;
  description: string;
  icon: LucideIcon;
}

export const ADMIN_NAV: AdminNavItem[] = [
  {
    to: "/admin/dashboard",
    label: "Dashboard",
    description: "Vendas e resumo do dia",
    icon: LayoutDashboard,
  },
  {
    to: "/admin/loja",
    label: "Loja Online",
    description: "Produtos, pedidos e cupons",
    icon: Store,
  },
  {
    to: "/admin/estoque",
    label: "Estoque",
    description: "Quantidades por unidade",
    icon: Package,
  },
  {
    to: "/admin/unidades",
    label: "Unidades",
    description: "Endereços e horários",
    icon: MapPin,
  },
  {
    to: "/admin/curriculos",
    label: "Currículos",
    description: "Candidaturas recebidas",
    icon: FileText,
  },
  {
    to: "/admin/servicos",
    label: "Serviços",
    description: "Orçamentos de Banho & Tosa",
    icon: Scissors,
  },
  {
    to: "/admin/servicos/agenda",
    label: "Agenda Banho & Tosa",
    description: "Agendamentos do dia",
    icon: CalendarDays,
  },
  { to: "/admin/importar", label: "Importar", description: "Produtos por CSV", icon: Upload },
  {
    to: "/admin/emails",
    label: "E-mails",
    description: "E-mails enviados",
    icon: Mail,
  },
  { to: "/admin/equipe", label: "Equipe", description: "Pessoas, papéis e convites", icon: Users },
  {
    to: "/admin/security",
    label: "Segurança",
    description: "Auditoria e bloqueios",
    icon: ShieldCheck,
  },
  {
    to: "/admin/rotinas",
    label: "Rotinas",
    description: "Tarefas automáticas",
    icon: Timer,
  },
  {
    to: "/admin/configuracoes",
    label: "Configurações",
    description: "Webhooks e WhatsApp",
    icon: Settings,
  },
  {
    to: "/admin/privacidade",
    label: "Privacidade",
    description: "LGPD e textos legais",
    icon: Scale,
  },
  { to: "/admin/testes", label: "Testes", description: "Testes do sistema", icon: FlaskConical },
];
