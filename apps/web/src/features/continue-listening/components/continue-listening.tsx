import { Clock } from 'lucide-react'
import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import type { RecentListening } from '@sintonia/contract'
import { Artwork, audioArtwork } from '../../../components/artwork'
import { Skeleton } from '../../../components/ui/skeleton'
import { recentListeningQueryOptions } from '../api/recent'

/**
 * "Continuar ouvindo" on the dashboard, under today's practice: the audios heard last, newest
 * first, each opening its player. Nothing heard yet (or the list could not load) shows nothing: the
 * Today card already invites a first listen, and this row is a shortcut, not a place to fail.
 */
export function ContinueListening() {
  const query = useQuery(recentListeningQueryOptions())
  if (query.isPending) {
    return (
      <div role="status" aria-label="Carregando o que você ouviu por último">
        <Skeleton className="h-6 w-48" />
        <div className="mt-4 flex gap-4 overflow-hidden">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="aspect-[4/5] w-40 shrink-0 rounded-3xl sm:w-44" />
          ))}
        </div>
      </div>
    )
  }
  if (query.isError || query.data.audios.length === 0) return null
  return <ContinueListeningView recent={query.data} />
}

export function ContinueListeningView({ recent }: { recent: RecentListening }) {
  return (
    <section aria-labelledby="continue-heading">
      <h2 id="continue-heading" className="text-xl font-bold tracking-tight text-ink">
        Continuar ouvindo
      </h2>
      {/* One row that scrolls sideways on a phone; the cards snap so one is always whole at the edge. */}
      <ul className="-mx-4 mt-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-3 sm:overflow-visible sm:px-0 lg:grid-cols-6">
        {recent.audios.map(({ audio, fieldTitle }) => (
          <li key={audio.id} className="w-40 shrink-0 snap-start sm:w-auto">
            <Link
              to={`/campo/${audio.fieldId}/audio/${audio.id}`}
              className="group block rounded-3xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <Artwork
                {...audioArtwork(audio)}
                sizes="(min-width: 1024px) 180px, (min-width: 640px) 30vw, 160px"
                className="aspect-square w-full rounded-3xl shadow-soft transition-transform duration-200 group-hover:-translate-y-0.5"
              />
              <p className="mt-2.5 line-clamp-2 text-sm leading-snug font-semibold text-ink">
                <span className="sr-only">Ouvir </span>
                {audio.title}
              </p>
              <p className="mt-0.5 flex items-center gap-1.5 text-xs text-ink-muted">
                <span className="truncate">{fieldTitle}</span>
                <span aria-hidden="true">·</span>
                <Clock aria-hidden="true" className="size-3 shrink-0" />
                <span className="tabular-nums">{audio.duration}</span>
              </p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
