import { describe, expect, it } from 'vitest'
import index from '../index.html?raw'
import landing from '../landing.html?raw'

describe('the two pages of the build (ADR 014)', () => {
  it('differ only in their entry script: the landing runs landing-main, every other page main', () => {
    expect(index).toContain('<script type="module" src="/src/main.tsx"></script>')
    expect(landing).toContain('<script type="module" src="/src/landing-main.tsx"></script>')
    expect(landing.replace('/src/landing-main.tsx', '/src/main.tsx')).toBe(index)
  })
})
