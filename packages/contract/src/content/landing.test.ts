import { describe, it, expect } from 'vitest'
import { DEFAULT_PRODUCT_NAME } from '../common/constants.js'
import { formatMoney } from '../common/format.js'
import {
  activeVideo,
  copyrightLine,
  DEFAULT_LANDING_CONTENT,
  DEFAULT_VIDEO_CONTROLS,
  DEFAULT_VIDEOS_CONTENT,
  isValidLandingContent,
  LANDING_SECTION,
  landingPageContentSchema,
  landingResponseSchema,
  landingVideoSchema,
  resolveLandingContent,
  resolveVideosContent,
  videoControlsSchema,
  videosContentSchema,
  withProductName,
  type LandingPageContent,
} from '../index.js'

const clone = <T>(value: T): T => structuredClone(value) as T

/** Smallest object the read-side rule accepts. */
const minimal = () => ({
  hero: {},
  whatIsProduct: {},
  comoFunciona: {},
  features: [],
  priceComparison: { options: [] },
  footer: {},
})

function messagesOf(value: unknown): string[] {
  const result = landingPageContentSchema.safeParse(value)
  expect(result.success).toBe(false)
  return result.success ? [] : result.error.issues.map((i) => i.message)
}

function withChange(change: (c: LandingPageContent) => void): LandingPageContent {
  const c = clone(DEFAULT_LANDING_CONTENT)
  change(c)
  return c
}

describe('LANDING_SECTION', () => {
  it('names the two landing_content rows', () => {
    expect(LANDING_SECTION).toEqual({ landingPage: 'landing_page', videos: 'videos' })
  })
})

