/**
 * zod schemas of the landing content: strict enough for admin saves, and the GET /api/landing
 * response. The pure defaults and read-side rules are in landing.ts (no zod there).
 */
import { z } from 'zod'
import { ICON_NAMES } from '../common/icons.js'
import { isHttpUrl, isSafeLink, looksLikeHtml, parseEmbedHtml, toYouTubeEmbedUrl, VIDEO_TYPES } from './video.js'
import { videoControlsSchema } from './video-schema.js'
import {
  isValidLandingContent,
  LANDING_BADGE_MAX,
  LANDING_BUTTON_MAX,
  LANDING_ITEM_ID_MAX,
  LANDING_LINK_MAX,
  LANDING_PRICE_MAX,
  LANDING_TEXT_MAX,
  LANDING_TITLE_MAX,
} from './landing-rules.js'

export { videoControlsSchema } from './video-schema.js'

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

// ---------------------------------------------------------------------------------------------
// Building blocks (every message is pt-BR and names the field the admin sees)
// ---------------------------------------------------------------------------------------------

/** Error for a wrong type: 'Preencha o campo' when the key is missing, else what it must be. */
const typeError =
  (label: string, mustBe: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? `Preencha o campo "${label}"` : `"${label}" deve ser ${mustBe}`

/** A text that may be empty (subtitles, notes, descriptions). */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: typeError(label, 'um texto') })
    .trim()
    .max(max, { error: `"${label}" deve ter no máximo ${max} caracteres` })

/** A text that must not be blank (titles, button labels). */
const requiredText = (label: string, max: number) =>
  z
    .string({ error: typeError(label, 'um texto') })
    .trim()
    .min(1, { error: `Preencha o campo "${label}"` })
    .max(max, { error: `"${label}" deve ter no máximo ${max} caracteres` })

const enabledFlag = z.boolean({ error: typeError('Exibir seção', 'verdadeiro ou falso') })

const itemId = z
  .string({ error: typeError('Identificador do item', 'um texto') })
  .trim()
  .min(1, { error: 'O identificador do item é obrigatório' })
  .max(LANDING_ITEM_ID_MAX, { error: `O identificador do item deve ter no máximo ${LANDING_ITEM_ID_MAX} caracteres` })

const iconSchema = z.enum(ICON_NAMES, { error: 'Ícone inválido. Escolha um dos ícones disponíveis.' })

const linkSchema = (label: string) =>
  z
    .string({ error: typeError(label, 'um texto') })
    .trim()
    .min(1, { error: `Preencha o campo "${label}"` })
    .max(LANDING_LINK_MAX, { error: `"${label}" deve ter no máximo ${LANDING_LINK_MAX} caracteres` })
    .refine(isSafeLink, { error: `"${label}" deve ser um caminho iniciado por "/" ou um endereço http(s)://` })

/** A list of items with unique ids, between min and max entries. */
const itemList = <T extends z.ZodType<{ id: string }>>(item: T, label: string, min: number, max: number) =>
  z
    .array(item, { error: `"${label}" deve ser uma lista` })
    .min(min, { error: `Adicione pelo menos ${min} item em "${label}"` })
    .max(max, { error: `"${label}" aceita no máximo ${max} itens` })
    .superRefine((items, ctx) => {
      const seen = new Set<string>()
      items.forEach((entry, index) => {
        if (seen.has(entry.id)) {
          ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `Identificador repetido em "${label}": ${entry.id}` })
        }
        seen.add(entry.id)
      })
    })

/** An enabled section needs at least one item in its list. */
const requireItemsWhenEnabled =
  <K extends string>(key: K, message: string) =>
  (section: { enabled: boolean } & Record<K, unknown[]>, ctx: z.RefinementCtx) => {
    if (section.enabled && section[key].length === 0) ctx.addIssue({ code: 'custom', path: [key], message })
  }

// ---------------------------------------------------------------------------------------------
// Section 'landing_page'
// ---------------------------------------------------------------------------------------------

