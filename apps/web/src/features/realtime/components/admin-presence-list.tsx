import { Users } from 'lucide-react'
import type { RealtimePresenceEntry } from '@sintonia/contract'
import { Badge } from '../../../components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Skeleton } from '../../../components/ui/skeleton'
import { useAdminPresence, useRealtimeStatus } from '../hooks/use-realtime'
import type { RealtimeClient } from '../lib/realtime-client'
import { getRealtimeClient } from '../lib/shared-client'
import { REALTIME_UI_MSG } from '../lib/messages'

const timeFormat = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' })

function initials(name: string): string {
  const parts = name.trim().split(/[\s._-]+/).filter(Boolean)
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts[parts.length - 1]![0]}` : name.trim().slice(0, 2)
  return letters.toUpperCase() || '?'
}

function PresenceRow({ entry, isSelf }: { entry: RealtimePresenceEntry; isSelf: boolean }) {
  const since = new Date(entry.since)
  return (
    <li className="flex items-center gap-3 py-2" data-presence-id={entry.id}>
      <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-full bg-tint-strong text-sm font-bold text-accent-strong">
        {initials(entry.displayName)}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2">
          <span className="truncate font-medium text-ink">{entry.displayName}</span>
          {isSelf ? <Badge variant="neutral">{REALTIME_UI_MSG.you}</Badge> : null}
        </span>
        {Number.isNaN(since.getTime()) ? null : (
          <span className="block text-xs text-ink-muted">{REALTIME_UI_MSG.since(timeFormat.format(since))}</span>
        )}
      </span>
      <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500" />
    </li>
  )
}

export interface AdminPresenceListProps {
  className?: string
  /** Only for tests; the page's shared connection by default. */
  client?: RealtimeClient
}

/** Card for the admin home: the admins in the admin area now, on any server instance. */
export function AdminPresenceList({ className, client = getRealtimeClient() }: AdminPresenceListProps) {
  const { admins, selfId } = useAdminPresence(client)
  const { state } = useRealtimeStatus(client)
  const others = admins.filter((entry) => entry.id !== selfId)
  let body
  if (state !== 'connected') {
    body = state === 'connecting' && selfId === null ? <Skeleton className="h-9 w-full" /> : <p className="text-sm text-ink-muted">{REALTIME_UI_MSG.presenceOffline}</p>
  } else if (selfId === null) {
    body = <Skeleton className="h-9 w-full" />
  } else {
    body = (
      <>
        <ul className="divide-y divide-line" aria-label={REALTIME_UI_MSG.presenceTitle}>
          {admins.map((entry) => (
            <PresenceRow key={entry.id} entry={entry} isSelf={entry.id === selfId} />
          ))}
        </ul>
        {others.length === 0 ? <p className="mt-2 text-sm text-ink-muted">{REALTIME_UI_MSG.presenceEmpty}</p> : null}
      </>
    )
  }
  return (
    <Card className={className} data-testid="admin-presence">
      <CardHeader className="flex-row items-start gap-3">
        <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-xl bg-tint text-accent">
          <Users className="size-5" />
        </span>
        <div>
          <CardTitle as="h2">{REALTIME_UI_MSG.presenceTitle}</CardTitle>
          <CardDescription>{REALTIME_UI_MSG.presenceDescription}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="pt-3">{body}</CardContent>
    </Card>
  )
}
