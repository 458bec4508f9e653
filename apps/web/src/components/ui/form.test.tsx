import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { EmailInput } from './form'

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