export const landingHeroSchema = z.object(
  {
    title: requiredText('Título', LANDING_TITLE_MAX),
    /** Shown right after `title`, separated by a space, in the highlight colour. */
    titleHighlight: optionalText('Destaque do título', LANDING_TITLE_MAX),
    subtitle: optionalText('Subtítulo', LANDING_TEXT_MAX),
    ctaText: requiredText('Texto do botão principal', LANDING_BUTTON_MAX),
    demoText: requiredText('Texto do botão de demonstração', LANDING_BUTTON_MAX),
  },
  { error: 'A seção principal (hero) deve ser um objeto' },
)
export type LandingHero = z.infer<typeof landingHeroSchema>

/** A card with an icon: benefits, steps and features share this shape. */
export const landingIconItemSchema = z.object(
  {
    id: itemId,
    icon: iconSchema,
    title: requiredText('Título do item', LANDING_TITLE_MAX),
    description: optionalText('Descrição do item', LANDING_TEXT_MAX),
  },
  { error: 'Cada item deve ser um objeto' },
)
export type LandingIconItem = z.infer<typeof landingIconItemSchema>
export type LandingBenefit = LandingIconItem
export type LandingStep = LandingIconItem
export type LandingFeature = LandingIconItem

/**
 * DECISION: the product names this key `whatIs{product}` (e.g. `whatIsSintonia`). It is stored under
 * the fixed key `whatIsProduct`, because the product name is an admin setting and a storage key
 * must not change when the name does. Its texts use the `{product}` token instead.
 */
export const landingWhatIsProductSchema = z
  .object(
    {
      enabled: enabledFlag,
      title: requiredText('Título da seção "O que é"', LANDING_TITLE_MAX),
      subtitle: optionalText('Subtítulo da seção "O que é"', LANDING_TEXT_MAX),
      benefits: itemList(landingIconItemSchema, 'Benefícios', 0, 8),
      scientificNote: optionalText('Nota científica', LANDING_TEXT_MAX),
    },
    { error: 'A seção "O que é" deve ser um objeto' },
  )
  .superRefine(requireItemsWhenEnabled('benefits', 'Adicione pelo menos um benefício ou oculte a seção "O que é"'))
export type LandingWhatIsProduct = z.infer<typeof landingWhatIsProductSchema>

export const landingComoFuncionaSchema = z
  .object(
    {
      enabled: enabledFlag,
      title: requiredText('Título da seção "Como funciona"', LANDING_TITLE_MAX),
      subtitle: optionalText('Subtítulo da seção "Como funciona"', LANDING_TEXT_MAX),
      /** Shown numbered as 'Etapa N'. */
      steps: itemList(landingIconItemSchema, 'Etapas', 0, 8),
      finalNote: optionalText('Nota final', LANDING_TEXT_MAX),
    },
    { error: 'A seção "Como funciona" deve ser um objeto' },
  )
  .superRefine(requireItemsWhenEnabled('steps', 'Adicione pelo menos uma etapa ou oculte a seção "Como funciona"'))
export type LandingComoFunciona = z.infer<typeof landingComoFuncionaSchema>

export const landingFeaturesSchema = itemList(landingIconItemSchema, 'Diferenciais', 1, 12)

export const priceComparisonOptionSchema = z.object(
  {
    id: itemId,
    icon: iconSchema,
    title: requiredText('Nome da opção', LANDING_TITLE_MAX),
    /** e.g. '1 sessão por semana'. */
    frequency: requiredText('Frequência', LANDING_TITLE_MAX),
    /** Integer centavos per year (money is always integer minor units); show with formatMoney. */
    pricePerYear: z
      .number({ error: typeError('Preço anual', 'um número inteiro de centavos') })
      .int({ error: 'O preço anual deve ser um número inteiro de centavos' })
      .min(0, { error: 'O preço anual não pode ser negativo' })
      .max(LANDING_PRICE_MAX, { error: 'O preço anual é alto demais' }),
    isHighlight: z.boolean({ error: typeError('Destacar opção', 'verdadeiro ou falso') }),
    badge: optionalText('Selo', LANDING_BADGE_MAX).optional(),
  },
  { error: 'Cada opção de comparação deve ser um objeto' },
)
export type PriceComparisonOption = z.infer<typeof priceComparisonOptionSchema>

