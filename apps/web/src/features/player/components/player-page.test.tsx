import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen } from '@testing-library/react'
import { API } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { createListenerPlayer, type ListenerPlayer } from '../engine/create-player'
import { FakeAudioElement } from '../engine/testing/fake-audio'
import { listeningQueue } from '../hooks/listening-queue'
import { PlayerPage, type PlayerPageProps } from './player-page'

const toastMock = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() }))
vi.mock('sonner', () => ({ toast: toastMock }))

const AUDIO_ID = '6f1c2d1e-8b0a-4c3e-9a55-0d6b8f1e2a3b'
const audio = { id: AUDIO_ID, title: 'Calma Interior', url: `/api/audios/${AUDIO_ID}/file`, durationSeconds: 185, duration: '3:05' }

let player: ListenerPlayer
const sent: unknown[] = []

beforeEach(() => {
  player = createListenerPlayer({
    voiceElement: new FakeAudioElement(),
    musicElement: new FakeAudioElement(),
    storage: null,
    document: null,
    loadMusic: async () => ({ tracks: [] }),
  })
  sent.length = 0
  listeningQueue.reset(async (events) => void sent.push(...events))
  vi.stubGlobal(
    'fetch',
    vi.fn(fetchByPath({ [API.listening.today]: () => jsonResponse({ audioId: AUDIO_ID, repetitionsToday: 3 }) })),
  )
})
afterEach(() => {
  player.destroy()
  listeningQueue.reset()
  vi.unstubAllGlobals()
  vi.clearAllMocks()
})

function renderPage(overrides: Partial<PlayerPageProps> = {}) {
  const props: PlayerPageProps = {
    player,
    audio,
    mode: 'field',
    contextTitle: 'Ansiedade',
    contextDescription: 'Áudios para acalmar a mente.',
    index: 1,
    total: 3,
    nextTitle: 'Respiração Profunda',
    onPrevious: vi.fn(),
    onNext: vi.fn(),
    backTo: '/campo/f',
    productName: 'Sintonia',
    ...overrides,
  }
  renderWithProviders(<PlayerPage {...props} />)
  return props
}

