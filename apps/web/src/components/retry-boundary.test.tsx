import { act, fireEvent, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { retryingLazy } from '../lib/retrying-lazy'
import { RetryBoundary } from './retry-boundary'

function failingUntil(ready: () => boolean) {
  return vi.fn(async () => {
    if (!ready()) throw new TypeError('Failed to fetch dynamically imported module')
    return { default: () => <p>seções</p> }
  })
}

function Page({ Part }: { Part: ReturnType<typeof retryingLazy> }) {
  return (
    <main>
      <h1>herói</h1>
      <RetryBoundary fallback={(retry) => <button onClick={retry}>Tentar Novamente</button>}>
        <Suspense fallback={<p>carregando</p>}>
          <Part />
        </Suspense>
      </RetryBoundary>
    </main>
  )
}

describe('RetryBoundary with a retrying lazy part', () => {
  afterEach(() => vi.restoreAllMocks())

  it('shows its fallback instead of the failed part, keeps the rest, and loads the part on retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let reachable = false
    const load = failingUntil(() => reachable)
    const Part = retryingLazy(load)
    render(<Page Part={Part} />)

    const retry = await screen.findByRole('button', { name: 'Tentar Novamente' })
    screen.getByRole('heading', { name: 'herói' })
    expect(load).toHaveBeenCalledTimes(1)

    // Still unreachable: the retry fails again, once, and the fallback comes back.
    fireEvent.click(retry)
    await screen.findByRole('button', { name: 'Tentar Novamente' })
    expect(load).toHaveBeenCalledTimes(2)

    reachable = true
    fireEvent.click(screen.getByRole('button', { name: 'Tentar Novamente' }))
    await screen.findByText('seções')
    expect(load).toHaveBeenCalledTimes(3)
  })

  it('tries again by itself when the browser is back online', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let reachable = false
    const load = failingUntil(() => reachable)
    render(<Page Part={retryingLazy(load)} />)
    await screen.findByRole('button', { name: 'Tentar Novamente' })

    reachable = true
    await act(async () => {
      window.dispatchEvent(new Event('online'))
    })
    await screen.findByText('seções')
    expect(load).toHaveBeenCalledTimes(2)
  })
})
