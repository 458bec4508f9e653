import { RefreshCw, Users } from 'lucide-react'
import { cn } from '../../../lib/cn'
import { useAdminPresence, useRealtimeStatus } from '../hooks/use-realtime'
import type { RealtimeClient, RealtimeState } from '../lib/realtime-client'
import { getRealtimeClient } from '../lib/shared-client'
import { REALTIME_UI_MSG } from '../lib/messages'

const look: Record<RealtimeState, { label: string; hint: string; dot: string; pill: string }> = {
  connected: {
    label: REALTIME_UI_MSG.connected,
    hint: REALTIME_UI_MSG.connectedHint,
    dot: 'bg-emerald-500',
    pill: 'border-success-line bg-success-soft text-success',
  },
  connecting: {
    label: REALTIME_UI_MSG.connecting,
    hint: REALTIME_UI_MSG.connectingHint,
    dot: 'bg-gold-400 animate-pulse',
    pill: 'border-warm-line bg-warm-soft text-warm',
  },
  disconnected: {
    label: REALTIME_UI_MSG.disconnected,
    hint: REALTIME_UI_MSG.disconnectedHint,
    dot: 'bg-slate-400',
    pill: 'border-line bg-muted text-ink-muted',
  },
}

export interface RealtimeStatusProps {
  className?: string
  /** Only for tests; the page's shared connection by default. */
  client?: RealtimeClient
}

/**
 * Small pill for the admin bar: whether changes arrive in real time. While the client waits
 * between attempts it reads 'Conectando…'; after it gave up, a button starts over at once.
 */
export function RealtimeStatus({ className, client = getRealtimeClient() }: RealtimeStatusProps) {
  const { state, gaveUp } = useRealtimeStatus(client)
  // Between attempts the socket is closed but the client is still trying: show that as connecting.
  const shown: RealtimeState = state === 'disconnected' && !gaveUp ? 'connecting' : state
  const { label, hint, dot, pill } = look[shown]
  return (
    <div className={cn('flex items-center gap-1.5', className)}>
      <span
        role="status"
        aria-live="polite"
        title={hint}
        data-realtime-state={shown}
        className={cn(
          'inline-flex items-center gap-2 rounded-full border p-1.5 text-xs font-semibold leading-none whitespace-nowrap sm:px-3 sm:py-1',
          pill,
        )}
      >
        <span aria-hidden="true" className={cn('size-2 rounded-full', dot)} />
        {/* Narrow screens keep only the coloured dot; the words stay for screen readers. */}
        <span className="sr-only sm:not-sr-only">{label}</span>
        <span className="sr-only">. {hint}</span>
      </span>
      {gaveUp ? (
        <button
          type="button"
          onClick={() => client.restart()}
          className="inline-flex size-7 items-center justify-center rounded-full text-ink-muted hover:bg-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
          title={REALTIME_UI_MSG.retry}
        >
          <RefreshCw aria-hidden="true" className="size-3.5" />
          <span className="sr-only">{REALTIME_UI_MSG.retry}</span>
        </button>
      ) : null}
    </div>
  )
}

/**
 * The admin bar's status: the pill, plus how many other admins are in the admin area. Mounted by
 * the admin shell, it also keeps this admin present on `admin-sync` on every admin page.
 */
export function AdminRealtimeStatus({ className, client = getRealtimeClient() }: RealtimeStatusProps) {
  const { admins, selfId } = useAdminPresence(client)
  const { state } = useRealtimeStatus(client)
  const others = selfId === null ? 0 : admins.filter((entry) => entry.id !== selfId).length
  return (
    <div className={cn('flex items-center gap-2', className)}>
      {state === 'connected' && others > 0 ? (
        <span
          data-testid="admins-online-count"
          title={REALTIME_UI_MSG.othersOnline(others)}
          className="inline-flex items-center gap-1 rounded-full bg-tint px-2.5 py-1 text-xs font-semibold leading-none text-accent-strong"
        >
          <Users aria-hidden="true" className="size-3.5" />
          {others}
          <span className="sr-only"> {REALTIME_UI_MSG.othersOnline(others)}</span>
        </span>
      ) : null}
      <RealtimeStatus client={client} />
    </div>
  )
}
