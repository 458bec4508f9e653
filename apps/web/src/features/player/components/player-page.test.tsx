import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useState } from 'react'
import { act, fireEvent, screen } from '@testing-library/react'
import { API, type SessionManifest, type SessionRequest } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { createListenerPlayer, type ListenerPlayer } from '../engine/create-player'
import type { PlayableSession, PlayerQueueItem } from '../engine/session-request'
import { FakeAudioElement } from '../engine/testing/fake-audio'
import { listeningQueue } from '../hooks/listening-queue'
import { PlayerPage, type PlayerPageProps } from './player-page'

const toastMock = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() }))
vi.mock('sonner', () => ({ toast: toastMock }))

const IDS = ['6f1c2d1e-8b0a-4c3e-9a55-0d6b8f1e2a3b', '7a2d3e2f-9c1b-4d4f-8b66-1e7c9f2a3b4c', '8b3e4f30-ad2c-4e50-9c77-2f8da03b4c5d']
const QUEUE: PlayerQueueItem[] = [
  { id: IDS[0]!, title: 'Respiração Profunda', url: `/api/audios/${IDS[0]}/file`, durationSeconds: 120, duration: '2:00' },
  { id: IDS[1]!, title: 'Calma Interior', url: `/api/audios/${IDS[1]}/file`, durationSeconds: 185, duration: '3:05' },
  { id: IDS[2]!, title: 'Noite Serena', url: `/api/audios/${IDS[2]}/file`, durationSeconds: 150, duration: '2:30' },
]

/** The session the fake server renders for a request: each audio 10 s, 2 s lead-in, 3 s between audios. */
function manifestFor(request: SessionRequest): SessionManifest {
  let at = 2
  // "Sem parar" (0 repetitions asked): an hour of them.
  const endless = request.items.length === 1 && request.items[0]!.repetitions === 0
  const items = request.items.map((item, i) => {
    if (i > 0) at += 3
    const starts: number[] = []
    const ends: number[] = []
    const count = endless ? 360 : item.repetitions
    for (let r = 0; r < count; r++) {
      starts.push(at)
      at += 10
      ends.push(at)
      if (r < count - 1) at += request.pauseSeconds
    }
    return { audioId: item.audioId, title: QUEUE.find((q) => q.id === item.audioId)!.title, repetitions: count, start: starts[0]!, end: at, repetitionStarts: starts, repetitionEnds: ends }
  })
  const key = 'a'.repeat(32)
  return { key, url: `/api/sessions/${key}/audio`, durationSeconds: at + 5, bytes: 1000, items, music: { id: IDS[0]!, title: 'Brisa Suave' }, musicLevel: 25, pauseSeconds: request.pauseSeconds, endless, endsEarly: request.endAtSeconds !== null, itemsLeft: 0 }
}

let player: ListenerPlayer
let element: FakeAudioElement
let requests: SessionRequest[]
let withSessions: boolean
const sent: unknown[] = []

beforeEach(() => {
  element = new FakeAudioElement()
  requests = []
  withSessions = false
  player = createListenerPlayer({
    voiceElement: element,
    musicElement: new FakeAudioElement(),
    storage: null,
    document: null,
    loadMusic: async () => ({ tracks: [] }),
    resolveSession: async (request): Promise<PlayableSession | null> => {
      requests.push(request)
      if (!withSessions) return null
      const manifest = manifestFor(request)
      return { manifest, url: manifest.url }
    },
  })
  sent.length = 0
  listeningQueue.reset(async (events) => void sent.push(...events))
  vi.stubGlobal('fetch', vi.fn(fetchByPath({ [API.listening.today]: () => jsonResponse({ audioId: IDS[1], repetitionsToday: 3 }) })))
})
afterEach(() => {
  player.destroy()
  listeningQueue.reset()
  vi.unstubAllGlobals()
  vi.clearAllMocks()
})

/** The page as a route holds it: the index moves when the page says so. */
function Harness(props: Omit<PlayerPageProps, 'index' | 'onIndexChange'> & { start: number; onIndexChange: PlayerPageProps['onIndexChange'] }) {
  const { start, onIndexChange, ...rest } = props
  const [index, setIndex] = useState(start)
  return (
    <PlayerPage
      {...rest}
      index={index}
      onIndexChange={(next, reason) => {
        onIndexChange(next, reason)
        setIndex(next)
      }}
    />
  )
}

function renderPage(overrides: Partial<Omit<PlayerPageProps, 'index'>> & { start?: number } = {}) {
  const onIndexChange = vi.fn()
  const { start = 1, ...rest } = overrides
  const props = {
    player,
    queue: QUEUE,
    mode: 'field' as const,
    continuous: false,
    contextTitle: 'Ansiedade',
    contextDescription: 'Áudios para acalmar a mente.',
    backTo: '/campo/f',
    productName: 'Sintonia',
    onIndexChange,
    ...rest,
  }
  renderWithProviders(<Harness {...props} start={start} />)
  return { onIndexChange }
}

