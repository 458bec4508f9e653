import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { CONNECTIVITY_CHECK_TIMEOUT_MS, CONNECTIVITY_POLL_MS } from '@sintonia/contract'
import { createConnectivityMonitor, type ConnectivityMonitor } from '../lib/connectivity-monitor'
import { CONNECTIVITY_MSG } from '../lib/messages'
import { ConnectionIndicator, ConnectionIndicatorView } from './connection-indicator'

describe('ConnectionIndicatorView', () => {
  it('renders nothing visible while online (empty polite live region only)', () => {
    const { container } = render(<ConnectionIndicatorView status="online" className="fixed top-20" />)
    const region = screen.getByRole('status')
    expect(region).toHaveProperty('textContent', '')
    expect(region.getAttribute('aria-live')).toBe('polite')
    expect(region.className).toBe('')
    expect(container.querySelector('[data-connection-status]')).toBeNull()
  })

  it('shows "Sem conexão" with the offline description', () => {
    render(<ConnectionIndicatorView status="offline" className="fixed top-20" />)
    const region = screen.getByRole('status')
    expect(region.getAttribute('aria-live')).toBe('polite')
    expect(region.className).toContain('fixed')
    screen.getByText(CONNECTIVITY_MSG.offlineLabel)
    expect(region.textContent).toContain('Você está offline. Áudios baixados continuam disponíveis.')
    expect(region.querySelector('[data-connection-status="offline"]')?.getAttribute('title')).toBe(CONNECTIVITY_MSG.offlineDescription)
    expect(region.textContent).not.toContain(CONNECTIVITY_MSG.slowLabel)
  })

  it('shows "Conexão lenta" when slow', () => {
    render(<ConnectionIndicatorView status="slow" />)
    const region = screen.getByRole('status')
    screen.getByText('Conexão lenta')
    expect(region.querySelector('[data-connection-status="slow"]')?.getAttribute('title')).toBe(CONNECTIVITY_MSG.slowDescription)
    expect(region.textContent).not.toContain(CONNECTIVITY_MSG.offlineLabel)
  })
})

describe('ConnectionIndicator', () => {
  let monitor: ConnectivityMonitor | null = null

  afterEach(() => {
    monitor?.stop()
    monitor = null
    vi.useRealTimers()
  })

  function setup(answer: () => Promise<Response>) {
    vi.useFakeTimers()
    const nav = { onLine: true, connection: null }
    const win = new EventTarget()
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' })
    const fetch = vi.fn(answer)
    monitor = createConnectivityMonitor({ fetch, navigator: nav, eventTarget: win, document: doc })
    return { monitor, fetch, nav, win }
  }

  it('starts the monitor lazily and follows it: online → offline (503) → online', async () => {
    let status = 200
    const ctx = setup(() => Promise.resolve(new Response(null, { status })))
    expect(ctx.monitor.running).toBe(false)
    render(<ConnectionIndicator monitor={ctx.monitor} />)
    expect(ctx.monitor.running).toBe(true)
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(screen.getByRole('status').textContent).toBe('')

    status = 503
    await act(() => vi.advanceTimersByTimeAsync(CONNECTIVITY_POLL_MS))
    screen.getByText('Sem conexão')

    status = 200
    await act(() => vi.advanceTimersByTimeAsync(CONNECTIVITY_POLL_MS))
    expect(screen.getByRole('status').textContent).toBe('')
    expect(ctx.fetch).toHaveBeenCalledTimes(3)
  })

  it('shows offline after a 5 s health-check timeout', async () => {
    const ctx = setup(() => new Promise<Response>(() => {}))
    render(<ConnectionIndicator monitor={ctx.monitor} />)
    await act(() => vi.advanceTimersByTimeAsync(CONNECTIVITY_CHECK_TIMEOUT_MS))
    screen.getByText('Sem conexão')
  })

  it('shows offline at once on the browser offline event', async () => {
    const ctx = setup(() => Promise.resolve(new Response(null, { status: 200 })))
    render(<ConnectionIndicator monitor={ctx.monitor} />)
    await act(() => vi.advanceTimersByTimeAsync(0))
    act(() => {
      ctx.nav.onLine = false
      ctx.win.dispatchEvent(new Event('offline'))
    })
    screen.getByText('Sem conexão')
  })
})
