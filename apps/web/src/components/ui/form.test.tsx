import { useState, type FormEvent } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { EmailInput, FormAlert, FormField, TextInput, revealScrollDelta, useErrorReveal } from './form'

function Field({ autoComplete }: { autoComplete?: string }) {
  const [email, setEmail] = useState('')
  return (
    <>
      <label htmlFor="email">E-mail</label>
      <EmailInput id="email" value={email} onValueChange={setEmail} autoComplete={autoComplete} />
      <output data-testid="value">{`[${email}]`}</output>
    </>
  )
}

describe('EmailInput', () => {
  it('is an e-mail field with the e-mail keyboard, autofill and the 254-character limit', () => {
    render(<Field />)
    const input = screen.getByLabelText('E-mail')
    expect(input.getAttribute('type')).toBe('email')
    expect(input.getAttribute('inputmode')).toBe('email')
    expect(input.getAttribute('autocomplete')).toBe('email')
    expect(input.getAttribute('autocapitalize')).toBe('none')
    expect(input.getAttribute('spellcheck')).toBe('false')
    expect(input.getAttribute('maxlength')).toBe('254')
  })

  it('hands over the address without the spaces around it', () => {
    render(<Field />)
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: '  ana@exemplo.com \n' } })
    expect(screen.getByTestId('value').textContent).toBe('[ana@exemplo.com]')
  })

  it('takes another autofill hint', () => {
    render(<Field autoComplete="username" />)
    expect(screen.getByLabelText('E-mail').getAttribute('autocomplete')).toBe('username')
  })
})

describe('revealScrollDelta (how far the page scrolls to show an error)', () => {
  const band = { viewTop: 80, viewBottom: 540 }
  it('does not move what is already between the header and the bottom bar', () => {
    expect(revealScrollDelta({ top: 100, bottom: 300 }, band)).toBe(0)
  })
  it('scrolls down just enough to lift a message out from under the bottom bar', () => {
    expect(revealScrollDelta({ top: 500, bottom: 590 }, band)).toBe(50)
  })
  it('scrolls up to bring a message out from under the header', () => {
    expect(revealScrollDelta({ top: 20, bottom: 120 }, band)).toBe(-60)
  })
  it('aligns a span taller than the band by its top', () => {
    expect(revealScrollDelta({ top: 300, bottom: 1000 }, band)).toBe(220)
  })
})

/** A form with one required field, its own message, and a server error in a red box. */
function Form({ serverError = false }: { serverError?: boolean }) {
  const [error, setError] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  const errors = useErrorReveal()
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (serverError) setFailed(true)
    else setError('Informe seu nome')
    errors.reveal()
  }
  return (
    <form ref={errors.ref} onSubmit={onSubmit} noValidate>
      <FormField id="nome" label="Nome" error={error}>
        <TextInput id="nome" aria-invalid={error ? true : undefined} aria-describedby={error ? 'nome-error' : undefined} />
      </FormField>
      {failed ? <FormAlert>Erro ao processar sua solicitação. Tente novamente.</FormAlert> : null}
      <button type="submit">Enviar</button>
    </form>
  )
}

describe('useErrorReveal (every form shows its first error where the person looks)', () => {
  afterEach(() => vi.restoreAllMocks())

  it("focuses the first invalid field and scrolls its whole field, message included, clear of the fixed bars", async () => {
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {})
    render(<Form />)
    const field = screen.getByLabelText('Nome').closest<HTMLElement>('[data-form-field]')!
    // The field sits at the bottom of a 640 px screen, under a 69 px bottom bar.
    vi.spyOn(field, 'getBoundingClientRect').mockReturnValue({ top: 560, bottom: 640, left: 0, right: 360, width: 360, height: 80, x: 0, y: 560, toJSON: () => ({}) })
    // The page's scroll padding (styles.css): the header's 64 px, the bottom bar's 69 px.
    const computed = window.getComputedStyle.bind(window)
    vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) =>
      element === document.documentElement ? ({ scrollPaddingTop: '64px', scrollPaddingBottom: '69px' } as CSSStyleDeclaration) : computed(element, pseudo),
    )
    vi.stubGlobal('innerHeight', 640)
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }))
    screen.getByText('Informe seu nome')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Nome')))
    // 640 − 69 − 16 = 555 is the lowest visible line: the field's bottom (640) moves up by 85.
    expect(scrollBy).toHaveBeenCalledWith({ top: 85, behavior: expect.any(String) })
    vi.unstubAllGlobals()
  })

  it("when the invalid field and the form's red box do not fit on screen together, the box (focused, with the message) is the one shown", async () => {
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {})
    function TallForm() {
      const [failed, setFailed] = useState(false)
      const errors = useErrorReveal()
      return (
        <form
          ref={errors.ref}
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            setFailed(true)
            errors.reveal()
          }}
        >
          <FormField id="atual" label="Senha atual">
            <TextInput id="atual" aria-invalid={failed || undefined} />
          </FormField>
          {failed ? <FormAlert>Informe a senha atual</FormAlert> : null}
          <button type="submit">Salvar</button>
        </form>
      )
    }
    render(<TallForm />)
    const box = (top: number, bottom: number) => ({ top, bottom, left: 0, right: 360, width: 360, height: bottom - top, x: 0, y: top, toJSON: () => ({}) })
    const computed = window.getComputedStyle.bind(window)
    vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) =>
      element === document.documentElement ? ({ scrollPaddingTop: '64px', scrollPaddingBottom: '69px' } as CSSStyleDeclaration) : computed(element, pseudo),
    )
    vi.stubGlobal('innerHeight', 640)
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      // The field near the top, the red box 600 px further down, under the bottom bar.
      return this.getAttribute('role') === 'alert' ? box(660, 720) : box(90, 180)
    })
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    const alert = await screen.findByRole('alert')
    await waitFor(() => expect(document.activeElement).toBe(alert))
    // The box's bottom (720) comes up to the lowest visible line, 640 − 69 − 16 = 555.
    expect(scrollBy).toHaveBeenCalledWith({ top: 165, behavior: expect.any(String) })
    vi.unstubAllGlobals()
  })

  it('focuses the red box of a failed request, so it is read out, every attempt again', async () => {
    render(<Form serverError />)
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }))
    const alert = await screen.findByRole('alert')
    await waitFor(() => expect(document.activeElement).toBe(alert))
    screen.getByRole('button', { name: 'Enviar' }).focus()
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }))
    await waitFor(() => expect(document.activeElement).toBe(alert))
  })
})
