import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { EmailText, emailBreakParts } from './email-text'

describe('EmailText', () => {
  it.each([
    ['ana@exemplo.com', ['ana@', 'exemplo', '.com']],
    ['ana.lucia@mail.exemplo.com.br', ['ana', '.lucia@', 'mail', '.exemplo', '.com', '.br']],
    ['sem-arroba', ['sem-arroba']],
  ])('%s breaks only after "@" and before "."', (email, parts) => {
    expect(emailBreakParts(email)).toEqual(parts)
  })

  it('keeps the whole address in the text and the title', () => {
    const { container } = render(<EmailText email="admin-pessoas@exemplo.com" />)
    const span = container.querySelector('span')!
    expect(span.textContent).toBe('admin-pessoas@exemplo.com')
    expect(span.title).toBe('admin-pessoas@exemplo.com')
    expect(span.querySelectorAll('wbr')).toHaveLength(2)
  })
})
