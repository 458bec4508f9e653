/**
 * Landing content (docs/product/public-pages.md#content-validity-and-loading). Rows of
 * `landing_content` are keyed by section:
 * - 'landing_page': the marketing texts of `/` (LandingPageContent),
 * - 'videos': the hero videos and which one is active (VideosContent).
 *
 * Texts may contain the token `{product}`, replaced by the product name (an admin setting,
 * default 'Sintonia') when shown — see `withProductName`.
 *
 * Two levels of checking, on purpose:
 * - `landingPageContentSchema` is strict enough for admin saves (required titles, lengths, known
 *   icons, safe links, pt-BR messages). Unknown keys are stripped, not refused.
 * - `isValidLandingContent` is the product's looser read-side rule: stored content that passes it is
 *   shown as is, anything else is replaced by DEFAULT_LANDING_CONTENT.
 */
import { DEFAULT_PRODUCT_NAME } from '../common/constants.js'
import { isValidLandingContent } from './landing-rules.js'
import type { LandingPageContent, LandingVideo, VideosContent } from './landing-schema.js'

// Pure data and rules only: no zod here, so the landing page can use them without loading it.
// The zod schemas (admin writes, API responses) live in landing-schema.ts.
export type { LandingPageContent, LandingVideo, VideosContent } from './landing-schema.js'
export { DEFAULT_VIDEO_CONTROLS, type VideoControls } from './video.js'


export const LANDING_SECTION = { landingPage: 'landing_page', videos: 'videos' } as const
export type LandingSection = (typeof LANDING_SECTION)[keyof typeof LANDING_SECTION]

/** The token replaced by the product name in every landing text. */
export const PRODUCT_TOKEN = '{product}'

/**
 * The price comparison's row of the product itself: the only row whose yearly price is the annual
 * plan's real one when the plans are known (docs/product/public-pages.md#price-comparison). Every
 * other row, highlighted or not, shows the price the admin typed.
 */
export const OWN_PLAN_OPTION_ID = 'plano-anual'

export {
  LANDING_BADGE_MAX,
  LANDING_BUTTON_MAX,
  LANDING_ITEM_ID_MAX,
  LANDING_LINK_MAX,
  LANDING_PRICE_MAX,
  LANDING_TEXT_MAX,
  LANDING_TITLE_MAX,
  isValidLandingContent,
} from './landing-rules.js'


// ---------------------------------------------------------------------------------------------
// Default content (21 days, 20 minutes a day; price comparison; the footer's year is the current one):
// docs/product/public-pages.md#default-content
// ---------------------------------------------------------------------------------------------

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}