async function loaded(duration = 185) {
  await vi.waitFor(() => expect(player.voice.getSnapshot().status).toBe('loading'))
  act(() => element.loadMetadata(duration))
}

describe('PlayerPage', () => {
  it('shows the position, the stats and moves both ways in the middle of the list', async () => {
    const { onIndexChange } = renderPage()
    screen.getByRole('heading', { level: 1, name: 'Calma Interior' })
    expect(screen.getByTestId('audio-position').textContent).toBe('Áudio 2 de 3')
    screen.getByText('Áudios para acalmar a mente.')
    expect(screen.getByRole('link', { name: /Ver Lista/ }).getAttribute('href')).toBe('/campo/f')
    screen.getByText('Total no Campo')
    expect(screen.getByTestId('stat-current').textContent).toBe('2')
    expect(screen.getByTestId('stat-total').textContent).toBe('3')
    await screen.findByText('3', { selector: '[data-testid="stat-today"]' })
    screen.getByText('Noite Serena')

    fireEvent.click(screen.getByRole('button', { name: /Anterior/ }))
    expect(onIndexChange).toHaveBeenLastCalledWith(0, 'chosen')
    await screen.findByRole('heading', { level: 1, name: 'Respiração Profunda' })
    expect((screen.getByRole('button', { name: /Anterior/ }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: /Reproduzir Próximo/ }))
    expect(onIndexChange).toHaveBeenLastCalledWith(1, 'chosen')
  })

  it('disables Anterior at the start and Próximo at the end (playlist mode)', () => {
    renderPage({ mode: 'playlist', continuous: true, contextTitle: 'Minha manhã', queue: [QUEUE[0]!], start: 0, backTo: '/dashboard' })
    expect(screen.getByTestId('audio-position').textContent).toBe('Áudio 1 de 1')
    expect((screen.getByRole('button', { name: /Anterior/ }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: /^Próximo/ }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByText('Próximo áudio')).toBeNull()
    screen.getByText('Total na Playlist')
    expect(screen.getByRole('link', { name: /Ver Playlists/ }).getAttribute('href')).toBe('/dashboard')
  })

  it('asks for one session of a field audio, with the listener’s settings', async () => {
    player.preferences.update({ repeatCount: 4, pauseBetweenRepeats: 2, musicVolume: 40 })
    renderPage()
    await vi.waitFor(() => expect(requests).toHaveLength(1))
    expect(requests[0]).toEqual({ items: [{ audioId: IDS[1], repetitions: 4 }], pauseSeconds: 2, music: 'auto', musicLevel: 40, endAtSeconds: null })
  })

  it('counts each repetition heard in the session, records it dated when it ended, and toasts on multiples of 5', async () => {
    withSessions = true
    player.preferences.update({ repeatCount: 10, pauseBetweenRepeats: 0 })
    renderPage()
    await loaded(107)
    await act(async () => {
      await player.voice.play()
    })
    await screen.findByText('3', { selector: '[data-testid="stat-today"]' })
    // The page slept through four repetitions (a locked phone), then wakes.
    act(() => {
      element.playWhileAsleep(45)
      element.fire('timeupdate')
    })
    expect(screen.getByTestId('repeat-counter').textContent).toContain('Repetições: 4 / 10')
    await vi.waitFor(() => expect(screen.getByTestId('stat-today').textContent).toBe('7'))
    expect(toastMock.success).not.toHaveBeenCalled()
    act(() => element.advance(10))
    expect(toastMock.success).toHaveBeenCalledTimes(1)
    expect(toastMock.success.mock.calls[0]?.[0]).toBe('Excelente progresso!')
    await vi.waitFor(() => expect(sent).toHaveLength(5 + 1)) // five repetitions and the play
    const repetitions = sent.filter((e) => (e as { kind: string }).kind === 'repetition') as Array<{ id: string; occurredAt: string }>
    expect(new Set(repetitions.map((e) => e.id)).size).toBe(5)
    // Each dated when it ended: ten seconds apart.
    const times = repetitions.map((e) => Date.parse(e.occurredAt))
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(9_000)
  })

  it('in a playlist the session holds the audios after this one; the page follows the stream to the next', async () => {
    withSessions = true
    player.preferences.update({ repeatCount: 1 })
    const { onIndexChange } = renderPage({ mode: 'playlist', continuous: true, start: 0, backTo: '/dashboard' })
    await vi.waitFor(() => expect(requests).toHaveLength(1))
    expect(requests[0]!.items.map((item) => item.audioId)).toEqual(IDS)
    await loaded(50)
    await act(async () => {
      await player.voice.play()
    })
    act(() => element.advance(13))
    expect(onIndexChange).toHaveBeenLastCalledWith(1, 'followed')
    await screen.findByRole('heading', { level: 1, name: 'Calma Interior' })
    expect(requests).toHaveLength(1) // still the same stream
    // "Próximo" is a jump inside the stream, not a new session.
    fireEvent.click(screen.getByRole('button', { name: /^Próximo/ }))
    expect(element.currentTime).toBe(27)
    await screen.findByRole('heading', { level: 1, name: 'Noite Serena' })
    expect(requests).toHaveLength(1)
  })

  it('"sem parar" shows the audio’s own length and the repetition playing, never the hour-long stream’s', async () => {
    withSessions = true
    player.preferences.update({ repeatCount: 0, pauseBetweenRepeats: 0 })
    renderPage()
    await vi.waitFor(() => expect(requests).toHaveLength(1))
    await loaded(3607)
    await act(async () => {
      await player.voice.play()
    })
    // 5 s into the third repetition of the 10 s audio.
    act(() => element.advance(27))
    await vi.waitFor(() => expect(screen.getByTestId('total').textContent).toBe('Duração do áudio: 0:10 · repetição 3'))
    expect(screen.getByTestId('elapsed').textContent).toBe('Tempo decorrido: 0:05')
    const slider = screen.getByRole('slider', { name: 'Progresso do áudio' })
    expect(slider.getAttribute('max')).toBe('10')
    expect(slider.getAttribute('aria-valuetext')).toBe('0:05 de 0:10, repetição 3')
    // The slider moves inside this repetition.
    fireEvent.change(slider, { target: { value: '8' } })
    expect(element.currentTime).toBe(30)
    expect(document.body.textContent).not.toContain('1:00:07')
  })

  it('a page still showing the previous audio while its navigation finishes does not ask for that audio again', async () => {
    withSessions = true
    player.preferences.update({ repeatCount: 1 })
    let commit: (() => void) | null = null
    function SlowRoute() {
      const [index, setIndex] = useState(1)
      return (
        <PlayerPage
          player={player}
          queue={QUEUE}
          index={index}
          mode="field"
          continuous={false}
          // The route's navigation commits later (a transition), not in the same render.
          onIndexChange={(next) => {
            commit = () => setIndex(next)
          }}
          contextTitle="Ansiedade"
          contextDescription=""
          backTo="/campo/f"
          productName="Sintonia"
        />
      )
    }
    renderWithProviders(<SlowRoute />)
    await vi.waitFor(() => expect(requests).toHaveLength(1))
    fireEvent.click(screen.getByRole('button', { name: /Anterior/ }))
    await vi.waitFor(() => expect(requests).toHaveLength(2))
    expect(requests[1]!.items[0]!.audioId).toBe(IDS[0])
    await vi.waitFor(() => expect(player.voice.getSnapshot().session?.index).toBe(0))
    await act(async () => {})
    expect(requests).toHaveLength(2)
    act(() => commit!())
    await act(async () => {})
    expect(requests).toHaveLength(2)
    expect(player.voice.getSnapshot().meta?.id).toBe(IDS[0])
  })

  it('a changed setting or sleep timer asks for a new session from the audio playing', async () => {
    withSessions = true
    player.preferences.update({ repeatCount: 2 })
    renderPage({ mode: 'playlist', continuous: true, start: 0, backTo: '/dashboard' })
    await loaded(80)
    act(() => element.advance(26)) // the first audio done, the second one shown
    await screen.findByRole('heading', { level: 1, name: 'Calma Interior' })
    fireEvent.change(screen.getByTestId('sleep-timer'), { target: { value: 'min:15' } })
    await vi.waitFor(() => expect(requests).toHaveLength(2))
    expect(requests[1]).toMatchObject({ items: [{ audioId: IDS[1], repetitions: 2 }, { audioId: IDS[2], repetitions: 2 }], endAtSeconds: 900 })
    // "Ao fim de 3 repetições": the audio playing, three more times, and nothing after it.
    fireEvent.change(screen.getByTestId('sleep-timer'), { target: { value: 'rep:3' } })
    await vi.waitFor(() => expect(requests).toHaveLength(3))
    expect(requests[2]).toMatchObject({ items: [{ audioId: IDS[1], repetitions: 3 }], endAtSeconds: null })
    expect((screen.getByTestId('sleep-timer') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Ao fim de 3 repetições')
  })

  it('begun late at night with the night timer on, the session starts with the timer set', async () => {
    withSessions = true
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(2026, 10, 29, 23, 10))
    try {
      player.preferences.update({ nightTimer: { from: '22:00', minutes: 30 } })
      renderPage({ mode: 'playlist', continuous: true, start: 0, backTo: '/dashboard' })
      await loaded(80)
      expect(requests[0]).toMatchObject({ endAtSeconds: 1800 })
      expect((screen.getByTestId('sleep-timer') as HTMLSelectElement).value).toBe('min:30')
    } finally {
      vi.useRealTimers()
    }
  })

  it('begun in the day, the night timer leaves the session to its own end', async () => {
    withSessions = true
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(2026, 10, 29, 15, 0))
    try {
      player.preferences.update({ nightTimer: { from: '22:00', minutes: 30 } })
      renderPage({ mode: 'playlist', continuous: true, start: 0, backTo: '/dashboard' })
      await loaded(80)
      expect(requests[0]).toMatchObject({ endAtSeconds: null })
      expect((screen.getByTestId('sleep-timer') as HTMLSelectElement).value).toBe('fim')
    } finally {
      vi.useRealTimers()
    }
  })

  it('without a session the audio plays by page code: a playlist moves on when its repetitions are done', async () => {
    player.preferences.update({ repeatCount: 2 })
    const { onIndexChange } = renderPage({ mode: 'playlist', continuous: true, contextTitle: 'Minha manhã', start: 0, backTo: '/dashboard' })
    await loaded()
    await act(async () => {
      await player.voice.play()
    })
    act(() => element.finish())
    await vi.waitFor(() => expect(player.voice.getSnapshot().status).toBe('playing'))
    expect(onIndexChange).not.toHaveBeenCalled()
    act(() => element.finish())
    expect(onIndexChange).toHaveBeenCalledWith(1, 'chosen')
    expect(player.voice.getSnapshot().isPlayingIntent).toBe(true)
  })

  it("a failed load waiting for its retry reads 'Carregando áudio...', not 'Pronto para ouvir', and keeps a press for when it loads", async () => {
    renderPage()
    await vi.waitFor(() => expect(player.voice.getSnapshot().status).toBe('loading'))
    act(() => element.failWith(2))
    expect(player.voice.getSnapshot()).toMatchObject({ status: 'error', retrying: true })
    expect(screen.getByTestId('player-status').textContent).toBe('Carregando áudio...')
    fireEvent.click(screen.getByRole('button', { name: 'Reproduzir' }))
    // The wish is kept: the button offers to take it back while the retry comes.
    expect(screen.getByRole('button', { name: 'Pausar' })).toBeTruthy()
    await act(async () => {
      await vi.waitFor(() => expect(player.voice.getSnapshot().status).toBe('loading'), { timeout: 2_000 })
      element.loadMetadata(185)
    })
    await vi.waitFor(() => expect(screen.getByTestId('player-status').textContent).toBe('Reproduzindo'))
  })

  it("a field audio stops after its repetitions and reads 'Concluído'", async () => {
    const { onIndexChange } = renderPage()
    player.preferences.update({ repeatCount: 1 })
    await loaded()
    await act(async () => {
      await player.voice.play()
    })
    expect(screen.getByTestId('player-status').textContent).toBe('Reproduzindo')
    // The breathing light breathes while the voice plays, and rests once it ends.
    expect(screen.getByTestId('breathing-light').dataset.breathing).toBe('true')
    act(() => element.finish())
    expect(screen.getByTestId('player-status').textContent).toBe('Concluído')
    expect(screen.getByTestId('breathing-light').dataset.breathing).toBeUndefined()
    expect(screen.getByRole('button', { name: 'Reproduzir' })).toBeTruthy()
    expect(onIndexChange).not.toHaveBeenCalled()
  })

  it("a programme day's audio asks for the repetitions left, and its counter starts at those heard", async () => {
    withSessions = true
    const onRepetitionHeard = vi.fn()
    renderPage({
      queue: [{ ...QUEUE[1]!, repetitions: 3, heard: 1 }],
      mode: 'playlist',
      continuous: true,
      contextTitle: 'Dia 2 de 21',
      start: 0,
      backTo: '/dashboard',
      backLabel: 'Voltar ao início',
      totalLabel: 'Áudios do dia',
      onRepetitionHeard,
    })
    expect(screen.getByRole('link', { name: /Voltar ao início/ }).getAttribute('href')).toBe('/dashboard')
    screen.getByText('Áudios do dia')
    // The listener's own setting does not change the day's count.
    player.preferences.update({ repeatCount: 9 })
    await vi.waitFor(() => expect(requests.length).toBeGreaterThan(0))
    expect(requests.at(-1)!.items).toEqual([{ audioId: IDS[1], repetitions: 2 }])
    await loaded(30)
    expect(screen.getByTestId('repeat-counter').textContent).toContain('Repetições: 1 / 3')
    await act(async () => {
      await player.voice.play()
    })
    act(() => element.finish())
    expect(onRepetitionHeard.mock.calls.map(([heard]) => [heard.index, heard.completed])).toEqual([
      [0, 2],
      [0, 3],
    ])
    expect(screen.getByTestId('player-status').textContent).toBe('Concluído')
  })
})