export const landingPriceComparisonSchema = z
  .object(
    {
      enabled: enabledFlag,
      title: requiredText('Título da comparação de preços', LANDING_TITLE_MAX),
      subtitle: optionalText('Subtítulo da comparação de preços', LANDING_TEXT_MAX),
      options: itemList(priceComparisonOptionSchema, 'Opções de comparação', 0, 6).refine(
        (options) => options.filter((o) => o.isHighlight).length <= 1,
        { error: 'Apenas uma opção pode ficar em destaque' },
      ),
      impactText: optionalText('Texto de impacto', LANDING_TEXT_MAX),
      ctaButton: z.object(
        {
          text: requiredText('Texto do botão da comparação', LANDING_BUTTON_MAX),
          /** Element id of the section the button scrolls to (default 'planos'). */
          scrollToSection: z
            .string({ error: typeError('Seção de destino', 'um texto') })
            .trim()
            .regex(/^[A-Za-z][\w-]{0,63}$/, {
              error: '"Seção de destino" deve ser o id de uma seção (letras, números, "-" ou "_"), ex.: planos',
            }),
        },
        { error: 'O botão da comparação deve ser um objeto' },
      ),
    },
    { error: 'A comparação de preços deve ser um objeto' },
  )
  .superRefine(
    requireItemsWhenEnabled('options', 'Adicione pelo menos uma opção ou oculte a comparação de preços'),
  )
export type LandingPriceComparison = z.infer<typeof landingPriceComparisonSchema>

export const landingFooterSchema = z.object(
  {
    copyright: requiredText('Direitos autorais', LANDING_TITLE_MAX),
    lgpdText: optionalText('Texto LGPD', LANDING_TEXT_MAX),
    lgpdLink: linkSchema('Link LGPD'),
    privacyPolicyLink: linkSchema('Link da política de privacidade'),
    termsOfServiceLink: linkSchema('Link dos termos de uso'),
  },
  { error: 'O rodapé deve ser um objeto' },
)
export type LandingFooter = z.infer<typeof landingFooterSchema>

/** Full content of section 'landing_page', as an admin saves it. */
export const landingPageContentSchema = z.object(
  {
    hero: landingHeroSchema,
    whatIsProduct: landingWhatIsProductSchema,
    comoFunciona: landingComoFuncionaSchema,
    features: landingFeaturesSchema,
    priceComparison: landingPriceComparisonSchema,
    footer: landingFooterSchema,
  },
  { error: 'O conteúdo da página inicial deve ser um objeto' },
)
export type LandingPageContent = z.infer<typeof landingPageContentSchema>

/**
 * Content as read: passes through unchanged anything `isValidLandingContent` accepts, so a
 * resolved content always parses. Typed as LandingPageContent, but only the top-level shape is
 * guaranteed — render inner fields defensively.
 */
export const landingPageContentReadSchema = z
  .custom<LandingPageContent>(isValidLandingContent, { error: 'Conteúdo da página inicial inválido' })
  .describe('Conteúdo da seção landing_page (hero, whatIsProduct, comoFunciona, features, priceComparison, footer)')

// ---------------------------------------------------------------------------------------------
// Section 'videos'
// ---------------------------------------------------------------------------------------------

/** Pasted embed HTML may be long; URLs are far shorter. */
export const LANDING_VIDEO_URL_MAX = 20_000

function videoUrlIssue(type: (typeof VIDEO_TYPES)[number], url: string): string | null {
  switch (type) {
    case 'youtube':
      return toYouTubeEmbedUrl(url) ? null : 'Link do YouTube inválido. Use um link de vídeo como https://www.youtube.com/watch?v=…'
    case 'upload':
      return isSafeLink(url) ? null : 'Endereço do vídeo enviado inválido'
    case 'embed':
      if (looksLikeHtml(url)) {
        return parseEmbedHtml(url) ? null : 'Código de incorporação inválido: use um iframe com endereço http(s)://'
      }
      return isHttpUrl(url) ? null : 'Informe um endereço http(s):// ou cole o código de incorporação do player'
  }
}

