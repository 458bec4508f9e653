import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { API } from '@sintonia/contract'
import { jsonResponse, renderWithProviders } from '../../../test/render'
import { program } from '../testing/fixtures'
import { useStartSuggestedProgram } from './practice-api'

const FIRST = program({ id: '20000000-0000-4000-8000-000000000001', slug: 'autoestima', title: 'Autoestima', enrolment: null })
const SECOND = program({ id: '20000000-0000-4000-8000-000000000002', slug: 'calma', title: 'Calma', enrolment: null })
let posts: string[] = []

function stub(programs: unknown[], enrolStatus = 201) {
  posts = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^https?:\/\/[^/]+/, '')
      if (init?.method === 'POST') {
        posts.push(`${path} ${String(init.body)}`)
        return enrolStatus === 201 ? jsonResponse({ program: FIRST }, 201) : jsonResponse({ statusCode: 500, error: 'Erro', message: 'falhou' }, 500)
      }
      return jsonResponse({ programs })
    }),
  )
}

function Probe() {
  const start = useStartSuggestedProgram()
  const [where, setWhere] = useState('')
  return (
    <>
      <button type="button" onClick={() => void start().then(setWhere)}>
        começar
      </button>
      <p data-testid="where">{where}</p>
    </>
  )
}

async function startAndRead() {
  renderWithProviders(<Probe />)
  fireEvent.click(screen.getByRole('button', { name: 'começar' }))
  return screen.findByTestId('where').then(async (el) => {
    await vi.waitFor(() => expect(el.textContent).not.toBe(''))
    return el.textContent
  })
}

afterEach(() => vi.unstubAllGlobals())

describe('useStartSuggestedProgram (after a purchase)', () => {
  it('starts the first programme offered, as the featured one, and goes to today’s practice', async () => {
    stub([FIRST, SECOND])
    expect(await startAndRead()).toBe('/hoje')
    expect(posts).toEqual([`${API.practice.enrolment(FIRST.id)} {"featured":true}`])
  })

  it('a listener already following a programme keeps it: today’s practice, nothing started', async () => {
    stub([{ ...FIRST, enrolment: program().enrolment }, SECOND])
    expect(await startAndRead()).toBe('/hoje')
    expect(posts).toEqual([])
  })

  it('no programme to start: the dashboard', async () => {
    stub([])
    expect(await startAndRead()).toBe('/dashboard')
  })

  it('the start failed: the dashboard (the purchase is done either way)', async () => {
    stub([FIRST], 500)
    expect(await startAndRead()).toBe('/dashboard')
    expect(posts).toHaveLength(1)
  })
})
