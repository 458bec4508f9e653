import { useState, type ReactNode } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CalendarClock, Headphones, Infinity as InfinityIcon, LayoutGrid, RefreshCw, SearchX } from 'lucide-react'
import { toast } from 'sonner'
import { LISTENER_MSG } from '@sintonia/contract'
import { Button } from '../../../components/ui/button'
import { PageShell } from '../../../components/ui/page-shell'
import { Skeleton } from '../../../components/ui/skeleton'
import { cn } from '../../../lib/cn'
import { getErrorMessage } from '../../../lib/api-client'
import { dashboardKeys, listenerFieldsQueryOptions } from '../api/fields'
import { accessStat, type DashboardSubscription } from '../lib/access-stat'
import { searchFieldGrid, type DashboardSearchOutcome } from '../lib/fields'
import { dismissWelcomeBanner, shouldShowWelcomeBanner } from '../lib/welcome-banner'
import { FieldCard } from './field-card'
import { WelcomeBanner } from './welcome-banner'

export interface DashboardSearchSlotProps {
  value: string
  onValueChange: (value: string) => void
  /** The search box reports the server's results, so the grid shows the fields of the audios found too. */
  onResults: (outcome: DashboardSearchOutcome) => void
}

export interface DashboardPageProps {
  productName: string
  /** The signed-in account: closing the welcome banner is remembered for it. */
  userId?: string | null
  displayName?: string | null
  /** The search box (features/search), controlled by the dashboard so the grid can follow it. */
  renderSearch: (props: DashboardSearchSlotProps) => ReactNode
  /** The install-app button (features/install). */
  installSlot?: ReactNode
  /** The playlists section (features/playlists). */
  playlistsSlot?: ReactNode
  /** Extra data to reload with the refresh button (e.g. playlists). */
  onRefresh?: () => Promise<unknown>
  /** The listener's subscription (features/subscription) for the access card; undefined while it loads. */
  subscription?: DashboardSubscription | null
  /** Today's practice (features/practice), the first thing under the greeting. */
  todaySlot?: ReactNode
  /** "Continuar ouvindo" (features/continue-listening), under today's practice. */
  continueSlot?: ReactNode
}

