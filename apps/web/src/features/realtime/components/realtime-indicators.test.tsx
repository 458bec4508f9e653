import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RealtimeClient } from '../lib/realtime-client'
import { AdminPresenceList } from './admin-presence-list'
import { AdminRealtimeStatus, RealtimeStatus } from './realtime-status'

interface Fake {
  readyState: number
  sent: unknown[]
  send(data: string): void
  close(): void
  onopen: ((e: Event) => void) | null
  onclose: ((e: CloseEvent) => void) | null
  onerror: ((e: Event) => void) | null
  onmessage: ((e: MessageEvent) => void) | null
}

let sockets: Fake[]
const latest = () => sockets[sockets.length - 1]!

function client() {
  return new RealtimeClient({
    url: 'ws://teste/api/realtime',
    document: null,
    window: null,
    createSocket: () => {
      const socket: Fake = {
        readyState: 0,
        sent: [],
        send(data) {
          this.sent.push(JSON.parse(data))
        },
        close() {
          this.readyState = 3
        },
        onopen: null,
        onclose: null,
        onerror: null,
        onmessage: null,
      }
      sockets.push(socket)
      return socket
    },
  })
}

const open = () =>
  act(() => {
    latest().readyState = 1
    latest().onopen?.(new Event('open'))
  })
const kill = () => act(() => latest().onclose?.(new CloseEvent('close', { code: 1006 })))
const receive = (message: unknown) => act(() => latest().onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) })))

const ana = { id: 'ana', displayName: 'Ana Souza', since: '2026-11-22T10:00:00.000Z' }
const bruno = { id: 'bruno', displayName: 'Bruno Lima', since: '2026-11-22T10:05:00.000Z' }

beforeEach(() => {
  sockets = []
})
afterEach(() => vi.useRealTimers())

describe('RealtimeStatus', () => {
  it('reads Conectando… while trying, Tempo real when connected, and offers Reconectar after giving up', async () => {
    vi.useFakeTimers()
    const realtime = client()
    realtime.start()
    render(<RealtimeStatus client={realtime} />)
    expect(screen.getByRole('status').textContent).toContain('Conectando…')
    await open()
    expect(screen.getByRole('status').textContent).toContain('Tempo real')
    await kill()
    // Waiting between attempts still reads as connecting, not as a failure.
    expect(screen.getByRole('status').textContent).toContain('Conectando…')
    for (const delay of [1_000, 2_000, 4_000, 8_000, 16_000]) {
      await act(() => vi.advanceTimersByTime(delay))
      await kill()
    }
    expect(screen.getByRole('status').textContent).toContain('Sem tempo real')
    const before = sockets.length
    fireEvent.click(screen.getByRole('button', { name: 'Reconectar' }))
    expect(sockets.length).toBe(before + 1)
    expect(screen.getByRole('status').textContent).toContain('Conectando…')
    expect(screen.queryByRole('button', { name: 'Reconectar' })).toBeNull()
    realtime.stop()
  })
})

describe('admin presence', () => {
  it('lists the admins online with the viewer marked, and says so when the viewer is alone', async () => {
    const realtime = client()
    realtime.start()
    render(<AdminPresenceList client={realtime} />)
    await open()
    expect(latest().sent).toEqual([{ type: 'join', channel: 'admin-sync' }])
    await receive({ type: 'presence', admins: [ana], self: 'ana' })
    screen.getByText('Ana Souza')
    screen.getByText('você')
    screen.getByText('Só você está aqui agora.')

    await receive({ type: 'presence', admins: [ana, bruno], self: 'ana' })
    screen.getByText('Bruno Lima')
    expect(screen.queryByText('Só você está aqui agora.')).toBeNull()

    await kill()
    screen.getByText('A lista volta assim que a conexão em tempo real voltar.')
    realtime.stop()
  })

  it('the admin bar counts the other admins and leaves the channel when unmounted', async () => {
    const realtime = client()
    realtime.start()
    const view = render(<AdminRealtimeStatus client={realtime} />)
    await open()
    await receive({ type: 'presence', admins: [ana, bruno], self: 'ana' })
    expect(screen.getByTestId('admins-online-count').textContent).toContain('1')
    expect(screen.getByTestId('admins-online-count').getAttribute('title')).toBe('1 outro administrador online')
    view.unmount()
    expect(latest().sent).toEqual([
      { type: 'join', channel: 'admin-sync' },
      { type: 'leave', channel: 'admin-sync' },
    ])
    realtime.stop()
  })
})