describe('DEFAULT_LANDING_CONTENT', () => {
  const d = DEFAULT_LANDING_CONTENT

  it('is valid for the read-side rule and passes the strict schema unchanged', () => {
    expect(isValidLandingContent(d)).toBe(true)
    const parsed = landingPageContentSchema.safeParse(d)
    expect(parsed.success).toBe(true)
    expect(parsed.data).toEqual(d)
  })

  it('makes the product claims: 21 days and 20 minutes per day', () => {
    const all = JSON.stringify(d)
    expect(all).toContain('21 dias')
    expect(all).toContain('20 minutos por dia')
    expect(`${d.hero.title} ${d.hero.titleHighlight}`).toContain('21 dias')
  })

  it('has hero texts for both calls to action', () => {
    expect(d.hero.title.length).toBeGreaterThan(0)
    expect(d.hero.titleHighlight.length).toBeGreaterThan(0)
    expect(d.hero.subtitle.length).toBeGreaterThan(0)
    expect(d.hero.ctaText).toBe('Quero Começar Agora')
    expect(d.hero.demoText).toBe('Ouvir Demonstração Grátis')
  })

  it('enables whatIsProduct, comoFunciona and priceComparison', () => {
    expect(d.whatIsProduct.enabled).toBe(true)
    expect(d.comoFunciona.enabled).toBe(true)
    expect(d.priceComparison.enabled).toBe(true)
  })

  it('uses the {product} token where the product name goes', () => {
    expect(d.whatIsProduct.title).toBe('O que é o {product}?')
    expect(d.footer.copyright).toBe('© {year} {product}. Todos os direitos reservados.')
  })

  it("writes the current year in the footer's copyright unless an admin wrote one", () => {
    const in2027 = new Date(2027, 4, 10)
    expect(copyrightLine(d.footer.copyright, 'Sintonia', in2027)).toBe('© 2027 Sintonia. Todos os direitos reservados.')
    // The line the first versions seeded had 2024 written in; it follows the year too.
    expect(copyrightLine('© 2024 {product}. Todos os direitos reservados.', 'Sintonia', in2027)).toBe('© 2027 Sintonia. Todos os direitos reservados.')
    // A year an admin chose stays as written.
    expect(copyrightLine('© 2025 {product} Ltda.', 'Sintonia', in2027)).toBe('© 2025 Sintonia Ltda.')
    expect(copyrightLine('© 2019–{year} {product}', 'Harmonia', in2027)).toBe('© 2019–2027 Harmonia')
  })

  it('has 3-4 benefits, a scientific note, four steps and 4-6 features', () => {
    expect(d.whatIsProduct.benefits.length).toBeGreaterThanOrEqual(3)
    expect(d.whatIsProduct.benefits.length).toBeLessThanOrEqual(4)
    expect(d.whatIsProduct.scientificNote.length).toBeGreaterThan(0)
    expect(d.comoFunciona.steps).toHaveLength(4)
    expect(d.comoFunciona.finalNote.length).toBeGreaterThan(0)
    expect(d.features.length).toBeGreaterThanOrEqual(4)
    expect(d.features.length).toBeLessThanOrEqual(6)
  })

  it('uses Clock, RefreshCw and Headphones in steps or features', () => {
    const icons = new Set([...d.comoFunciona.steps, ...d.features].map((i) => i.icon))
    for (const icon of ['Clock', 'RefreshCw', 'Headphones'] as const) expect(icons).toContain(icon)
  })

  it('compares the annual plan (R$ 358,80, highlighted, badge) with three therapist options', () => {
    const options = d.priceComparison.options
    const highlighted = options.filter((o) => o.isHighlight)
    expect(highlighted).toHaveLength(1)
    expect(highlighted[0]?.pricePerYear).toBe(35_880)
    expect(highlighted[0]?.badge).toBeTruthy()
    expect(formatMoney(35_880)).toMatch(/358,80/)
    const others = options.filter((o) => !o.isHighlight)
    expect(others.map((o) => o.pricePerYear)).toEqual([720_000, 1_200_000, 1_440_000])
    expect(others.map((o) => formatMoney(o.pricePerYear))).toEqual(
      ['7.200,00', '12.000,00', '14.400,00'].map((v) => expect.stringContaining(v) as unknown as string),
    )
    for (const o of options) {
      expect(Number.isInteger(o.pricePerYear)).toBe(true)
      expect(o.frequency.length).toBeGreaterThan(0)
    }
    expect(others.some((o) => o.frequency === '1 sessão por semana')).toBe(true)
    expect(d.priceComparison.impactText.length).toBeGreaterThan(0)
    expect(d.priceComparison.ctaButton.scrollToSection).toBe('planos')
  })

  it('has the footer defaults', () => {
    expect(d.footer.lgpdLink).toBe('/lgpd')
    expect(d.footer.privacyPolicyLink).toBe('/privacy')
    expect(d.footer.termsOfServiceLink).toBe('/terms')
    expect(d.footer.lgpdText).toMatch(/LGPD|Lei Geral de Proteção de Dados/)
  })

  it('uses unique item ids in every list', () => {
    for (const list of [d.whatIsProduct.benefits, d.comoFunciona.steps, d.features, d.priceComparison.options]) {
      const ids = list.map((i) => i.id)
      expect(new Set(ids).size).toBe(ids.length)
    }
  })

  it('is deeply frozen so no consumer can corrupt it', () => {
    expect(Object.isFrozen(d)).toBe(true)
    expect(Object.isFrozen(d.hero)).toBe(true)
    expect(Object.isFrozen(d.priceComparison.options)).toBe(true)
    expect(Object.isFrozen(d.priceComparison.options[0])).toBe(true)
  })
})

describe('withProductName', () => {
  it('replaces every {product} token', () => {
    expect(withProductName('O que é o {product}? {product}!', 'Sintonia')).toBe('O que é o Sintonia? Sintonia!')
  })
  it('leaves text without the token alone', () => {
    expect(withProductName('Como funciona', 'Sintonia')).toBe('Como funciona')
    expect(withProductName('', 'Sintonia')).toBe('')
  })
  it('does not read $ patterns of the name as replacement syntax', () => {
    expect(withProductName('{product}', "R$&Co $' $1")).toBe("R$&Co $' $1")
  })
  it('uses the default product name when the name is blank', () => {
    expect(withProductName('© 2024 {product}.', '  ')).toBe(`© 2024 ${DEFAULT_PRODUCT_NAME}.`)
  })
  it('only replaces the exact token', () => {
    expect(withProductName('{Product} { product }', 'X')).toBe('{Product} { product }')
  })
})

