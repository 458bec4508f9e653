import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen } from '@testing-library/react'
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
  voice = new FakeAudioElement()
  music = new FakeAudioElement()
  player = createListenerPlayer({ voiceElement: voice, musicElement: music, storage: null, document: null, loadMusic: loadPublicBackgroundMusic })
})
afterEach(() => player.destroy())

describe('StandalonePlayer (the demo)', () => {
  it('plays the one audio with repetitions, the public background track and a reset the page can announce', async () => {
    const onReset = vi.fn()
    render(<StandalonePlayer player={player} audio={AUDIO} contextTitle="Prosperidade" productName="Sintonia" onReset={onReset} />)
    await vi.waitFor(() => expect(voice.src).toBe(AUDIO.url))
    act(() => voice.loadMetadata(13))
    player.preferences.update({ repeatCount: 2 })
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
  })
})
