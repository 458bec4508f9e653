import { useId, useState, type ReactNode } from 'react'
import { Clock, Gauge, HardDrive, HardDriveDownload, Headphones, Music, Play, Trash2 } from 'lucide-react'
import { OFFLINE_CACHE_MAX_BYTES, formatBytes } from '@sintonia/contract'
import { Button, ButtonLink } from '../../../components/ui/button'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { PageHeading, PageShell } from '../../../components/ui/page-shell'
import { Skeleton } from '../../../components/ui/skeleton'
import { cn } from '../../../lib/cn'
import { useCacheStats } from '../hooks/use-cache-stats'
import { useCachedAudios, type CachedAudioSummary } from '../hooks/use-cached-audios'
import { formatPercent } from '../lib/format'
import { showOfflineNotice } from './offline-notice'

export interface DownloadsPageProps {
  productName: string
  /** Where the player of a kept audio is (the route knows the URL scheme). */
  audioHref: (audio: CachedAudioSummary) => string
  /** Where to find audios to download (the dashboard). */
  browseHref: string
}

function formatDay(epochMs: number): string {
  return new Date(epochMs).toLocaleDateString('pt-BR', { day: '2-digit', month: 'short', year: 'numeric' })
}

/**
 * The Downloads view (docs/product/listening.md#downloads-downloads): what this device keeps for
 * offline listening, how much space it takes against the 500 MB cap, and the remove / clear
 * actions. Everything here is read from IndexedDB, so it works with no connection.
 */
