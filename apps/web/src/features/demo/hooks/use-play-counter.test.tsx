import { describe, expect, it, vi, beforeEach } from 'vitest'
import { act, fireEvent, renderHook, screen } from '@testing-library/react'
import type { Audio } from '@sintonia/contract'
import { renderWithProviders } from '../../../test/render'
import { DemoView } from '../components/demo-view'
import { initialPlayCounterState, playCounterReducer, usePlayCounter } from './use-play-counter'

const toastSuccess = vi.hoisted(() => vi.fn())
vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { success: toastSuccess, info: vi.fn(), error: vi.fn() }) }))

const audio: Audio = {
  id: '5b0c4b8e-6f0a-4a4e-9c39-0f1f5d7a1a11',
  title: 'Mente Presente',
  description: 'Uma pausa guiada para voltar ao agora.',
  fieldId: '0d7d0e3c-2f7e-4b0e-8d1e-3c8f6a9b2c44',
  tags: ['foco'],
  isDemo: true,
  durationSeconds: 205,
  duration: '3:25',
  url: '/api/audios/5b0c4b8e-6f0a-4a4e-9c39-0f1f5d7a1a11/file',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
}

describe('playCounterReducer', () => {
  it('counts one play per completion and resets to zero', () => {
    let state = initialPlayCounterState
    state = playCounterReducer(state, { type: 'completed' })
    state = playCounterReducer(state, { type: 'completed' })
    expect(state.plays).toBe(2)
    state = playCounterReducer(state, { type: 'reset' })
    expect(state.plays).toBe(0)
  })

  it('keeps the same state object when resetting an empty counter', () => {
    expect(playCounterReducer(initialPlayCounterState, { type: 'reset' })).toBe(initialPlayCounterState)
  })
})

describe('usePlayCounter', () => {
  it('exposes stable callbacks', () => {
    const { result, rerender } = renderHook(() => usePlayCounter())
    const { countPlay, reset } = result.current
    act(() => countPlay())
    rerender()
    expect(result.current.plays).toBe(1)
    expect(result.current.countPlay).toBe(countPlay)
    expect(result.current.reset).toBe(reset)
  })
})

describe('DemoView plays counter', () => {
  beforeEach(() => toastSuccess.mockClear())

  function renderView(props: Partial<Parameters<typeof DemoView>[0]> = {}) {
    return renderWithProviders(<DemoView audio={audio} fieldTitle="Foco e Clareza" isAlternative={false} {...props} />)
  }

  it('counts a play each time the audio ends and resets with a toast', () => {
    renderView()
    const player = screen.getByTestId('demo-audio') as HTMLAudioElement
    expect(player.getAttribute('preload')).toBe('metadata')
    expect(player.getAttribute('src')).toBe(audio.url)
    screen.getByText('Reproduções: 0')

    fireEvent.ended(player)
    fireEvent.ended(player)
    screen.getByText('Reproduções: 2')

    fireEvent.click(screen.getByRole('button', { name: 'Reiniciar Contador' }))
    screen.getByText('Reproduções: 0')
    expect(toastSuccess).toHaveBeenCalledWith('Demonstração reiniciada!')
  })

  it('shows the details, the field fallback and the alternative warning', () => {
    renderView({ fieldTitle: null, isAlternative: true })
    screen.getByRole('heading', { level: 1, name: 'Mente Presente' })
    screen.getByText('Campo não encontrado')
    expect(screen.getAllByText('3:25', { exact: false }).length).toBeGreaterThan(0)
    screen.getByText('Áudio demo original indisponível. Usando áudio alternativo para demonstração.')
    screen.getByRole('button', { name: 'Reproduzir' })
    expect(screen.getByRole('link', { name: /Acessar Biblioteca Completa/ }).getAttribute('href')).toBe('/assinatura')
    expect(screen.getByRole('link', { name: /Sua mente Merece!/ }).getAttribute('href')).toBe('/assinatura')
    expect(screen.getByRole('link', { name: /Voltar ao início/ }).getAttribute('href')).toBe('/')
  })

  it('switches the play button label while playing', () => {
    renderView()
    const player = screen.getByTestId('demo-audio')
    fireEvent.play(player)
    screen.getByRole('button', { name: 'Pausar' })
    fireEvent.pause(player)
    screen.getByRole('button', { name: 'Reproduzir' })
  })
})