/** The listener's home (docs/product/listening.md#dashboard-dashboard). */
export function DashboardPage({ productName, userId, displayName, renderSearch, installSlot, playlistsSlot, onRefresh, subscription, todaySlot, continueSlot }: DashboardPageProps) {
  const queryClient = useQueryClient()
  const fieldsQuery = useQuery(listenerFieldsQueryOptions())
  const [search, setSearch] = useState('')
  const [searchOutcome, setSearchOutcome] = useState<DashboardSearchOutcome | null>(null)
  const [showWelcome, setShowWelcome] = useState(() => shouldShowWelcomeBanner(userId))
  const [refreshing, setRefreshing] = useState(false)

  const fields = fieldsQuery.data ?? []
  const { matches: visible, pending: searching } = searchFieldGrid(fields, search, searchOutcome)
  const totalAudios = fields.reduce((sum, f) => sum + f.audioCount, 0)
  const access = accessStat(subscription)

  async function refresh() {
    setRefreshing(true)
    try {
      await Promise.all([
        queryClient.refetchQueries({ queryKey: dashboardKeys.fields }, { throwOnError: true }),
        onRefresh?.(),
      ])
      toast.success(LISTENER_MSG.refreshOk, { id: 'dashboard-refresh' })
    } catch {
      toast.error(LISTENER_MSG.refreshError, { id: 'dashboard-refresh' })
    } finally {
      setRefreshing(false)
    }
  }

  function dismissWelcome() {
    dismissWelcomeBanner(userId)
    setShowWelcome(false)
  }

  return (
    <PageShell width="6xl" backdropClassName="h-80" contentClassName="space-y-8 pt-8 sm:space-y-10 sm:pt-12 sm:pb-16">
      {showWelcome ? <WelcomeBanner productName={productName} onDismiss={dismissWelcome} /> : null}

      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-accent">Sua jornada</p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-balance break-words text-ink sm:text-4xl">
            {displayName ? `Bem-vindo, ${displayName}` : 'Bem-vindo!'}
          </h1>
          <p className="mt-1.5 text-[0.95rem] text-ink-muted">Escolha um campo e reserve alguns minutos para você.</p>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          {installSlot}
          <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={refreshing} aria-busy={refreshing}>
            <RefreshCw aria-hidden="true" className={cn(refreshing && 'animate-spin')} />
            Atualizar
          </Button>
        </div>
      </header>

      {todaySlot}

      {continueSlot}

      {renderSearch({ value: search, onValueChange: setSearch, onResults: setSearchOutcome })}

      <section aria-labelledby="fields-heading">
        <h2 id="fields-heading" className="text-xl font-bold tracking-tight text-ink">
          Campos
        </h2>
        <div className="mt-5">
          {fieldsQuery.isPending ? (
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label={LISTENER_MSG.loadingContent}>
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} className="h-44 rounded-2xl" />
              ))}
            </div>
          ) : fieldsQuery.isError ? (
            <div role="alert" className="rounded-2xl border border-line bg-card p-6 text-center shadow-soft">
              <p className="font-semibold text-ink">{getErrorMessage(fieldsQuery.error)}</p>
              <Button variant="outline" size="sm" className="mt-4" onClick={() => void fieldsQuery.refetch()}>
                Tentar novamente
              </Button>
            </div>
          ) : searching ? (
            <p role="status" className="rounded-2xl border border-dashed border-line-strong bg-card/60 px-6 py-10 text-center text-sm text-ink-muted">
              {LISTENER_MSG.searching}
            </p>
          ) : visible.length === 0 ? (
            <div className="flex flex-col items-center rounded-2xl border border-dashed border-line-strong bg-card/60 px-6 py-10 text-center">
              <SearchX aria-hidden="true" className="size-8 text-brand-400" />
              <p className="mt-3 font-semibold text-ink">
                {search.trim() ? `Nenhum campo encontrado para "${search.trim()}"` : 'Nenhum campo disponível no momento.'}
              </p>
              {search.trim() ? (
                <Button variant="outline" size="sm" className="mt-4" onClick={() => setSearch('')}>
                  {LISTENER_MSG.clearSearch}
                </Button>
              ) : null}
            </div>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {visible.map(({ field, audios }) => (
                <li key={field.id}>
                  <FieldCard field={field} matchedAudios={audios} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <section aria-label="Resumo" className="grid grid-cols-3 gap-3 sm:gap-4">
        <StatCard icon={<Headphones className="size-5" />} value={fieldsQuery.isSuccess ? String(totalAudios) : '—'} label="Áudios disponíveis" />
        <StatCard icon={<LayoutGrid className="size-5" />} value={fieldsQuery.isSuccess ? String(fields.length) : '—'} label="Campos" />
        <StatCard
          icon={access.unlimited ? <InfinityIcon className="size-5" /> : <CalendarClock className="size-5" />}
          value={access.value}
          label={access.label}
          testId="access-stat"
          wordy={!access.unlimited && access.value !== '—'}
          accent
        />
      </section>

      {playlistsSlot}
    </PageShell>
  )
}

interface StatCardProps {
  icon: ReactNode
  value: string
  label: string
  accent?: boolean
  /** A word (a plan's name) rather than a number: a smaller type, so it fits a third of a phone. */
  wordy?: boolean
  testId?: string
}

function StatCard({ icon, value, label, accent, wordy, testId }: StatCardProps) {
  return (
    <div
      data-testid={testId}
      className="flex min-w-0 flex-col items-center gap-2 rounded-2xl border border-line bg-card px-2 py-4 text-center shadow-soft sm:flex-row sm:gap-4 sm:p-5 sm:text-left"
    >
      <span
        aria-hidden="true"
        className={cn(
          'grid size-10 shrink-0 place-items-center rounded-xl sm:size-12 sm:rounded-2xl',
          accent ? 'bg-warm-soft text-warm' : 'bg-tint-strong text-accent',
        )}
      >
        {icon}
      </span>
      <p className="flex min-w-0 flex-col">
        <span
          className={cn(
            'font-extrabold tabular-nums tracking-tight break-words text-ink',
            wordy ? 'text-base sm:text-xl' : 'text-xl sm:text-2xl',
          )}
        >
          {value}
        </span>
        <span className="text-xs leading-snug text-ink-muted sm:text-sm">{label}</span>
      </p>
    </div>
  )
}
