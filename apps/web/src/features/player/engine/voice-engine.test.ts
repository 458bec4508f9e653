import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PLAYER_MSG } from '@sintonia/contract'
import { FakeAudioElement } from './testing/fake-audio'
import { createFakeFetch, type FakeRoute } from './testing/fake-fetch'
import { isCycleComplete, VoiceEngine, wantsSound, type PlayerNotice, type VoiceEngineOptions } from './voice-engine'

const BASE = 'https://app.test/'
const SRC = 'https://app.test/api/audios/a/file'
const SRC_B = 'https://app.test/api/audios/b/file'

function setup(options: Partial<VoiceEngineOptions> = {}, routes: Record<string, FakeRoute> = {}) {
  const el = new FakeAudioElement()
  const probe = new FakeAudioElement()
  const fake = createFakeFetch({
    [SRC]: { status: 200, contentType: 'audio/mpeg' },
    [`${BASE}api/health`]: { status: 200 },
    ...routes,
  })
  const engine = new VoiceEngine({
    element: el,
    fetch: fake.fetch,
    baseUrl: BASE,
    createProbe: () => probe,
    isOnline: () => true,
    ...options,
  })
  const notices: PlayerNotice[] = []
  const repeats: number[] = []
  const cycles: number[] = []
  engine.on('notice', (notice) => notices.push(notice))
  engine.on('repeatCompleted', (n) => repeats.push(n))
  engine.on('cycleCompleted', (n) => cycles.push(n))
  return { el, probe, fake, engine, notices, repeats, cycles }
}

/** Source set and metadata loaded: status 'ready'. */
function setupReady(options: Partial<VoiceEngineOptions> = {}, duration = 60) {
  const ctx = setup(options)
  ctx.engine.setSource(SRC, { id: 'a', title: 'Abundância', fieldTitle: 'Prosperidade' })
  ctx.el.loadMetadata(duration)
  return ctx
}