describe('isValidLandingContent (read-side validity rule)', () => {
  it('accepts the minimal shape and extra keys', () => {
    expect(isValidLandingContent(minimal())).toBe(true)
    expect(isValidLandingContent({ ...minimal(), extra: 1 })).toBe(true)
  })

  it.each([null, undefined, 'x', 42, true, [], [minimal()]])('refuses non-object content %j', (value) => {
    expect(isValidLandingContent(value)).toBe(false)
  })

  const notObjects: [string, unknown][] = [
    ['null', null],
    ['an array', []],
    ['a string', 'texto'],
    ['a number', 1],
    ['a boolean', true],
  ]

  describe.each(['hero', 'whatIsProduct', 'comoFunciona', 'footer'] as const)('%s', (key) => {
    it('is required', () => {
      const c: Record<string, unknown> = minimal()
      delete c[key]
      expect(isValidLandingContent(c)).toBe(false)
    })
    it.each(notObjects)('must be an object, not %s', (_label, value) => {
      expect(isValidLandingContent({ ...minimal(), [key]: value })).toBe(false)
    })
  })

  it('does not accept the literal key whatIs{product} instead of whatIsProduct', () => {
    const { whatIsProduct, ...rest } = minimal()
    expect(isValidLandingContent({ ...rest, whatIsSintonia: whatIsProduct })).toBe(false)
  })

  describe('features', () => {
    it('is required', () => {
      const { features: _features, ...rest } = minimal()
      expect(isValidLandingContent(rest)).toBe(false)
    })
    it.each([
      ['null', null],
      ['an object', {}],
      ['a string', 'a,b'],
      ['a number', 3],
    ])('must be an array, not %s', (_label, value) => {
      expect(isValidLandingContent({ ...minimal(), features: value })).toBe(false)
    })
  })

  describe('priceComparison', () => {
    it('is required', () => {
      const { priceComparison: _p, ...rest } = minimal()
      expect(isValidLandingContent(rest)).toBe(false)
    })
    it.each(notObjects)('must be an object, not %s', (_label, value) => {
      expect(isValidLandingContent({ ...minimal(), priceComparison: value })).toBe(false)
    })
    it('needs an options key', () => {
      expect(isValidLandingContent({ ...minimal(), priceComparison: { enabled: true } })).toBe(false)
    })
    it.each([
      ['null', null],
      ['an object', {}],
      ['a string', 'x'],
      ['a number', 0],
    ])('needs options to be an array, not %s', (_label, value) => {
      expect(isValidLandingContent({ ...minimal(), priceComparison: { options: value } })).toBe(false)
    })
    it('accepts an empty options array', () => {
      expect(isValidLandingContent({ ...minimal(), priceComparison: { options: [] } })).toBe(true)
    })
  })

  it('does not check inner fields (looser than the schema on purpose)', () => {
    const loose = { ...minimal(), hero: { title: 42 }, features: ['not an item'] }
    expect(isValidLandingContent(loose)).toBe(true)
    expect(landingPageContentSchema.safeParse(loose).success).toBe(false)
  })
})

describe('resolveLandingContent', () => {
  it('returns stored content that passes the rule, as is', () => {
    const stored = minimal()
    expect(resolveLandingContent(stored)).toBe(stored)
  })
  it.each([null, undefined, 'x', [], {}, { ...minimal(), footer: null }])('falls back to the default for %j', (value) => {
    expect(resolveLandingContent(value)).toBe(DEFAULT_LANDING_CONTENT)
  })
})