export const landingVideoSchema = z
  .object(
    {
      id: itemId,
      type: z.enum(VIDEO_TYPES, { error: 'Tipo de vídeo inválido: use upload, youtube ou embed' }),
      /** File URL (upload), YouTube link (youtube), or partner-player URL / pasted HTML (embed). */
      url: z
        .string({ error: 'O endereço do vídeo deve ser um texto' })
        .trim()
        .min(1, { error: 'Informe o endereço do vídeo' })
        .max(LANDING_VIDEO_URL_MAX, { error: 'O endereço ou código do vídeo é longo demais' }),
      title: optionalText('Título do vídeo', LANDING_TITLE_MAX).default(''),
      video_controls: videoControlsSchema.default(() => videoControlsSchema.parse({})),
      /** Uploaded videos: the frame at 1 s the admin's browser drew (a same-site path). */
      thumbnail_url: z
        .string()
        .trim()
        .max(LANDING_LINK_MAX)
        .refine(isSafeLink, { error: 'Endereço da miniatura inválido' })
        .optional(),
      created_at: z.string({ error: 'A data de criação do vídeo deve ser um texto' }),
    },
    { error: 'Cada vídeo deve ser um objeto' },
  )
  .superRefine((video, ctx) => {
    const issue = videoUrlIssue(video.type, video.url)
    if (issue) ctx.addIssue({ code: 'custom', path: ['url'], message: issue })
  })
export type LandingVideo = z.infer<typeof landingVideoSchema>

export const videosContentSchema = z
  .object(
    {
      active_video_id: z.string({ error: 'O vídeo ativo deve ser um identificador' }).nullable(),
      videos: z.array(landingVideoSchema, { error: '"Vídeos" deve ser uma lista' }),
    },
    { error: 'O conteúdo de vídeos deve ser um objeto' },
  )
  .superRefine((content, ctx) => {
    const ids = new Set<string>()
    content.videos.forEach((video, index) => {
      if (ids.has(video.id)) ctx.addIssue({ code: 'custom', path: ['videos', index, 'id'], message: 'Identificador de vídeo repetido' })
      ids.add(video.id)
    })
    if (content.active_video_id !== null && !ids.has(content.active_video_id)) {
      ctx.addIssue({ code: 'custom', path: ['active_video_id'], message: 'O vídeo ativo não está na lista de vídeos' })
    }
  })
export type VideosContent = z.infer<typeof videosContentSchema>

/**
 * Stored 'videos' content made usable: videos that fail the schema are dropped one by one (the
 * others survive), repeated ids keep their first video, and an active id that no longer points
 * to a kept video becomes null. Anything that is not an object gives the default (no videos).
 */
export function resolveVideosContent(value: unknown): VideosContent {
  if (!isObject(value)) return { active_video_id: null, videos: [] }
  const videos: LandingVideo[] = []
  const ids = new Set<string>()
  for (const candidate of Array.isArray(value.videos) ? value.videos : []) {
    const parsed = landingVideoSchema.safeParse(candidate)
    if (parsed.success && !ids.has(parsed.data.id)) {
      ids.add(parsed.data.id)
      videos.push(parsed.data)
    }
  }
  const active = value.active_video_id
  return { active_video_id: typeof active === 'string' && ids.has(active) ? active : null, videos }
}

// ---------------------------------------------------------------------------------------------
// GET /api/landing
// ---------------------------------------------------------------------------------------------

export const landingResponseSchema = z.object({
  /** The product name setting; the web replaces `{product}` with it. */
  productName: z.string(),
  /** resolveLandingContent(stored 'landing_page'). */
  content: landingPageContentReadSchema,
  /** resolveVideosContent(stored 'videos'). */
  videos: videosContentSchema,
  /** updated_at of the 'landing_page' row (ISO), null when the default content is served. */
  updatedAt: z.string().nullable(),
})
export type LandingResponse = z.infer<typeof landingResponseSchema>
