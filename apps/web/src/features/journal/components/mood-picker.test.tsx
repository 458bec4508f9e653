import { afterEach, describe, expect, it, vi } from 'vitest'
import { useState } from 'react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MoodPicker } from './mood-picker'

afterEach(cleanup)

function Picker({ onChange }: { onChange: (value: number | null) => void }) {
  const [value, setValue] = useState<number | null>(null)
  return (
    <MoodPicker
      label="Como você está agora?"
      value={value}
      onChange={(next) => {
        setValue(next)
        onChange(next)
      }}
    />
  )
}

describe('MoodPicker', () => {
  it('five moods named by their words in a group named by the question, none chosen at first', () => {
    render(<Picker onChange={() => {}} />)
    const group = screen.getByRole('group', { name: 'Como você está agora?' })
    const buttons = Array.from(group.querySelectorAll('button'))
    expect(buttons.map((button) => button.textContent)).toEqual(['Muito mal', 'Mal', 'Neutro', 'Bem', 'Muito bem'])
    expect(buttons.every((button) => button.getAttribute('aria-pressed') === 'false')).toBe(true)
  })

  it('one tap chooses, another mood moves the choice, a second tap on the chosen one takes it back', () => {
    const onChange = vi.fn()
    render(<Picker onChange={onChange} />)
    fireEvent.click(screen.getByRole('button', { name: 'Bem' }))
    expect(screen.getByRole('button', { name: 'Bem' }).getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(screen.getByRole('button', { name: 'Muito bem' }))
    expect(screen.getByRole('button', { name: 'Bem' }).getAttribute('aria-pressed')).toBe('false')
    expect(screen.getByRole('button', { name: 'Muito bem' }).getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(screen.getByRole('button', { name: 'Muito bem' }))
    expect(screen.getByRole('button', { name: 'Muito bem' }).getAttribute('aria-pressed')).toBe('false')
    expect(onChange.mock.calls.map(([value]) => value)).toEqual([4, 5, null])
  })
})