describe('landingPageContentSchema (admin saves)', () => {
  it('refuses a blank title with a pt-BR message', () => {
    const messages = messagesOf(withChange((c) => (c.hero.title = '   ')))
    expect(messages).toEqual(['Preencha o campo "Título"'])
  })

  it('says which field is missing', () => {
    const c = withChange((c) => delete (c.footer as Partial<LandingPageContent['footer']>).lgpdLink)
    expect(messagesOf(c)).toEqual(['Preencha o campo "Link LGPD"'])
  })

  it('trims texts', () => {
    const parsed = landingPageContentSchema.parse(withChange((c) => (c.hero.title = '  Olá  ')))
    expect(parsed.hero.title).toBe('Olá')
  })

  it('limits title and rich-text lengths', () => {
    expect(messagesOf(withChange((c) => (c.hero.title = 'a'.repeat(201))))[0]).toMatch(/no máximo 200 caracteres/)
    expect(landingPageContentSchema.safeParse(withChange((c) => (c.hero.title = 'a'.repeat(200)))).success).toBe(true)
    expect(messagesOf(withChange((c) => (c.whatIsProduct.subtitle = 'a'.repeat(2001))))[0]).toMatch(/no máximo 2000/)
  })

  it('refuses an unknown icon', () => {
    const bad = withChange((c) => {
      ;(c.features[0] as { icon: string }).icon = 'Rocket'
    })
    expect(messagesOf(bad)).toEqual(['Ícone inválido. Escolha um dos ícones disponíveis.'])
  })

  it('requires pricePerYear to be non-negative integer centavos', () => {
    const set = (v: unknown) =>
      withChange((c) => {
        ;(c.priceComparison.options[0] as { pricePerYear: unknown }).pricePerYear = v
      })
    expect(messagesOf(set(358.8))).toEqual(['O preço anual deve ser um número inteiro de centavos'])
    expect(messagesOf(set(-1))).toEqual(['O preço anual não pode ser negativo'])
    expect(messagesOf(set('35880'))).toEqual(['"Preço anual" deve ser um número inteiro de centavos'])
    expect(messagesOf(set(undefined))).toEqual(['Preencha o campo "Preço anual"'])
    expect(landingPageContentSchema.safeParse(set(0)).success).toBe(true)
  })

  it('allows at most one highlighted option', () => {
    const bad = withChange((c) => c.priceComparison.options.forEach((o) => (o.isHighlight = true)))
    expect(messagesOf(bad)).toEqual(['Apenas uma opção pode ficar em destaque'])
    const none = withChange((c) => c.priceComparison.options.forEach((o) => (o.isHighlight = false)))
    expect(landingPageContentSchema.safeParse(none).success).toBe(true)
  })

  it('makes the badge optional', () => {
    const c = withChange((c) => delete c.priceComparison.options[0]?.badge)
    expect(landingPageContentSchema.safeParse(c).success).toBe(true)
  })

  it('refuses repeated item ids', () => {
    const bad = withChange((c) => {
      const [first, second] = c.features
      if (first && second) second.id = first.id
    })
    expect(messagesOf(bad)[0]).toMatch(/^Identificador repetido em "Diferenciais"/)
  })

  it('needs items in an enabled section, not in a hidden one', () => {
    expect(messagesOf(withChange((c) => (c.comoFunciona.steps = [])))).toEqual([
      'Adicione pelo menos uma etapa ou oculte a seção "Como funciona"',
    ])
    const hidden = withChange((c) => {
      c.comoFunciona.steps = []
      c.comoFunciona.enabled = false
      c.whatIsProduct.benefits = []
      c.whatIsProduct.enabled = false
      c.priceComparison.options = []
      c.priceComparison.enabled = false
    })
    expect(landingPageContentSchema.safeParse(hidden).success).toBe(true)
  })

  it.each(['/lgpd', '/politica/privacidade?x=1', 'https://exemplo.com.br/lgpd', 'http://exemplo.com/termos'])(
    'accepts the link %s',
    (link) => {
      expect(landingPageContentSchema.safeParse(withChange((c) => (c.footer.lgpdLink = link))).success).toBe(true)
    },
  )

  it.each(['javascript:alert(1)', 'data:text/html,x', '//evil.example', '/\\evil.example', 'lgpd', 'ftp://x.com/a', 'https://', ''])(
    'refuses the link %j',
    (link) => {
      const messages = messagesOf(withChange((c) => (c.footer.privacyPolicyLink = link)))
      expect(messages[0]).toMatch(/Link da política de privacidade/)
    },
  )

  it('requires scrollToSection to be a section id', () => {
    expect(messagesOf(withChange((c) => (c.priceComparison.ctaButton.scrollToSection = '#planos')))[0]).toMatch(
      /Seção de destino/,
    )
  })

  it('strips unknown keys', () => {
    const parsed = landingPageContentSchema.parse({ ...clone(DEFAULT_LANDING_CONTENT), intruso: 1 })
    expect(parsed).not.toHaveProperty('intruso')
  })

  it('answers wrong types in pt-BR too', () => {
    const messages = messagesOf({
      hero: [],
      whatIsProduct: { enabled: 'sim' },
      comoFunciona: null,
      features: {},
      priceComparison: { options: 'x' },
      footer: 1,
    })
    expect(messages.length).toBeGreaterThan(5)
    for (const m of messages) expect(m).not.toMatch(/invalid|expected|received/i)
  })
})

