import {
  BarChart3,
  CalendarDays,
  Banknote,
  BadgePercent,
  ClipboardCheck,
  Clapperboard,
  CreditCard,
  FolderTree,
  LayoutDashboard,
  LineChart,
  Mail,
  Music,
  Settings,
  PanelsTopLeft,
  ShieldCheck,
  TrendingUp,
  UsersRound,
  AudioLines,
  type LucideIcon,
} from 'lucide-react'

export interface AdminSection {
  /** Absolute path under /admin (docs/product/README.md#routes). */
  path: string
  label: string
  /** One line shown on the admin home's section cards. */
  description: string
  icon: LucideIcon
}

export interface AdminSectionGroup {
  label: string
  sections: AdminSection[]
}

/**
 * Every admin page, grouped as the navigation shows them. Adding a page: add its route under the
 * `admin` route in app/router.tsx; the entry here is what puts it in the menu and on the home.
 */
export const ADMIN_SECTION_GROUPS: AdminSectionGroup[] = [
  {
    label: 'Conteúdo',
    sections: [
      { path: '/admin/landing', label: 'Página inicial', description: 'Textos, seções e ícones da landing page', icon: PanelsTopLeft },
      { path: '/admin/landing-videos', label: 'Vídeos', description: 'Vídeo de apresentação da landing page', icon: Clapperboard },
      { path: '/admin/fields', label: 'Campos', description: 'Temas que agrupam os áudios e sua ordem', icon: FolderTree },
      { path: '/admin/audios', label: 'Áudios', description: 'Envio, edição e áudio de demonstração', icon: AudioLines },
      { path: '/admin/programas', label: 'Programas', description: 'Jornadas de vários dias, seus áudios e resultados', icon: CalendarDays },
      { path: '/admin/background-music', label: 'Música de fundo', description: 'Faixas ativas e volume global', icon: Music },
      { path: '/admin/validation', label: 'Validação de mídia', description: 'Arquivos ausentes ou ilegíveis', icon: ClipboardCheck },
    ],
  },
  {
    label: 'Vendas',
    sections: [
      { path: '/admin/subscription-plans', label: 'Planos', description: 'Planos de assinatura e promoções', icon: CreditCard },
      { path: '/admin/pricing', label: 'Preços', description: 'Preço exibido e promoção vigente', icon: BadgePercent },
      { path: '/admin/garantia', label: 'Garantia', description: 'Pedidos de reembolso e prazo de garantia', icon: ShieldCheck },
      { path: '/admin/financial', label: 'Financeiro', description: 'Receita, MRR, assinaturas e reembolsos', icon: Banknote },
    ],
  },
  {
    label: 'Pessoas',
    sections: [
      { path: '/admin/users', label: 'Usuários', description: 'Ouvintes, acessos, administradores e bloqueios', icon: UsersRound },
      { path: '/admin/communication', label: 'Comunicação', description: 'Leads, envio de e-mails e caixa de saída', icon: Mail },
      { path: '/admin/settings', label: 'Configurações', description: 'Nome do produto, e-mail de suporte e garantia', icon: Settings },
    ],
  },
  {
    label: 'Análises',
    sections: [
      { path: '/admin/stats', label: 'Estatísticas de escuta', description: 'Reproduções e repetições por dia, campo e áudio', icon: BarChart3 },
      { path: '/admin/analytics', label: 'Analytics', description: 'Eventos, usuários únicos e atividade diária', icon: LineChart },
      { path: '/admin/analytics-advanced', label: 'Analytics avançado', description: 'Funil de leads e áudios mais ouvidos', icon: TrendingUp },
    ],
  },
]

export const ADMIN_HOME_SECTION: AdminSection = {
  path: '/admin',
  label: 'Início',
  description: 'Resumo da área administrativa',
  icon: LayoutDashboard,
}

export const ADMIN_SECTIONS: AdminSection[] = ADMIN_SECTION_GROUPS.flatMap((group) => group.sections)