describe('PlayerPage', () => {
  it('shows the position, the stats and enables both directions in the middle of the list', async () => {
    const props = renderPage()
    screen.getByRole('heading', { level: 1, name: 'Calma Interior' })
    expect(screen.getByTestId('audio-position').textContent).toBe('Áudio 2 de 3')
    screen.getByText('Áudios para acalmar a mente.')
    expect(screen.getByRole('link', { name: /Ver Lista/ }).getAttribute('href')).toBe('/campo/f')
    screen.getByText('Total no Campo')
    expect(screen.getByTestId('stat-current').textContent).toBe('2')
    expect(screen.getByTestId('stat-total').textContent).toBe('3')
    await screen.findByText('3', { selector: '[data-testid="stat-today"]' })

    const previous = screen.getByRole('button', { name: /Anterior/ }) as HTMLButtonElement
    const next = screen.getByRole('button', { name: /^Próximo/ }) as HTMLButtonElement
    expect(previous.disabled).toBe(false)
    expect(next.disabled).toBe(false)
    fireEvent.click(previous)
    fireEvent.click(next)
    fireEvent.click(screen.getByRole('button', { name: /Reproduzir Próximo/ }))
    expect(props.onPrevious).toHaveBeenCalledTimes(1)
    expect(props.onNext).toHaveBeenCalledTimes(2)
    screen.getByText('Respiração Profunda')
  })

  it('disables Anterior at the start and Próximo at the end (playlist mode)', () => {
    renderPage({ mode: 'playlist', contextTitle: 'Minha manhã', index: 0, total: 1, onPrevious: null, onNext: null, nextTitle: null, backTo: '/dashboard' })
    expect(screen.getByTestId('audio-position').textContent).toBe('Áudio 1 de 1')
    expect((screen.getByRole('button', { name: /Anterior/ }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: /^Próximo/ }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByText('Próximo áudio')).toBeNull()
    screen.getByText('Total na Playlist')
    expect(screen.getByRole('link', { name: /Ver Playlists/ }).getAttribute('href')).toBe('/dashboard')
  })

  it('counts each repetition, records it, and toasts on multiples of 5', async () => {
    const handlers: ((n: number) => void)[] = []
    const original = player.voice.on.bind(player.voice)
    const spy = vi.spyOn(player.voice, 'on')
    spy.mockImplementation((event, handler) => {
      if (event === 'repeatCompleted') handlers.push(handler as (n: number) => void)
      return original(event, handler)
    })
    renderPage()
    await screen.findByText('3', { selector: '[data-testid="stat-today"]' })
    expect(handlers).toHaveLength(1)
    const complete = handlers[0]!

    for (let n = 1; n <= 4; n++) act(() => complete(n))
    expect(toastMock.success).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(screen.getByTestId('stat-today').textContent).toBe('7'))

    act(() => complete(5))
    expect(toastMock.success).toHaveBeenCalledTimes(1)
    expect(toastMock.success.mock.calls[0]?.[0]).toBe('Excelente progresso!')
    act(() => complete(6))
    expect(toastMock.success).toHaveBeenCalledTimes(1)
    act(() => complete(10))
    expect(toastMock.success).toHaveBeenCalledTimes(2)

    await vi.waitFor(() => expect(sent).toHaveLength(7))
    expect(sent.every((e) => (e as { kind: string }).kind === 'repetition')).toBe(true)
    expect(new Set(sent.map((e) => (e as { id: string }).id)).size).toBe(7)
  })

  it('in a playlist, an audio that finished its repetitions moves on to the next one, still playing', async () => {
    const props = renderPage({ mode: 'playlist', contextTitle: 'Minha manhã', index: 0, total: 2, onPrevious: null, backTo: '/dashboard' })
    const element = player.voice.element as FakeAudioElement
    player.preferences.update({ repeatCount: 2 })
    await vi.waitFor(() => expect(player.voice.getSnapshot().status).toBe('loading'))
    act(() => element.loadMetadata(185))
    await act(async () => {
      await player.voice.play()
    })
    act(() => element.finish())
    await vi.waitFor(() => expect(player.voice.getSnapshot().status).toBe('playing'))
    expect(props.onNext).not.toHaveBeenCalled()
    act(() => element.finish())
    expect(props.onNext).toHaveBeenCalledTimes(1)
    expect(player.voice.getSnapshot()).toMatchObject({ completedRepeats: 2, isPlayingIntent: true })
  })

  it("the last audio of a playlist, or an audio of a field, stops after its repetitions and reads 'Concluído'", async () => {
    const props = renderPage({ onNext: null, nextTitle: null })
    const element = player.voice.element as FakeAudioElement
    player.preferences.update({ repeatCount: 1 })
    await vi.waitFor(() => expect(player.voice.getSnapshot().status).toBe('loading'))
    act(() => element.loadMetadata(185))
    await act(async () => {
      await player.voice.play()
    })
    expect(screen.getByTestId('player-status').textContent).toBe('Reproduzindo')
    act(() => element.finish())
    expect(screen.getByTestId('player-status').textContent).toBe('Concluído')
    expect(screen.getByRole('button', { name: 'Reproduzir' })).toBeTruthy()
    expect(props.onNext).toBeNull()
  })

  it("a programme day's audio plays its own count from where it was left, says so to the page, and records each repetition", async () => {
    const onRepeatCompleted = vi.fn()
    const onCycleCompleted = vi.fn()
    renderPage({
      audio: { ...audio, repeatCount: 3, completedRepeats: 1 },
      mode: 'playlist',
      contextTitle: 'Dia 2 de 21',
      index: 0,
      total: 1,
      onPrevious: null,
      onNext: null,
      nextTitle: null,
      backTo: '/dashboard',
      backLabel: 'Voltar ao início',
      totalLabel: 'Áudios do dia',
      onRepeatCompleted,
      onCycleCompleted,
    })
    expect(screen.getByRole('link', { name: /Voltar ao início/ }).getAttribute('href')).toBe('/dashboard')
    screen.getByText('Áudios do dia')
    const element = player.voice.element as FakeAudioElement
    // The listener's own setting does not change the day's count.
    player.preferences.update({ repeatCount: 9 })
    await vi.waitFor(() => expect(player.voice.getSnapshot().status).toBe('loading'))
    expect(player.voice.getSnapshot()).toMatchObject({ repeatTarget: 3, completedRepeats: 1 })
    expect(screen.getByTestId('repeat-counter').textContent).toContain('Repetições: 1 / 3')
    act(() => element.loadMetadata(185))
    await act(async () => {
      await player.voice.play()
    })
    act(() => element.finish())
    await vi.waitFor(() => expect(player.voice.getSnapshot().status).toBe('playing'))
    expect(onRepeatCompleted).toHaveBeenLastCalledWith(2)
    expect(onCycleCompleted).not.toHaveBeenCalled()
    act(() => element.finish())
    expect(onRepeatCompleted).toHaveBeenLastCalledWith(3)
    expect(onCycleCompleted).toHaveBeenCalledTimes(1)
    expect(screen.getByTestId('player-status').textContent).toBe('Concluído')
    await vi.waitFor(() => expect(sent.filter((e) => (e as { kind: string }).kind === 'repetition')).toHaveLength(2))
  })

  it('a field audio with a next one does not move on by itself', async () => {
    const props = renderPage()
    const element = player.voice.element as FakeAudioElement
    player.preferences.update({ repeatCount: 1 })
    await vi.waitFor(() => expect(player.voice.getSnapshot().status).toBe('loading'))
    act(() => element.loadMetadata(185))
    await act(async () => {
      await player.voice.play()
    })
    act(() => element.finish())
    expect(props.onNext).not.toHaveBeenCalled()
    expect(screen.getByTestId('player-status').textContent).toBe('Concluído')
  })
})
