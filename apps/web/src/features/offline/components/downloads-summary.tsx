import { ArrowRight, HardDriveDownload } from 'lucide-react'
import { ButtonLink } from '../../../components/ui/button'
import { useCacheStats } from '../hooks/use-cache-stats'
import { formatBytes } from '@sintonia/contract'

/** A short line for the account page: how many audios this device keeps, with the way to the Downloads view. */
export function DownloadsSummary({ href }: { href: string }) {
  const { stats } = useCacheStats()
  const count = stats?.audioCount ?? 0
  return (
    <section aria-labelledby="downloads-summary-title" className="rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-7">
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-xl bg-tint-strong text-accent [&_svg]:size-5">
          <HardDriveDownload />
        </span>
        <h2 id="downloads-summary-title" className="text-lg font-bold tracking-tight text-ink">
          Downloads neste dispositivo
        </h2>
      </div>
      <p className="mt-4 text-[0.95rem] leading-relaxed text-ink-muted">
        {stats === null
          ? 'Áudios guardados para ouvir sem internet.'
          : count === 0
            ? 'Nenhum áudio baixado. Baixe áudios para ouvi-los sem internet.'
            : `${count} ${count === 1 ? 'áudio baixado' : 'áudios baixados'} (${formatBytes(stats.totalSize)}), prontos para ouvir sem internet.`}
      </p>
      <ButtonLink to={href} variant="outline" className="mt-4">
        Ver downloads
        <ArrowRight aria-hidden="true" />
      </ButtonLink>
    </section>
  )
}
