import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen } from '@testing-library/react'
import { API } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { createListenerPlayer, type ListenerPlayer } from '../engine/create-player'
import { FakeAudioElement } from '../engine/testing/fake-audio'
import { loadPublicBackgroundMusic } from '../api/listener-api'
import { StandalonePlayer } from './standalone-player'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() } }))

const AUDIO = { id: '00000000-0000-4000-8000-000000000001', title: 'Boas-Vindas', url: '/api/audios/00000000-0000-4000-8000-000000000001/file', durationSeconds: 13 }

let player: ListenerPlayer
let voice: FakeAudioElement
let music: FakeAudioElement

beforeEach(() => {
  // The demo's transcript, which the player asks for to show "Transcrição" (transcript.test.tsx covers the sheet).
  vi.stubGlobal('fetch', vi.fn(fetchByPath({ [API.catalogue.audioTranscript(AUDIO.id)]: () => jsonResponse({ transcript: 'Que bom ter você aqui.' }) })))
  voice = new FakeAudioElement()
  music = new FakeAudioElement()
  player = createListenerPlayer({ voiceElement: voice, musicElement: music, storage: null, document: null, loadMusic: loadPublicBackgroundMusic })
})
afterEach(() => {
  player.destroy()
  vi.unstubAllGlobals()
})

describe('StandalonePlayer (the demo)', () => {
  it('plays the one audio with repetitions, the public background track and a reset the page can announce', async () => {
    const onReset = vi.fn()
    player.preferences.update({ repeatCount: 2 })
    renderWithProviders(<StandalonePlayer player={player} audio={AUDIO} contextTitle="Prosperidade" productName="Sintonia" onReset={onReset} />)
    // No session here (none resolved): the demo plays its own file, repeated by page code.
    await vi.waitFor(() => expect(voice.src).toBe(AUDIO.url))
    act(() => voice.loadMetadata(13))
    screen.getByRole('button', { name: 'Configurações de Áudio' })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reproduzir' }))
    })
    // The music under the voice is the built-in public track (no subscriber list is asked for).
    await vi.waitFor(() => expect(music.src).toContain('/background.mp3'))
    act(() => voice.finish())
    expect(screen.getByTestId('repeat-counter').textContent).toContain('Repetições: 1')
    fireEvent.click(screen.getByRole('button', { name: 'Reiniciar áudio e contador' }))
    expect(onReset).toHaveBeenCalledTimes(1)
    expect(screen.getByTestId('repeat-counter').textContent).toContain('Repetições: 0')
    // The demo's transcript is public: its player offers it.
    expect(await screen.findByRole('button', { name: 'Transcrição' })).toBeTruthy()
  })

  it("plays the demo's rendered session when there is one: the music is in the stream, the music element stays silent", async () => {
    const manifest = {
      key: 'b'.repeat(32),
      url: `/api/sessions/${'b'.repeat(32)}/audio`,
      durationSeconds: 25,
      bytes: 200_000,
      items: [{ audioId: AUDIO.id, title: AUDIO.title, repetitions: 1, start: 2, end: 15, repetitionStarts: [2], repetitionEnds: [15] }],
      music: { id: '00000000-0000-4000-8000-000000000009', title: 'Brisa Suave' },
      musicLevel: 25,
      pauseSeconds: 0,
      endless: false,
      endsEarly: false,
      itemsLeft: 0,
    }
    player.destroy()
    player = createListenerPlayer({ voiceElement: voice, musicElement: music, storage: null, document: null, loadMusic: loadPublicBackgroundMusic, resolveSession: async () => ({ manifest, url: manifest.url }) })
    renderWithProviders(<StandalonePlayer player={player} audio={AUDIO} contextTitle="Prosperidade" productName="Sintonia" />)
    await vi.waitFor(() => expect(voice.src).toBe(manifest.url))
    act(() => voice.loadMetadata(25))
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reproduzir' }))
    })
    expect(screen.getByTestId('background-music-status').textContent).toBe('Música de fundo: Brisa Suave')
    expect(music.playCalls).toBe(0)
    act(() => voice.finish())
    expect(screen.getByTestId('repeat-counter').textContent).toContain('Repetições: 1')
    expect(screen.getByTestId('player-status').textContent).toBe('Concluído')
  })
})