export function DownloadsPage({ productName, audioHref, browseHref }: DownloadsPageProps) {
  const { stats, isLoading, remove, clear } = useCacheStats({ onNotice: showOfflineNotice })
  const { audios, failed } = useCachedAudios()
  const [confirmClear, setConfirmClear] = useState(false)
  const [busy, setBusy] = useState<string | null>(null)
  const listId = useId()

  const onRemove = async (id: string) => {
    setBusy(id)
    await remove(id)
    setBusy(null)
  }
  const onClear = async () => {
    setBusy('all')
    const ok = await clear()
    setBusy(null)
    if (ok) setConfirmClear(false)
  }

  return (
    <PageShell pageTitle={`Downloads — ${productName}`} contentClassName="sm:pb-20">
      <PageHeading
        eyebrow="Ouça sem internet"
        title="Downloads"
        description="Os áudios baixados ficam guardados neste dispositivo e tocam mesmo sem conexão, com a música de fundo."
      />

      <CacheStatsPanel stats={stats} loading={isLoading} />

      <section aria-labelledby={listId} className="mt-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={listId} className="text-xl font-bold tracking-tight text-ink">
            Áudios baixados
          </h2>
          {audios && audios.length > 0 ? (
            <Button variant="outline" size="md" onClick={() => setConfirmClear(true)} disabled={busy !== null}>
              <Trash2 aria-hidden="true" />
              Limpar tudo
            </Button>
          ) : null}
        </div>

        {audios === null ? (
          <div role="status" className="mt-4 grid gap-3">
            <span className="sr-only">Carregando...</span>
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </div>
        ) : audios.length === 0 ? (
          <EmptyDownloads browseHref={browseHref} failed={failed} />
        ) : (
          <ul className="mt-4 grid gap-3" aria-label="Áudios disponíveis offline">
            {audios.map((audio) => (
              <li
                key={audio.id}
                data-testid="downloaded-audio"
                className="flex flex-col gap-4 rounded-2xl border border-line bg-card p-4 shadow-soft sm:flex-row sm:items-center sm:p-5"
              >
                <div className="flex min-w-0 flex-1 items-start gap-3">
                  <span aria-hidden="true" className="grid size-11 shrink-0 place-items-center rounded-xl bg-tint-strong text-accent">
                    <Headphones className="size-5" />
                  </span>
                  <div className="min-w-0">
                    <h3 className="font-semibold leading-snug text-ink">{audio.title}</h3>
                    <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm text-ink-muted">
                      <span className="inline-flex items-center gap-1 tabular-nums">
                        <Clock aria-hidden="true" className="size-3.5" />
                        <span className="sr-only">Duração: </span>
                        {audio.metadata.duration}
                      </span>
                      <span className="tabular-nums">{formatBytes(audio.metadata.size)}</span>
                      <span>Baixado em {formatDay(audio.downloadedAt)}</span>
                    </p>
                  </div>
                </div>
                <div className="flex shrink-0 items-center gap-2">
                  <ButtonLink to={audioHref(audio)} size="md" className="flex-1 sm:flex-none" aria-label={`Ouvir ${audio.title}`}>
                    <Play aria-hidden="true" fill="currentColor" />
                    Ouvir
                  </ButtonLink>
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => void onRemove(audio.id)}
                    disabled={busy !== null}
                    aria-busy={busy === audio.id || undefined}
                    aria-label={`Remover “${audio.title}” deste dispositivo`}
                    title="Remover do dispositivo"
                    className="text-ink-muted hover:bg-danger-soft hover:text-danger"
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ModalDialog
        open={confirmClear}
        onClose={() => setConfirmClear(false)}
        locked={busy === 'all'}
        title="Remover todos os downloads?"
        description="Os áudios saem deste dispositivo e só voltam a tocar com internet. Você pode baixá-los de novo quando quiser."
      >
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => setConfirmClear(false)} disabled={busy === 'all'} data-autofocus>
            Cancelar
          </Button>
          <Button
            onClick={() => void onClear()}
            disabled={busy === 'all'}
            aria-busy={busy === 'all' || undefined}
            className="bg-red-700 shadow-none hover:bg-red-800 focus-visible:outline-red-700"
          >
            <Trash2 aria-hidden="true" />
            Limpar tudo
          </Button>
        </div>
      </ModalDialog>
    </PageShell>
  )
}

function Stat({ icon, label, value, testId }: { icon: ReactNode; label: string; value: string; testId: string }) {
  return (
    <div className="flex min-w-0 items-center gap-3 rounded-2xl bg-tint/70 p-3.5 sm:p-4">
      <span
        aria-hidden="true"
        className="grid size-10 shrink-0 place-items-center rounded-xl bg-card text-accent shadow-sm max-[479px]:hidden [&_svg]:size-5"
      >
        {icon}
      </span>
      <div className="min-w-0">
        <dt className="text-[0.8rem] leading-snug font-medium text-ink-muted sm:text-sm">{label}</dt>
        <dd data-testid={testId} className="truncate text-lg font-bold tracking-tight text-ink tabular-nums">
          {value}
        </dd>
      </div>
    </div>
  )
}

/** Cache statistics: total size, count, available space and used percentage of the cap. */
function CacheStatsPanel({ stats, loading }: { stats: ReturnType<typeof useCacheStats>['stats']; loading: boolean }) {
  const headingId = useId()
  const used = stats?.usedPercentage ?? 0
  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-7">
      <h2 id={headingId} className="sr-only">
        Espaço neste dispositivo
      </h2>
      {loading && !stats ? (
        <div role="status" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <span className="sr-only">Carregando...</span>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-[4.5rem]" />
          ))}
        </div>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3">
            <Stat icon={<HardDriveDownload />} label="Espaço usado" value={formatBytes(stats?.totalSize ?? 0)} testId="stat-total-size" />
            <Stat icon={<Music />} label="Áudios baixados" value={String(stats?.audioCount ?? 0)} testId="stat-audio-count" />
            <Stat icon={<HardDrive />} label="Espaço disponível" value={formatBytes(stats?.availableSpace ?? 0)} testId="stat-available" />
            <Stat icon={<Gauge />} label="Uso do limite" value={formatPercent(used)} testId="stat-used-percentage" />
          </dl>
          <div className="mt-5">
            <div className="flex items-baseline justify-between gap-3 text-sm text-ink-muted">
              <span>
                {formatBytes(stats?.totalSize ?? 0)} de {formatBytes(OFFLINE_CACHE_MAX_BYTES)}
              </span>
              <span className="tabular-nums">{formatPercent(used)}</span>
            </div>
            <div
              role="meter"
              aria-label="Uso do limite de downloads"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(used)}
              className="mt-2 h-2.5 overflow-hidden rounded-full bg-tint-strong"
            >
              <div
                className={cn('h-full rounded-full transition-[width]', used > 90 ? 'bg-gold-500' : 'bg-brand-600')}
                style={{ width: `${Math.min(100, Math.max(used > 0 ? 1 : 0, used))}%` }}
              />
            </div>
            <p className="mt-3 text-sm leading-relaxed text-ink-muted">
              Acima de 90% do limite, os 3 áudios ouvidos há mais tempo saem para dar lugar a um novo download.
            </p>
          </div>
        </>
      )}
    </section>
  )
}

function EmptyDownloads({ browseHref, failed }: { browseHref: string; failed: boolean }) {
  return (
    <div className="mt-4 rounded-3xl border border-dashed border-line-strong bg-card/70 px-6 py-10 text-center">
      <span aria-hidden="true" className="mx-auto grid size-14 place-items-center rounded-2xl bg-tint-strong text-accent">
        <HardDriveDownload className="size-7" />
      </span>
      <p className="mt-4 text-lg font-semibold text-ink">Nenhum áudio baixado</p>
      <p className="mx-auto mt-2 max-w-md text-[0.95rem] leading-relaxed text-ink-muted">
        {failed
          ? 'Este navegador não permite guardar áudios (por exemplo, em uma janela anônima).'
          : 'Toque em “Baixar” em um áudio para ouvi-lo aqui mesmo sem internet.'}
      </p>
      <ButtonLink to={browseHref} variant="outline" size="md" className="mt-6">
        Explorar os campos
      </ButtonLink>
    </div>
  )
}