async function setupPlaying(options: Partial<VoiceEngineOptions> = {}, duration = 60) {
  const ctx = setupReady(options, duration)
  await ctx.engine.play()
  return ctx
}

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('VoiceEngine – loading', () => {
  it('starts idle, then loads a source as attempt 1', () => {
    const { engine, el } = setup()
    expect(engine.getSnapshot()).toMatchObject({ status: 'idle', attempt: 0, isPlayingIntent: false, canValidate: false })
    engine.setSource(SRC, { title: 'Abundância' })
    expect(engine.getSnapshot()).toMatchObject({ status: 'loading', attempt: 1, canValidate: false, src: SRC, error: null })
    expect(el.src).toBe(SRC)
    expect(el.loadCalls).toBe(1)
  })

  it('becomes ready on loadedmetadata and reads the duration', () => {
    const { engine, el } = setup()
    engine.setSource(SRC, { title: 'A', durationSeconds: 100 })
    expect(engine.getSnapshot().duration).toBe(100)
    el.loadMetadata(123)
    expect(engine.getSnapshot()).toMatchObject({ status: 'ready', duration: 123 })
  })

  it('fails with the timeout message at exactly 5 s', () => {
    const { engine, notices } = setup()
    engine.setSource(SRC, { title: 'A' })
    vi.advanceTimersByTime(4_999)
    expect(engine.getSnapshot().status).toBe('loading')
    expect(notices).toHaveLength(0)
    vi.advanceTimersByTime(1)
    expect(engine.getSnapshot()).toMatchObject({
      status: 'error',
      error: 'Timeout: Áudio não carregou após 5 segundos',
      hint: PLAYER_MSG.networkHint,
    })
    expect(notices[0]?.title).toBe('Erro no áudio. Tentando reconectar automaticamente...')
  })

  it('says the audio took too long, and to check the connection, when part of it arrived before the timeout', () => {
    const { engine, el, notices } = setup()
    engine.setSource(SRC, { title: 'A' })
    vi.advanceTimersByTime(2_000)
    el.fire('progress')
    vi.advanceTimersByTime(3_000)
    expect(engine.getSnapshot()).toMatchObject({ status: 'error', error: PLAYER_MSG.slowLoad, hint: PLAYER_MSG.networkHint })
    expect(notices[0]?.description).toContain(PLAYER_MSG.slowLoad)
    // The retry is a fresh attempt: nothing arrived in it, so it reads as the plain timeout.
    vi.advanceTimersByTime(1_000)
    expect(engine.getSnapshot().status).toBe('loading')
    vi.advanceTimersByTime(5_000)
    expect(engine.getSnapshot().error).toBe(PLAYER_MSG.loadTimeout)
  })

  it('the ready-state monitor forces loading complete, not before 1 s', () => {
    const { engine, el } = setup()
    engine.setSource(SRC, { title: 'A' })
    el.setReadyState(1) // HAVE_METADATA reached, but no event fired
    vi.advanceTimersByTime(999)
    expect(engine.getSnapshot().status).toBe('loading')
    vi.advanceTimersByTime(1)
    expect(engine.getSnapshot().status).toBe('ready')
  })

  it('the monitor polls every 500 ms after the first second', () => {
    const { engine, el, notices } = setup()
    engine.setSource(SRC, { title: 'A' })
    vi.advanceTimersByTime(1_100)
    expect(engine.getSnapshot().status).toBe('loading')
    el.setReadyState(1)
    vi.advanceTimersByTime(399) // t = 1499
    expect(engine.getSnapshot().status).toBe('loading')
    vi.advanceTimersByTime(1) // t = 1500: second poll
    expect(engine.getSnapshot().status).toBe('ready')
    // The 5 s timeout was cancelled with the monitor.
    vi.advanceTimersByTime(10_000)
    expect(engine.getSnapshot().status).toBe('ready')
    expect(notices).toHaveLength(0)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('keeps polling until metadata arrives late (t = 4.5 s)', () => {
    const { engine, el } = setup()
    engine.setSource(SRC, { title: 'A' })
    vi.advanceTimersByTime(4_200)
    el.setReadyState(1)
    vi.advanceTimersByTime(299)
    expect(engine.getSnapshot().status).toBe('loading')
    vi.advanceTimersByTime(1)
    expect(engine.getSnapshot().status).toBe('ready')
  })

  it('an empty source goes back to idle', () => {
    const { engine } = setupReady()
    engine.setSource('  ')
    expect(engine.getSnapshot()).toMatchObject({ status: 'idle', attempt: 0, src: '' })
    expect(vi.getTimerCount()).toBe(0)
  })
})

describe('VoiceEngine – retries', () => {
  it('retries after 1 s, 2 s and 4 s, then gives up with the maximum-attempts message', () => {
    const { engine, el, notices } = setup()
    engine.setSource(SRC, { title: 'A' })

    el.failWith(2)
    expect(engine.getSnapshot()).toMatchObject({ status: 'error', attempt: 1, canValidate: false })
    expect(engine.getSnapshot().error).toMatch(/^Erro 2: /)
    vi.advanceTimersByTime(999)
    expect(engine.getSnapshot().attempt).toBe(1)
    expect(el.loadCalls).toBe(1)
    vi.advanceTimersByTime(1)
    expect(engine.getSnapshot()).toMatchObject({ status: 'loading', attempt: 2, canValidate: true })
    expect(el.loadCalls).toBe(2)

    el.failWith(2)
    vi.advanceTimersByTime(1_999)
    expect(engine.getSnapshot().attempt).toBe(2)
    vi.advanceTimersByTime(1)
    expect(engine.getSnapshot()).toMatchObject({ status: 'loading', attempt: 3 })

    el.failWith(2)
    vi.advanceTimersByTime(3_999)
    expect(engine.getSnapshot().attempt).toBe(3)
    vi.advanceTimersByTime(1)
    expect(engine.getSnapshot()).toMatchObject({ status: 'loading', attempt: 4 })

    el.failWith(2)
    expect(engine.getSnapshot()).toMatchObject({
      status: 'error',
      attempt: 4,
      error: 'Máximo de tentativas excedido. Use o diagnóstico para mais detalhes.',
    })
    vi.advanceTimersByTime(60_000)
    expect(engine.getSnapshot().attempt).toBe(4)
    expect(el.loadCalls).toBe(4)

    expect(notices.map((n) => n.title)).toEqual([
      'Erro no áudio. Tentando reconectar automaticamente...',
      'Erro no áudio. Tentando reconectar automaticamente...',
      'Erro no áudio. Tentando reconectar automaticamente...',
      'Erro persistente no áudio. Use o botão de diagnóstico para mais detalhes.',
    ])
    expect(notices[0]?.description).toContain(PLAYER_MSG.networkHint)
    expect(notices[3]?.description).toContain('Máximo de tentativas excedido. Use o diagnóstico para mais detalhes.')
    expect(notices[3]?.action?.label).toBe('Tentar novamente')
  })

  it('follows the same schedule when every attempt times out', () => {
    const { engine, notices } = setup()
    engine.setSource(SRC, { title: 'A' })
    vi.advanceTimersByTime(5_000) // attempt 1 times out; retry at 6 s
    vi.advanceTimersByTime(1_000)
    expect(engine.getSnapshot()).toMatchObject({ status: 'loading', attempt: 2 })
    vi.advanceTimersByTime(5_000 + 2_000) // times out at 11 s; retry at 13 s
    expect(engine.getSnapshot()).toMatchObject({ status: 'loading', attempt: 3 })
    vi.advanceTimersByTime(5_000 + 4_000) // times out at 18 s; retry at 22 s
    expect(engine.getSnapshot()).toMatchObject({ status: 'loading', attempt: 4 })
    vi.advanceTimersByTime(4_999)
    expect(engine.getSnapshot().status).toBe('loading')
    vi.advanceTimersByTime(1) // 27 s
    expect(engine.getSnapshot().error).toBe(PLAYER_MSG.maxRetries)
    expect(notices).toHaveLength(4)
    expect(vi.getTimerCount()).toBe(0)
  })

  it("'Tentar novamente' reloads at once with a fresh retry budget", () => {
    const { engine, el, notices } = setup()
    engine.setSource(SRC, { title: 'A' })
    for (let i = 0; i < 3; i++) {
      el.failWith(2)
      vi.runOnlyPendingTimers()
    }
    el.failWith(2)
    expect(engine.getSnapshot().error).toBe(PLAYER_MSG.maxRetries)
    notices.at(-1)?.action?.run()
    expect(engine.getSnapshot()).toMatchObject({ status: 'loading', attempt: 5, canValidate: true })
    el.failWith(2)
    expect(notices.at(-1)?.title).toBe(PLAYER_MSG.retrying)
    vi.advanceTimersByTime(1_000)
    expect(engine.getSnapshot().attempt).toBe(6)
  })

  it('a successful load restores the retry budget, the position and the playing intention', async () => {
    const { engine, el, notices } = await setupPlaying()
    el.advance(30)
    expect(engine.getSnapshot().currentTime).toBe(30)
    el.failWith(2)
    expect(engine.getSnapshot()).toMatchObject({ status: 'error', isPlayingIntent: true })
    vi.advanceTimersByTime(1_000)
    el.loadMetadata(60)
    await vi.advanceTimersByTimeAsync(0)
    expect(engine.getSnapshot()).toMatchObject({ status: 'playing', currentTime: 30, error: null })
    expect(el.currentTime).toBe(30)
    // New trouble later starts again at 1 s.
    el.failWith(2)
    expect(notices.at(-1)?.title).toBe(PLAYER_MSG.retrying)
    vi.advanceTimersByTime(1_000)
    expect(engine.getSnapshot().status).toBe('loading')
  })

  it('maps media error codes', () => {
    const cases: Array<[number, RegExp | string]> = [
      [1, /^Erro 1: /],
      [2, /^Erro 2: /],
      [3, /^Erro 3: /],
      [4, /^Erro 4: /],
      [7, 'Erro desconhecido no áudio'],
    ]
    for (const [code, expected] of cases) {
      const { engine, el } = setup()
      engine.setSource(SRC, { title: 'A' })
      el.failWith(code)
      if (typeof expected === 'string') expect(engine.getSnapshot().error).toBe(expected)
      else expect(engine.getSnapshot().error).toMatch(expected)
      engine.destroy()
    }
  })
})

describe('VoiceEngine – play and pause', () => {
  it('a press while loading says so, keeps the wish and plays once ready: no second press', async () => {
    const { engine, el, notices } = setup()
    engine.setSource(SRC, { title: 'A' })
    expect(await engine.play()).toBe(false)
    expect(el.playCalls).toBe(0)
    expect(notices).toEqual([
      { tone: 'info', title: 'O áudio ainda está carregando. Aguarde alguns segundos e tente novamente.' },
    ])
    expect(engine.getSnapshot().isPlayingIntent).toBe(true)
    el.loadMetadata(60)
    await vi.advanceTimersByTimeAsync(0)
    expect(el.playCalls).toBe(1)
    expect(engine.getSnapshot()).toMatchObject({ status: 'playing', isPlayingIntent: true })
  })

  it('a press before any source (the session still being asked for) plays the source that comes', async () => {
    const { engine, el } = setup()
    await engine.play()
    expect(engine.getSnapshot()).toMatchObject({ status: 'idle', isPlayingIntent: true })
    engine.setSource(SRC, { title: 'A' })
    el.loadMetadata(60)
    await vi.advanceTimersByTimeAsync(0)
    expect(engine.getSnapshot()).toMatchObject({ status: 'playing', isPlayingIntent: true })
  })

  it('a second press while it still loads takes the wish back', async () => {
    const { engine, el } = setup()
    engine.setSource(SRC, { title: 'A' })
    await engine.toggle()
    await engine.toggle()
    expect(engine.getSnapshot().isPlayingIntent).toBe(false)
    el.loadMetadata(60)
    await vi.advanceTimersByTimeAsync(0)
    expect(el.playCalls).toBe(0)
  })

  it("says 'Validando áudio...' while the URL check runs", async () => {
    const { engine, notices } = setup({}, { [SRC]: 'hang' })
    engine.setSource(SRC, { title: 'A' })
    const validation = engine.validateUrl()
    expect(engine.getSnapshot().isValidating).toBe(true)
    await engine.play()
    expect(notices[0]?.title).toBe('Validando áudio...')
    await vi.advanceTimersByTimeAsync(10_000)
    await validation
    expect(engine.getSnapshot().isValidating).toBe(false)
  })

  it('refuses to play in error and offers the retry action', async () => {
    const { engine, el, notices } = setup()
    engine.setSource(SRC, { title: 'A' })
    el.failWith(3)
    notices.length = 0
    expect(await engine.play()).toBe(false)
    expect(notices[0]).toMatchObject({ tone: 'error', title: 'Erro no áudio' })
    expect(notices[0]?.description).toMatch(/^Erro 3: /)
    expect(notices[0]?.action?.label).toBe('Tentar novamente')
  })

  it('keeps a press made while a failed load waits for its automatic retry, and plays once the retry loads', async () => {
    const { engine, el, notices } = setup()
    engine.setSource(SRC, { title: 'A' })
    vi.advanceTimersByTime(5_000) // nothing in 5 s: the first attempt times out, a retry in 1 s
    expect(engine.getSnapshot()).toMatchObject({ status: 'error', retrying: true, isPlayingIntent: false })
    expect(wantsSound(engine.getSnapshot())).toBe(false)
    notices.length = 0

    expect(await engine.toggle()).toBe(false)
    // The error's toast, as for any press in error…
    expect(notices[0]).toMatchObject({ tone: 'error', title: 'Erro no áudio' })
    // …and the wish to hear it is kept: the button reads "Pausar" meanwhile.
    expect(engine.getSnapshot()).toMatchObject({ status: 'error', isPlayingIntent: true })
    expect(wantsSound(engine.getSnapshot())).toBe(true)

    vi.advanceTimersByTime(1_000)
    expect(engine.getSnapshot()).toMatchObject({ status: 'loading', retrying: false, attempt: 2 })
    el.loadMetadata(60)
    await vi.advanceTimersByTimeAsync(0)
    expect(engine.getSnapshot()).toMatchObject({ status: 'playing', isPlayingIntent: true })
    expect(el.paused).toBe(false)
  })

  it('a second press during the retry wait takes the wish back; after the last retry a press is not kept', async () => {
    const { engine, el } = setup()
    engine.setSource(SRC, { title: 'A' })
    el.failWith(2)
    await engine.toggle()
    expect(wantsSound(engine.getSnapshot())).toBe(true)
    await engine.toggle()
    expect(engine.getSnapshot()).toMatchObject({ status: 'error', isPlayingIntent: false })

    // Three retries fail: the error stays, with no retry scheduled.
    for (const wait of [1_000, 2_000, 4_000]) {
      vi.advanceTimersByTime(wait)
      el.failWith(2)
    }
    expect(engine.getSnapshot()).toMatchObject({ status: 'error', retrying: false, error: PLAYER_MSG.maxRetries })
    expect(await engine.toggle()).toBe(false)
    expect(engine.getSnapshot().isPlayingIntent).toBe(false)
    expect(wantsSound(engine.getSnapshot())).toBe(false)
  })

  it('plays when ready and records the playing intention', async () => {
    const { engine, el } = setupReady()
    expect(await engine.play()).toBe(true)
    expect(el.paused).toBe(false)
    expect(engine.getSnapshot()).toMatchObject({ status: 'playing', isPlayingIntent: true })
  })

  it('handles the autoplay policy (NotAllowedError)', async () => {
    const { engine, el, notices } = setupReady()
    el.playBehaviour = 'reject-not-allowed'
    expect(await engine.play()).toBe(false)
    expect(engine.getSnapshot()).toMatchObject({
      status: 'ready',
      isPlayingIntent: false,
      error: 'Clique no botão play para iniciar (política do navegador)',
    })
    expect(notices).toEqual([
      { tone: 'info', title: 'Interação Necessária', description: 'Clique no botão play para iniciar (política do navegador)' },
    ])
    // The next click works and clears the message.
    el.playBehaviour = 'resolve'
    expect(await engine.play()).toBe(true)
    expect(engine.getSnapshot()).toMatchObject({ status: 'playing', error: null })
  })

  it('reports other play failures', async () => {
    const { engine, el, notices } = setupReady()
    el.playBehaviour = 'reject-other'
    expect(await engine.play()).toBe(false)
    expect(engine.getSnapshot()).toMatchObject({ isPlayingIntent: false, error: PLAYER_MSG.playFailed })
    expect(notices).toEqual([
      { tone: 'error', title: 'Erro no áudio', description: 'Erro ao reproduzir o áudio. Use o diagnóstico para mais detalhes.' },
    ])
  })

  it('treats an interrupted play (AbortError) as no failure', async () => {
    const { engine, el, notices } = setupReady()
    el.playBehaviour = 'reject-abort'
    expect(await engine.play()).toBe(false)
    expect(notices).toHaveLength(0)
    expect(engine.getSnapshot().error).toBeNull()
  })

  it('pause stops the element and clears the intention', async () => {
    const { engine, el } = await setupPlaying()
    engine.pause()
    expect(el.paused).toBe(true)
    expect(engine.getSnapshot()).toMatchObject({ status: 'paused', isPlayingIntent: false })
    expect(await engine.toggle()).toBe(true)
    expect(engine.getSnapshot().status).toBe('playing')
    expect(await engine.toggle()).toBe(false)
    expect(engine.getSnapshot().status).toBe('paused')
  })

  it('a pause that arrives while play() is pending wins', async () => {
    const { engine, el } = setupReady()
    el.playBehaviour = 'pending'
    const playing = engine.play()
    engine.pause() // the browser rejects the pending play() with AbortError
    el.settlePendingPlay('resolve')
    expect(await playing).toBe(false)
    expect(el.paused).toBe(true)
    expect(engine.getSnapshot()).toMatchObject({ isPlayingIntent: false })
    expect(engine.getSnapshot().status).not.toBe('playing')
  })

  it('a play() that still resolves after pause() is undone', async () => {
    const { engine, el } = setupReady()
    let resolvePlay: () => void = () => {}
    el.play = () => new Promise<void>((resolve) => (resolvePlay = resolve))
    const playing = engine.play()
    engine.pause()
    const pauses = el.pauseCalls
    resolvePlay()
    expect(await playing).toBe(false)
    expect(el.pauseCalls).toBe(pauses + 1)
    expect(engine.getSnapshot()).toMatchObject({ status: 'ready', isPlayingIntent: false })
  })

  it('follows a pause made outside the engine', async () => {
    const { engine, el } = await setupPlaying()
    el.pause()
    expect(engine.getSnapshot()).toMatchObject({ status: 'paused', isPlayingIntent: false })
  })

  it('playWhenReady records the wish while loading and plays once ready, without the still-loading notice', async () => {
    const { engine, el, notices } = setup()
    await engine.playWhenReady()
    expect(engine.getSnapshot()).toMatchObject({ status: 'idle', isPlayingIntent: true })
    engine.setSource(SRC, { title: 'A' })
    await engine.playWhenReady()
    expect(engine.getSnapshot()).toMatchObject({ status: 'loading', isPlayingIntent: true })
    expect(el.playCalls).toBe(0)
    el.loadMetadata(60)
    await vi.advanceTimersByTimeAsync(0)
    expect(engine.getSnapshot()).toMatchObject({ status: 'playing', isPlayingIntent: true })
    expect(notices).toEqual([])
  })

  it('autoPlay starts the first load of a source only', async () => {
    const { engine, el } = setup({ autoPlay: true })
    engine.setSource(SRC, { title: 'A' })
    el.loadMetadata(60)
    await vi.advanceTimersByTimeAsync(0)
    expect(engine.getSnapshot()).toMatchObject({ status: 'playing', isPlayingIntent: true })
    engine.pause()
    engine.retry()
    el.loadMetadata(60)
    await vi.advanceTimersByTimeAsync(0)
    expect(engine.getSnapshot()).toMatchObject({ status: 'ready', isPlayingIntent: false })
  })

  it('the next source keeps playing when the listener was playing, with counters reset', async () => {
    const { engine, el, repeats } = await setupPlaying({ repeatCount: 0 })
    el.finish()
    expect(repeats).toEqual([1])
    engine.setSource(SRC_B, { title: 'B' })
    expect(engine.getSnapshot()).toMatchObject({ status: 'loading', completedRepeats: 0, currentTime: 0, isPlayingIntent: true })
    el.loadMetadata(90)
    await vi.advanceTimersByTimeAsync(0)
    expect(engine.getSnapshot()).toMatchObject({ status: 'playing', duration: 90 })
  })

  it('seek clamps to the duration and reset goes back to the start', async () => {
    const { engine, el } = await setupPlaying({ repeatCount: 0 })
    engine.seek(500)
    expect(el.currentTime).toBe(60)
    engine.seek(-3)
    expect(engine.getSnapshot().currentTime).toBe(0)
    engine.seek(20)
    el.finish()
    el.advance(12)
    expect(engine.getSnapshot()).toMatchObject({ completedRepeats: 1, currentTime: 12 })
    engine.reset()
    expect(engine.getSnapshot()).toMatchObject({ completedRepeats: 0, currentTime: 0, status: 'playing' })
    expect(el.currentTime).toBe(0)
  })

  it('configure applies volume and ignores bad values', () => {
    const { engine, el } = setup({ volume: 70 })
    expect(el.volume).toBeCloseTo(0.7)
    engine.configure({ volume: 150, repeatCount: -2, pauseBetweenRepeats: Number.NaN })
    expect(el.volume).toBe(1)
    expect(engine.getSettings()).toMatchObject({ volume: 100, repeatCount: 0, pauseBetweenRepeats: 0 })
    engine.configure({ repeatCount: 3.7 })
    expect(engine.getSnapshot().repeatTarget).toBe(3)
  })
})

describe('VoiceEngine – repeats', () => {
  it('repeatCount 2: two completions, then stop and clear the intention', async () => {
    const { engine, el, repeats, cycles } = await setupPlaying({ repeatCount: 2 })
    expect(engine.getSnapshot().repeatTarget).toBe(2)
    el.advance(60)
    el.finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(repeats).toEqual([1])
    expect(engine.getSnapshot()).toMatchObject({ status: 'playing', completedRepeats: 1, currentTime: 0, isPlayingIntent: true })
    expect(el.playCalls).toBe(2)

    el.finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(repeats).toEqual([1, 2])
    expect(cycles).toEqual([2])
    expect(engine.getSnapshot()).toMatchObject({ status: 'ready', completedRepeats: 2, isPlayingIntent: false })
    expect(el.playCalls).toBe(2)
    expect(el.paused).toBe(true)
  })

  it('a finished cycle reads as complete until the listener plays again', async () => {
    const { engine, el } = await setupPlaying({ repeatCount: 1 })
    expect(isCycleComplete(engine.getSnapshot())).toBe(false)
    el.finish()
    expect(isCycleComplete(engine.getSnapshot())).toBe(true)
    await engine.play()
    expect(isCycleComplete(engine.getSnapshot())).toBe(false)
    // An infinite target never completes.
    engine.configure({ repeatCount: 0 })
    el.finish()
    expect(isCycleComplete(engine.getSnapshot())).toBe(false)
  })

  it('with a next audio announced, a finished cycle keeps the intention and the next source starts by itself', async () => {
    const { engine, el, cycles } = await setupPlaying({ repeatCount: 2 })
    engine.continueWithNext(true)
    el.finish()
    await vi.advanceTimersByTimeAsync(0)
    el.finish()
    expect(cycles).toEqual([2])
    expect(engine.getSnapshot()).toMatchObject({ status: 'ready', completedRepeats: 2, isPlayingIntent: true })
    expect(isCycleComplete(engine.getSnapshot())).toBe(false)
    engine.setSource(SRC_B, { title: 'B' })
    el.loadMetadata(30)
    await vi.advanceTimersByTimeAsync(0)
    expect(engine.getSnapshot()).toMatchObject({ status: 'playing', completedRepeats: 0, isPlayingIntent: true, src: SRC_B })
    // The last audio of the list: its cycle ends playback.
    engine.continueWithNext(false)
    el.finish()
    await vi.advanceTimersByTimeAsync(0)
    el.finish()
    expect(engine.getSnapshot()).toMatchObject({ status: 'ready', completedRepeats: 2, isPlayingIntent: false })
  })

  it('a paused listener is not carried to the next audio', async () => {
    const { engine, el } = await setupPlaying({ repeatCount: 1 })
    engine.continueWithNext(true)
    engine.pause()
    el.finish()
    expect(engine.getSnapshot().isPlayingIntent).toBe(false)
  })

  it('play after a finished cycle starts a new one', async () => {
    const { engine, el, repeats } = await setupPlaying({ repeatCount: 1 })
    el.finish()
    expect(engine.getSnapshot()).toMatchObject({ status: 'ready', completedRepeats: 1 })
    expect(await engine.play()).toBe(true)
    expect(engine.getSnapshot()).toMatchObject({ status: 'playing', completedRepeats: 0, currentTime: 0 })
    el.finish()
    expect(repeats).toEqual([1, 1])
  })

  it('repeatCount 0 keeps going', async () => {
    const { engine, el, repeats, cycles } = await setupPlaying({ repeatCount: 0 })
    for (let i = 0; i < 12; i++) {
      el.finish()
      await vi.advanceTimersByTimeAsync(0)
    }
    expect(repeats).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(cycles).toEqual([])
    expect(engine.getSnapshot()).toMatchObject({ status: 'playing', completedRepeats: 12, isPlayingIntent: true })
    expect(el.playCalls).toBe(13)
  })

  it('waits pauseBetweenRepeats seconds in the transitioning state', async () => {
    const { engine, el, repeats } = await setupPlaying({ repeatCount: 0, pauseBetweenRepeats: 3 })
    el.finish()
    expect(repeats).toEqual([1])
    expect(engine.getSnapshot()).toMatchObject({ status: 'transitioning', isPlayingIntent: true })
    await vi.advanceTimersByTimeAsync(2_999)
    expect(engine.getSnapshot().status).toBe('transitioning')
    expect(el.paused).toBe(true)
    expect(el.playCalls).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(engine.getSnapshot()).toMatchObject({ status: 'playing', currentTime: 0 })
    expect(el.playCalls).toBe(2)
  })

  it('the last repeat stops without waiting', async () => {
    const { engine, el } = await setupPlaying({ repeatCount: 1, pauseBetweenRepeats: 3 })
    el.finish()
    expect(engine.getSnapshot()).toMatchObject({ status: 'ready', isPlayingIntent: false })
    expect(vi.getTimerCount()).toBe(0)
  })

  it('pause during the wait cancels the next repeat; play resumes at once from the start', async () => {
    const { engine, el } = await setupPlaying({ repeatCount: 0, pauseBetweenRepeats: 5 })
    el.finish()
    engine.pause()
    expect(engine.getSnapshot()).toMatchObject({ status: 'paused', isPlayingIntent: false, currentTime: 0 })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(el.playCalls).toBe(1)
    expect(await engine.play()).toBe(true)
    expect(engine.getSnapshot()).toMatchObject({ status: 'playing', completedRepeats: 1 })
  })

  it("a source with its own repetition count plays it instead of the preference, and the preference comes back with the next source", async () => {
    const { engine, el, repeats, cycles } = setup({ repeatCount: 5 })
    engine.setSource(SRC, { id: 'a', title: 'Dia 1', repeatCount: 2 })
    expect(engine.getSnapshot()).toMatchObject({ repeatTarget: 2, completedRepeats: 0 })
    // The listener's settings change while the day plays: the day's count stays.
    engine.configure({ repeatCount: 7 })
    expect(engine.getSnapshot().repeatTarget).toBe(2)
    el.loadMetadata(12)
    await engine.play()
    el.finish()
    await vi.advanceTimersByTimeAsync(0)
    el.finish()
    expect(repeats).toEqual([1, 2])
    expect(cycles).toEqual([2])
    expect(isCycleComplete(engine.getSnapshot())).toBe(true)

    engine.setSource(SRC_B, { id: 'b', title: 'Campo' })
    expect(engine.getSnapshot().repeatTarget).toBe(7)
    // Nonsense counts are ignored.
    engine.setSource(SRC, { id: 'a', title: 'Dia 1', repeatCount: 0 })
    expect(engine.getSnapshot().repeatTarget).toBe(7)
    engine.setSource(SRC, { id: 'a', title: 'Dia 1', repeatCount: 1.5 })
    expect(engine.getSnapshot().repeatTarget).toBe(7)
  })

  it('a resumed source starts its counter at the repetitions already heard and plays only the rest', async () => {
    const { engine, el, repeats, cycles } = setup({ repeatCount: 0 })
    engine.setSource(SRC, { id: 'a', title: 'Dia 3', repeatCount: 3, completedRepeats: 2 })
    expect(engine.getSnapshot()).toMatchObject({ repeatTarget: 3, completedRepeats: 2 })
    el.loadMetadata(12)
    await engine.play()
    el.finish()
    expect(repeats).toEqual([3])
    expect(cycles).toEqual([3])
    expect(engine.getSnapshot()).toMatchObject({ status: 'ready', completedRepeats: 3, isPlayingIntent: false })
  })

  it('a resume count is kept below the target, so one repetition is always left to play', () => {
    const { engine } = setup()
    engine.setSource(SRC, { title: 'A', repeatCount: 2, completedRepeats: 9 })
    expect(engine.getSnapshot().completedRepeats).toBe(1)
    engine.setSource(SRC, { title: 'A', repeatCount: 2, completedRepeats: -3 })
    expect(engine.getSnapshot().completedRepeats).toBe(0)
    engine.setSource(SRC, { title: 'A', repeatCount: 4, completedRepeats: 2.7 })
    expect(engine.getSnapshot().completedRepeats).toBe(2)
  })

  it('loadAudio carries the repetition count and the resume count to the source', async () => {
    const { engine } = setup({ repeatCount: 1 })
    await engine.loadAudio({ id: 'a', url: SRC, title: 'Dia 2', repeatCount: 4, completedRepeats: 1 })
    expect(engine.getSnapshot()).toMatchObject({ src: SRC, repeatTarget: 4, completedRepeats: 1 })
    expect(engine.getSnapshot().meta).toMatchObject({ id: 'a', repeatCount: 4, completedRepeats: 1 })
  })

  it('a repeat whose replay is blocked by the browser stops cleanly', async () => {
    const { engine, el, notices } = await setupPlaying({ repeatCount: 0 })
    el.playBehaviour = 'reject-not-allowed'
    el.finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(engine.getSnapshot()).toMatchObject({ status: 'paused', isPlayingIntent: false, error: PLAYER_MSG.autoplayBlocked })
    expect(notices.at(-1)?.title).toBe('Interação Necessária')
  })
})

describe('VoiceEngine – URL validation', () => {
  it('marks isValidating and reports success', async () => {
    const { engine, notices } = setupReady()
    const pending = engine.validateUrl()
    expect(engine.getSnapshot().isValidating).toBe(true)
    const result = await pending
    expect(result).toMatchObject({ ok: true, status: 200 })
    expect(engine.getSnapshot().isValidating).toBe(false)
    expect(notices.at(-1)).toMatchObject({ tone: 'success' })
  })

  it('a failed check replaces the error message; a valid one after an error reloads', async () => {
    const routes = { [SRC]: { status: 404 } }
    const { engine, el, notices, fake } = setup({}, routes)
    engine.setSource(SRC, { title: 'A' })
    el.failWith(4)
    const bad = await engine.validateUrl()
    expect(bad).toMatchObject({ ok: false, error: 'Erro HTTP 404' })
    expect(engine.getSnapshot().error).toBe('Erro HTTP 404')
    expect(notices.at(-1)).toMatchObject({ tone: 'error', title: 'Erro no áudio', description: 'Erro HTTP 404' })

    fake.routes[SRC] = { status: 200, contentType: 'audio/mpeg' }
    const loads = el.loadCalls
    const good = await engine.validateUrl()
    expect(good.ok).toBe(true)
    expect(el.loadCalls).toBe(loads + 1)
    expect(engine.getSnapshot().status).toBe('loading')
  })

  it('warns about a non-audio content type', async () => {
    const { engine, notices } = setup({}, { [SRC]: { status: 200, contentType: 'text/html' } })
    engine.setSource(SRC, { title: 'A' })
    const result = await engine.validateUrl()
    expect(result.ok).toBe(true)
    expect(result.warning).toContain('text/html')
    expect(notices.at(-1)?.tone).toBe('warning')
  })
})

describe('VoiceEngine – diagnostics', () => {
  it("runDiagnostics: all fine → 'Diagnóstico Concluído'", async () => {
    const { engine, notices } = setupReady()
    const report = await engine.runDiagnostics()
    expect(report?.ok).toBe(true)
    expect(report?.findings.map((f) => f.id)).toEqual([
      'element',
      'source',
      'readyState',
      'network',
      'mediaError',
      'format',
      'online',
      'url',
      'server',
    ])
    expect(notices.at(-1)).toMatchObject({ tone: 'success', title: 'Diagnóstico Concluído', description: report?.summary })
  })

  it("runDiagnostics: a missing file → 'Problema Detectado'", async () => {
    const { engine, el, notices } = setup({}, { [SRC]: { status: 404 } })
    engine.setSource(SRC, { title: 'A' })
    el.failWith(4)
    const report = await engine.runDiagnostics()
    expect(report?.ok).toBe(false)
    expect(report?.summary).toContain('Erro HTTP 404')
    expect(notices.at(-1)).toMatchObject({ tone: 'error', title: 'Problema Detectado' })
  })

  it("runDiagnostics: an unexpected failure → 'Erro no Diagnóstico'", async () => {
    const { engine, el, notices } = setupReady()
    el.canPlayType = () => {
      throw new Error('quebrou')
    }
    expect(await engine.runDiagnostics()).toBeNull()
    expect(notices.at(-1)).toMatchObject({ tone: 'error', title: 'Erro no Diagnóstico', description: 'quebrou' })
  })

  it("after destroy → 'Elemento não encontrado'", async () => {
    const { engine, notices } = setupReady()
    const collected: PlayerNotice[] = []
    engine.destroy()
    // Listeners were cleared by destroy; subscribe again to observe.
    engine.on('notice', (n) => collected.push(n))
    expect(await engine.runDiagnostics()).toBeNull()
    expect(await engine.testPlayback()).toMatchObject({ ok: false, message: 'Elemento não encontrado' })
    expect(notices).toHaveLength(0)
    expect(collected.map((n) => n.title)).toEqual(['Elemento não encontrado', 'Elemento não encontrado'])
  })

  it("testPlayback: metadata and play OK → 'Teste Bem-sucedido'", async () => {
    const { engine, probe, notices, el } = setupReady()
    const pending = engine.testPlayback()
    probe.loadMetadata(65)
    const result = await pending
    expect(result).toMatchObject({ ok: true, duration: 65 })
    expect(notices.at(-1)).toMatchObject({ tone: 'success', title: 'Teste Bem-sucedido' })
    expect(probe.paused).toBe(true)
    expect(probe.src).toBe('')
    expect(el.playCalls).toBe(0) // the main element was left alone
  })

  it("testPlayback: no metadata within 10 s → 'Timeout ao carregar metadata'", async () => {
    const { engine, notices } = setupReady()
    const pending = engine.testPlayback()
    await vi.advanceTimersByTimeAsync(9_999)
    expect(notices).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(await pending).toEqual({ ok: false, message: 'Timeout ao carregar metadata' })
    expect(notices.at(-1)).toMatchObject({ tone: 'error', title: 'Falha no Teste', description: 'Timeout ao carregar metadata' })
  })

  it.each([
    [2, 'Erro de rede'],
    [4, 'Arquivo não suportado ou erro CORS'],
    [3, 'Erro de mídia: 3'],
  ])('testPlayback: media error %i → %s', async (code, message) => {
    const { engine, probe } = setupReady()
    const pending = engine.testPlayback()
    probe.failWith(code)
    expect(await pending).toEqual({ ok: false, message })
  })

  it("testPlayback: an error without details → 'Erro desconhecido'", async () => {
    const { engine, probe } = setupReady()
    const pending = engine.testPlayback()
    probe.fire('error')
    expect(await pending).toEqual({ ok: false, message: 'Erro desconhecido' })
  })

  it('testPlayback: blocked play → the autoplay-policy message', async () => {
    const { engine, probe, notices } = setupReady()
    probe.playBehaviour = 'reject-not-allowed'
    const pending = engine.testPlayback()
    probe.loadMetadata(30)
    expect(await pending).toEqual({
      ok: false,
      message: 'Política de autoplay do navegador - interação do usuário necessária',
    })
    expect(notices.at(-1)?.title).toBe('Falha no Teste')
  })

  it('the diagnostics log keeps only the latest 100 entries', async () => {
    const { engine } = setupReady()
    for (let i = 0; i < 80; i++) {
      await engine.play()
      engine.pause()
    }
    const log = engine.getDiagnosticsLog()
    expect(log).toHaveLength(100)
    expect(log.at(-1)?.message).toBe('Pausar')
    expect(log.some((entry) => entry.message === 'Carregando áudio')).toBe(false)
  })
})

describe('VoiceEngine – destroy', () => {
  it('clears every timer and listener', async () => {
    const { engine, el, notices } = await setupPlaying({ pauseBetweenRepeats: 2 })
    const onChange = vi.fn()
    engine.subscribe(onChange)
    el.finish() // transitioning: a timer is pending
    engine.setSource(SRC_B, { title: 'B' }) // loading: timeout + monitor pending
    expect(vi.getTimerCount()).toBeGreaterThan(0)
    engine.destroy()
    expect(vi.getTimerCount()).toBe(0)
    onChange.mockClear()
    const count = notices.length
    el.failWith(2)
    el.loadMetadata(10)
    vi.advanceTimersByTime(60_000)
    expect(onChange).not.toHaveBeenCalled()
    expect(notices).toHaveLength(count)
    expect(el.src).toBe('')
    expect(await engine.play()).toBe(false)
  })
})