describe('video controls', () => {
  it('defaults to everything allowed, no autoplay, not muted', () => {
    expect(DEFAULT_VIDEO_CONTROLS).toEqual({
      allowPause: true,
      allowVolumeControl: true,
      allowSeek: true,
      allowFullscreen: true,
      allowKeyboardControls: true,
      showControls: true,
      autoplay: false,
      muted: false,
    })
    expect(videoControlsSchema.parse({})).toEqual(DEFAULT_VIDEO_CONTROLS)
  })
  it('keeps stored flags and refuses non-booleans', () => {
    expect(videoControlsSchema.parse({ autoplay: true, allowSeek: false })).toMatchObject({ autoplay: true, allowSeek: false, muted: false })
    const r = videoControlsSchema.safeParse({ muted: 'true' })
    expect(r.success).toBe(false)
    expect(r.error?.issues[0]?.message).toBe('"Iniciar sem som" deve ser verdadeiro ou falso')
  })
})

const video = (over: Record<string, unknown> = {}) => ({
  id: 'v1',
  type: 'youtube',
  url: 'https://youtu.be/dQw4w9WgXcQ',
  title: 'Apresentação',
  video_controls: { ...DEFAULT_VIDEO_CONTROLS },
  created_at: '2024-05-01T12:00:00.000Z',
  ...over,
})

describe('landingVideoSchema', () => {
  it('accepts each type with a usable url', () => {
    expect(landingVideoSchema.safeParse(video()).success).toBe(true)
    expect(landingVideoSchema.safeParse(video({ type: 'upload', url: '/media/videos/video_1.mp4' })).success).toBe(true)
    expect(landingVideoSchema.safeParse(video({ type: 'embed', url: 'https://player.parceiro.com/v/123' })).success).toBe(true)
    expect(
      landingVideoSchema.safeParse(video({ type: 'embed', url: '<iframe src="https://player.parceiro.com/v/1"></iframe>' })).success,
    ).toBe(true)
    expect(landingVideoSchema.safeParse(video({ type: 'embed', url: '<div id="p"></div><script src="https://p.com/x.js"></script>' })).success).toBe(true)
  })
  it('fills missing controls and title with defaults', () => {
    const { video_controls: _c, title: _t, ...rest } = video()
    const parsed = landingVideoSchema.parse(rest)
    expect(parsed.video_controls).toEqual(DEFAULT_VIDEO_CONTROLS)
    expect(parsed.title).toBe('')
  })
  it.each([
    ['youtube', 'https://vimeo.com/123', /YouTube/],
    ['upload', 'javascript:alert(1)', /vídeo enviado/],
    ['embed', '<iframe src="javascript:alert(1)"></iframe>', /incorporação/],
    ['embed', 'nada disso', /http\(s\)/],
  ])('refuses a %s video with url %j', (type, url, message) => {
    const r = landingVideoSchema.safeParse(video({ type, url }))
    expect(r.success).toBe(false)
    expect(r.error?.issues[0]?.message).toMatch(message)
    expect(r.error?.issues[0]?.path).toEqual(['url'])
  })
  it('refuses an unknown type', () => {
    expect(landingVideoSchema.safeParse(video({ type: 'vimeo' })).success).toBe(false)
  })
})

