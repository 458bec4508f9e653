import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { createPreferencesStore } from '../engine/preferences'
import { AudioSettingsDialog } from './audio-settings-dialog'

function setup() {
  const preferences = createPreferencesStore({ storage: null })
  const onClose = vi.fn()
  render(<AudioSettingsDialog open onClose={onClose} preferences={preferences} />)
  return { preferences, onClose }
}

describe('AudioSettingsDialog', () => {
  afterEach(() => {
    // jsdom has no showModal; only the modal test below stubs it.
    delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).showModal
  })

  it('is a labelled dialog with the defaults', () => {
    setup()
    const dialog = screen.getByRole('dialog', { name: 'Configurações de Áudio' })
    expect(dialog.hasAttribute('open')).toBe(true)
    expect(screen.getByTestId('volume-value').textContent).toBe('70%')
    expect(screen.getByTestId('repeat-display').textContent).toContain('∞')
    screen.getByText(/música de fundo é configurada automaticamente/)
    expect(screen.getByRole('switch', { name: 'Reprodução automática' }).getAttribute('aria-checked')).toBe('false')
    expect(screen.getByRole('switch', { name: 'Mostrar progresso' }).getAttribute('aria-checked')).toBe('true')
  })

  it("sets the music's level under the voice: the admins' level by default, 0 for none, back to the default", () => {
    const preferences = createPreferencesStore({ storage: null })
    render(<AudioSettingsDialog open onClose={vi.fn()} preferences={preferences} defaultMusicLevel={30} />)
    expect(screen.getByTestId('music-volume-value').textContent).toBe('Padrão (30%)')
    const slider = screen.getByLabelText('Música de fundo')
    expect((slider as HTMLInputElement).value).toBe('30')
    fireEvent.change(slider, { target: { value: '55' } })
    expect(preferences.get().musicVolume).toBe(55)
    expect(screen.getByTestId('music-volume-value').textContent).toBe('55%')
    fireEvent.change(slider, { target: { value: '0' } })
    expect(screen.getByTestId('music-volume-value').textContent).toBe('Sem música')
    fireEvent.click(screen.getByRole('button', { name: 'Usar o volume padrão' }))
    expect(preferences.get().musicVolume).toBeNull()
    expect(screen.queryByRole('button', { name: 'Usar o volume padrão' })).toBeNull()
  })

  it('sets the volume and clamps it to 0-100', () => {
    const { preferences } = setup()
    const slider = screen.getByLabelText('Volume')
    fireEvent.change(slider, { target: { value: '45' } })
    expect(screen.getByTestId('volume-value').textContent).toBe('45%')
    fireEvent.change(slider, { target: { value: '150' } })
    expect(preferences.get().volume).toBe(100)
    expect(screen.getByTestId('volume-value').textContent).toBe('100%')
    preferences.update({ volume: -20 })
    expect(preferences.get().volume).toBe(0)
  })

  it('accepts whole repetition counts and ignores negative or non-numeric input', () => {
    const { preferences } = setup()
    const input = screen.getByLabelText('Repetições')
    fireEvent.change(input, { target: { value: '3' } })
    expect(preferences.get().repeatCount).toBe(3)
    expect(screen.getByTestId('repeat-display').textContent).toBe('3 vezes')
    fireEvent.change(input, { target: { value: '-2' } })
    expect(preferences.get().repeatCount).toBe(3)
    fireEvent.change(input, { target: { value: 'abc' } })
    expect(preferences.get().repeatCount).toBe(3)
    fireEvent.change(input, { target: { value: '2.5' } })
    expect(preferences.get().repeatCount).toBe(3)
    fireEvent.blur(input)
    expect((input as HTMLInputElement).value).toBe('3')
    fireEvent.change(input, { target: { value: '0' } })
    expect(preferences.get().repeatCount).toBe(0)
    expect(screen.getByTestId('repeat-display').textContent).toContain('∞')
  })

  it('sets the pause between repetitions in whole seconds, shown with its unit', () => {
    const { preferences } = setup()
    const input = screen.getByLabelText('Pausa entre repetições (segundos)')
    expect((input as HTMLInputElement).value).toBe('0')
    expect(screen.getByTestId('pause-display').textContent).toBe('Sem pausa')
    fireEvent.change(input, { target: { value: '3' } })
    expect(preferences.get().pauseBetweenRepeats).toBe(3)
    expect(screen.getByTestId('pause-display').textContent).toBe('3 segundos')
    fireEvent.change(input, { target: { value: '1' } })
    expect(screen.getByTestId('pause-display').textContent).toBe('1 segundo')
    for (const bad of ['-2', 'abc', '1.5']) {
      fireEvent.change(input, { target: { value: bad } })
      expect(preferences.get().pauseBetweenRepeats).toBe(1)
    }
    fireEvent.blur(input)
    expect((input as HTMLInputElement).value).toBe('1')
    fireEvent.click(screen.getByRole('button', { name: 'Resetar' }))
    expect(preferences.get().pauseBetweenRepeats).toBe(0)
    expect((input as HTMLInputElement).value).toBe('0')
  })

  it('turns the night timer on with 22:00 and 30 min, changes the hour and the minutes, ignores a blank hour, and off', () => {
    const { preferences } = setup()
    const night = screen.getByRole('switch', { name: 'Timer automático à noite' })
    expect(night.getAttribute('aria-checked')).toBe('false')
    expect(screen.queryByTestId('night-timer')).toBeNull()
    fireEvent.click(night)
    expect(preferences.get().nightTimer).toEqual({ from: '22:00', minutes: 30 })
    fireEvent.change(screen.getByLabelText('A partir das'), { target: { value: '21:30' } })
    fireEvent.change(screen.getByLabelText('Parar depois de'), { target: { value: '45' } })
    expect(preferences.get().nightTimer).toEqual({ from: '21:30', minutes: 45 })
    // A cleared time field is not an hour: the stored one stays.
    fireEvent.change(screen.getByLabelText('A partir das'), { target: { value: '' } })
    expect(preferences.get().nightTimer).toEqual({ from: '21:30', minutes: 45 })
    fireEvent.click(screen.getByRole('switch', { name: 'Timer automático à noite' }))
    expect(preferences.get().nightTimer).toBeNull()
    expect(screen.queryByTestId('night-timer')).toBeNull()
  })

  it('toggles autoplay and progress, resets, and closes with Fechar, the close button or Escape', () => {
    const { preferences, onClose } = setup()
    fireEvent.click(screen.getByRole('switch', { name: 'Reprodução automática' }))
    fireEvent.click(screen.getByRole('switch', { name: 'Mostrar progresso' }))
    expect(preferences.get()).toMatchObject({ autoPlay: true, showProgress: false })
    fireEvent.change(screen.getByLabelText('Volume'), { target: { value: '10' } })
    fireEvent.click(screen.getByRole('button', { name: 'Resetar' }))
    expect(preferences.get()).toMatchObject({ volume: 70, repeatCount: 0, autoPlay: false, showProgress: true })
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }))
    expect(onClose).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('button', { name: 'Fechar diálogo' }))
    expect(onClose).toHaveBeenCalledTimes(2)
    // Escape on a modal <dialog> is its cancel event.
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }))
    expect(onClose).toHaveBeenCalledTimes(3)
  })

  it('opens as a modal: showModal gives the focus trap, the inert page and Escape', () => {
    const showModal = vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute('open', '')
    })
    HTMLDialogElement.prototype.showModal = showModal
    setup()
    expect(showModal).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('dialog', { name: 'Configurações de Áudio' }).hasAttribute('open')).toBe(true)
  })
})
