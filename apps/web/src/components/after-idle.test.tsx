import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { retryingLazy } from '../lib/retrying-lazy'
import { AfterIdle } from './after-idle'

// The idle callback runs at once here: these tests are about what happens after it.
vi.mock('../lib/when-idle', () => ({
  whenIdle: (run: () => void) => {
    queueMicrotask(run)
    return () => undefined
  },
}))

describe('AfterIdle', () => {
  afterEach(() => vi.restoreAllMocks())

  it('shows its part once the page is idle', async () => {
    const Part = retryingLazy(async () => ({ default: () => <p>parte</p> }))
    render(<AfterIdle><Part /></AfterIdle>)
    await screen.findByText('parte')
  })

  it('keeps the page when the part cannot load, and loads it again once back online', async () => {
    // React reports the caught error on the console; the page must not go down with it.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let online = false
    const load = vi.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch dynamically imported module')
      return { default: () => <p>parte</p> }
    })
    const Part = retryingLazy(load)
    render(
      <main>
        <h1>página</h1>
        <AfterIdle>
          <Part />
        </AfterIdle>
      </main>,
    )
    // The boundary has caught the failure once React reports it (the boundary renders nothing, so
    // the DOM cannot tell); then whatever React scheduled in response is flushed.
    const failure = expect.objectContaining({ message: 'Failed to fetch dynamically imported module' })
    await vi.waitFor(() => expect(consoleError.mock.calls.flat()).toContainEqual(failure))
    await act(async () => {})
    // One try while offline: the failure stands until there is a reason to expect another outcome.
    expect(load).toHaveBeenCalledTimes(1)
    // The page stands without the part (and without any error message in its place).
    screen.getByRole('heading', { name: 'página' })
    expect(screen.getByRole('main').textContent).toBe('página')
    expect(screen.queryByText('parte')).toBeNull()

    online = true
    await act(async () => {
      window.dispatchEvent(new Event('online'))
    })
    await screen.findByText('parte')
    expect(load).toHaveBeenCalledTimes(2)
    // The page is whole, with the part in its place after the heading.
    expect(screen.getByRole('main').textContent).toBe('páginaparte')
  })
})