describe('videosContentSchema', () => {
  it('requires the active id to be one of the videos', () => {
    expect(videosContentSchema.safeParse({ active_video_id: 'v1', videos: [video()] }).success).toBe(true)
    expect(videosContentSchema.safeParse({ active_video_id: null, videos: [] }).success).toBe(true)
    const r = videosContentSchema.safeParse({ active_video_id: 'v9', videos: [video()] })
    expect(r.error?.issues[0]?.message).toBe('O vídeo ativo não está na lista de vídeos')
  })
  it('refuses repeated video ids', () => {
    expect(videosContentSchema.safeParse({ active_video_id: null, videos: [video(), video()] }).success).toBe(false)
  })
})

describe('resolveVideosContent', () => {
  it('gives no videos for anything that is not an object', () => {
    expect(DEFAULT_VIDEOS_CONTENT).toEqual({ active_video_id: null, videos: [] })
    for (const v of [null, undefined, 'x', 3, []]) expect(resolveVideosContent(v)).toEqual(DEFAULT_VIDEOS_CONTENT)
    expect(resolveVideosContent({ active_video_id: 'v1', videos: 'x' })).toEqual(DEFAULT_VIDEOS_CONTENT)
  })

  it('drops only the videos that fail the schema', () => {
    const good = video({ id: 'ok' })
    const resolved = resolveVideosContent({
      active_video_id: 'ok',
      videos: [
        good,
        video({ id: 'bad-url', url: 'https://evil.example/watch?v=dQw4w9WgXcQ' }),
        { id: 'incomplete' },
        null,
        video({ id: 'bad-controls', video_controls: { muted: 'sim' } }),
        video({ id: 'ok2', type: 'upload', url: '/media/v.mp4', video_controls: undefined }),
      ],
    })
    expect(resolved.videos.map((v) => v.id)).toEqual(['ok', 'ok2'])
    expect(resolved.active_video_id).toBe('ok')
    expect(resolved.videos[1]?.video_controls).toEqual(DEFAULT_VIDEO_CONTROLS)
    expect(videosContentSchema.safeParse(resolved).success).toBe(true)
  })

  it('clears an active id whose video was dropped or never existed', () => {
    expect(resolveVideosContent({ active_video_id: 'bad', videos: [video({ id: 'bad', url: 'x' })] }).active_video_id).toBeNull()
    expect(resolveVideosContent({ active_video_id: 'v9', videos: [video()] }).active_video_id).toBeNull()
    expect(resolveVideosContent({ active_video_id: 7, videos: [video()] }).active_video_id).toBeNull()
  })

  it('keeps the first of repeated ids', () => {
    const resolved = resolveVideosContent({ active_video_id: null, videos: [video({ title: 'A' }), video({ title: 'B' })] })
    expect(resolved.videos.map((v) => v.title)).toEqual(['A'])
  })

  it('finds the active video', () => {
    const content = resolveVideosContent({ active_video_id: 'v1', videos: [video()] })
    expect(activeVideo(content)?.id).toBe('v1')
    expect(activeVideo(DEFAULT_VIDEOS_CONTENT)).toBeNull()
  })
})

describe('landingResponseSchema', () => {
  it('parses what GET /api/landing returns with the default content', () => {
    const body = {
      productName: 'Sintonia',
      content: resolveLandingContent(undefined),
      videos: resolveVideosContent(undefined),
      updatedAt: null,
    }
    const r = landingResponseSchema.safeParse(body)
    expect(r.success).toBe(true)
    expect(r.data?.content).toEqual(DEFAULT_LANDING_CONTENT)
  })

  it('passes loose stored content through unchanged', () => {
    const stored = { ...minimal(), hero: { title: 'Só o título' }, custom: { a: 1 } }
    const r = landingResponseSchema.safeParse({
      productName: 'Outro Nome',
      content: resolveLandingContent(stored),
      videos: resolveVideosContent({ active_video_id: 'v1', videos: [video()] }),
      updatedAt: '2024-05-01T12:00:00.000Z',
    })
    expect(r.success).toBe(true)
    expect(r.data?.content).toEqual(stored)
  })

  it('refuses content that the read-side rule refuses', () => {
    const r = landingResponseSchema.safeParse({ productName: 'x', content: {}, videos: DEFAULT_VIDEOS_CONTENT, updatedAt: null })
    expect(r.success).toBe(false)
  })
})