/** Built-in content used when nothing valid is stored. Deeply frozen: clone before editing. */
export const DEFAULT_LANDING_CONTENT: LandingPageContent = deepFreeze({
  hero: {
    title: 'Reprograme sua mente em',
    titleHighlight: '21 dias',
    subtitle:
      'Áudios guiados de 20 minutos por dia para cultivar novos hábitos, mais foco e equilíbrio emocional — no seu ritmo, onde você estiver.',
    ctaText: 'Quero Começar Agora',
    demoText: 'Ouvir Demonstração Grátis',
  },
  whatIsProduct: {
    enabled: true,
    title: 'O que é o {product}?',
    subtitle:
      'O {product} é uma biblioteca de áudios guiados de reprogramação mental, organizada em campos de desenvolvimento como autoconfiança, foco, prosperidade e relacionamentos. Cada sessão combina relaxamento, visualização e afirmações para ajudar você a substituir, aos poucos, padrões de pensamento que já não fazem sentido.',
    benefits: [
      {
        id: 'repeticao',
        icon: 'Brain',
        title: 'Repetição que vira hábito',
        description: 'A escuta diária reforça novos padrões de pensamento de forma gradual e consistente.',
      },
      {
        id: 'sessoes-guiadas',
        icon: 'Headphones',
        title: 'Sessões curtas e guiadas',
        description: 'Cerca de 20 minutos por dia, com voz calma e música de fundo para você relaxar e se concentrar.',
      },
      {
        id: 'campos',
        icon: 'Target',
        title: 'Um campo para cada objetivo',
        description: 'Escolha o tema que faz sentido para o seu momento e avance no seu próprio ritmo.',
      },
      {
        id: 'autocuidado',
        icon: 'Heart',
        title: 'Um momento só seu',
        description: 'Uma pausa diária de autocuidado que complementa — e não substitui — acompanhamento profissional.',
      },
    ],
    scientificNote:
      'Inspirado no princípio da neuroplasticidade: a capacidade do cérebro de formar novas conexões por meio da prática repetida. Os resultados variam de pessoa para pessoa, e os áudios não substituem acompanhamento médico ou psicológico.',
  },
  comoFunciona: {
    enabled: true,
    title: 'Como funciona',
    subtitle: 'Começar leva poucos minutos. O resto é constância: 20 minutos por dia, durante 21 dias.',
    steps: [
      {
        id: 'escolha',
        icon: 'Target',
        title: 'Escolha seu campo',
        description: 'Selecione o tema que você quer desenvolver agora: autoconfiança, foco, prosperidade, relacionamentos e outros.',
      },
      {
        id: 'ouca',
        icon: 'Headphones',
        title: 'Ouça com atenção',
        description: 'Coloque seus fones, encontre um lugar tranquilo e deixe a voz guiar você por cerca de 20 minutos.',
      },
      {
        id: 'repita',
        icon: 'RefreshCw',
        title: 'Repita todos os dias',
        description: 'A repetição é o que consolida novos padrões. O contador de repetições ajuda você a manter o ritmo.',
      },
      {
        id: 'evolua',
        icon: 'TrendingUp',
        title: 'Perceba sua evolução',
        description: 'Ao longo de 21 dias, observe como seus pensamentos, escolhas e emoções começam a mudar.',
      },
    ],
    finalNote:
      'Dica: reserve um horário fixo — ao acordar ou antes de dormir — e trate esse momento como um compromisso com você.',
  },
  features: [
    {
      id: 'vinte-minutos',
      icon: 'Clock',
      title: 'Apenas 20 minutos por dia',
      description: 'Sessões que cabem na sua rotina, sem exigir horas de dedicação.',
    },
    {
      id: 'onde-estiver',
      icon: 'Headphones',
      title: 'Ouça onde estiver',
      description: 'No celular, no tablet ou no computador — e também sem internet, com os áudios baixados no app.',
    },
    {
      id: 'repeticao-automatica',
      icon: 'RefreshCw',
      title: 'Repetição automática',
      description: 'Defina quantas vezes cada áudio deve tocar e deixe o player cuidar do resto.',
    },
    {
      id: 'novos-conteudos',
      icon: 'Sparkles',
      title: 'Novos conteúdos todo mês',
      description: 'A biblioteca cresce continuamente com novos áudios e campos de desenvolvimento.',
    },
    {
      id: 'privacidade',
      icon: 'Shield',
      title: 'Privacidade em primeiro lugar',
      description: 'Seus dados são tratados com cuidado e em conformidade com a LGPD.',
    },
    {
      id: 'garantia',
      icon: 'Award',
      title: 'Garantia de satisfação',
      description: 'Experimente sem risco: se não for para você, devolvemos seu dinheiro dentro do prazo de garantia.',
    },
  ],
  priceComparison: {
    enabled: true,
    title: 'Quanto vale cuidar da sua mente?',
    subtitle: 'Compare o investimento anual no {product} com o de alternativas tradicionais de desenvolvimento pessoal.',
    options: [
      {
        id: OWN_PLAN_OPTION_ID,
        icon: 'Sparkles',
        title: '{product} — Plano Anual',
        frequency: 'Acesso ilimitado, todos os dias',
        pricePerYear: 35_880,
        isHighlight: true,
        badge: 'Melhor escolha',
      },
      {
        id: 'terapia-semanal',
        icon: 'Users',
        title: 'Terapia individual',
        frequency: '1 sessão por semana',
        pricePerYear: 720_000,
        isHighlight: false,
      },
      {
        id: 'coaching-semanal',
        icon: 'Target',
        title: 'Coaching pessoal',
        frequency: '1 sessão por semana',
        pricePerYear: 1_200_000,
        isHighlight: false,
      },
      {
        id: 'terapia-intensiva',
        icon: 'Heart',
        title: 'Terapia intensiva',
        frequency: '2 sessões por semana',
        pricePerYear: 1_440_000,
        isHighlight: false,
      },
    ],
    impactText:
      'Com o {product}, você cuida da sua mente todos os dias, o ano inteiro, investindo menos do que custa uma única sessão de terapia por mês.',
    ctaButton: { text: 'Quero Começar Agora', scrollToSection: 'planos' },
  },
  footer: {
    copyright: '© {year} {product}. Todos os direitos reservados.',
    lgpdText:
      'Respeitamos sua privacidade. Seus dados pessoais são tratados conforme a Lei Geral de Proteção de Dados (Lei nº 13.709/2018), e você pode solicitar acesso, correção ou exclusão a qualquer momento.',
    lgpdLink: '/lgpd',
    privacyPolicyLink: '/privacy',
    termsOfServiceLink: '/terms',
  },
})

// ---------------------------------------------------------------------------------------------
// Read side
// ---------------------------------------------------------------------------------------------

/** Replaces every `{product}` token with the product name (DEFAULT_PRODUCT_NAME when the name is blank). */
export function withProductName(text: string, productName: string): string {
  const name = productName.trim() || DEFAULT_PRODUCT_NAME
  // split/join, not replace: a name such as 'R$&Co' must not be read as a replacement pattern.
  return text.split(PRODUCT_TOKEN).join(name)
}

/** In the footer's copyright line: the current year when shown. */
export const YEAR_TOKEN = '{year}'

/**
 * The copyright line the first versions seeded, with the year written in. No admin chose that year,
 * so it follows the current year like the default; any other text an admin saved is kept as written.
 */
const SEEDED_COPYRIGHT = '© 2024 {product}. Todos os direitos reservados.'

/**
 * The footer's copyright line as shown (docs/product/README.md#footer): `{year}` becomes the
 * current year and `{product}` the product name. A year an admin wrote stays.
 */
export function copyrightLine(text: string, productName: string, now: Date = new Date()): string {
  const template = text.trim() === SEEDED_COPYRIGHT ? DEFAULT_LANDING_CONTENT.footer.copyright : text
  return withProductName(template.split(YEAR_TOKEN).join(String(now.getFullYear())), productName)
}

/** The stored content when it passes the read-side rule, otherwise the built-in default. */
export function resolveLandingContent(value: unknown): LandingPageContent {
  return isValidLandingContent(value) ? (value as LandingPageContent) : DEFAULT_LANDING_CONTENT
}

/** No videos, none active. Frozen: build a new object to edit. */
export const DEFAULT_VIDEOS_CONTENT: VideosContent = deepFreeze({ active_video_id: null, videos: [] })

/** The active video of a resolved content, or null. */
export function activeVideo(content: VideosContent): LandingVideo | null {
  return content.videos.find((v) => v.id === content.active_video_id) ?? null
}
