import type { ReactNode } from 'react'
import { Clock, Play } from 'lucide-react'
import type { Audio } from '@sintonia/contract'
import { Artwork, audioArtwork } from '../../../components/artwork'
import { ButtonLink } from '../../../components/ui/button'
import { cn } from '../../../lib/cn'
import { visibleTags } from '../lib/tag-filter'

export interface AudioCardProps {
  audio: Audio
  fieldId: string
  highlighted?: boolean
  /** Slot for per-audio actions (e.g. the favourites button), supplied by the route. */
  actions?: ReactNode
}

export function AudioCard({ audio, fieldId, highlighted = false, actions }: AudioCardProps) {
  const { shown, hidden } = visibleTags(audio.tags)
  return (
    <li
      id={`audio-${audio.id}`}
      data-testid="audio-card"
      data-highlighted={highlighted || undefined}
      className={cn(
        // min-w-0: a long word never widens the grid's column past a 360 px phone.
        'flex min-w-0 flex-col gap-4 rounded-2xl border bg-card p-5 shadow-soft transition-shadow duration-300',
        highlighted ? 'border-brand-400 ring-2 ring-line-strong' : 'border-line hover:shadow-md',
      )}
    >
      <div className="flex min-w-0 items-start gap-3">
        <Artwork {...audioArtwork(audio)} sizes="48px" className="size-12 shrink-0 rounded-xl" />
        <h3 className="min-w-0 text-base font-semibold leading-snug break-words text-ink">{audio.title}</h3>
      </div>
      {audio.description ? <p className="line-clamp-2 text-sm leading-relaxed text-ink-muted">{audio.description}</p> : null}
      <div className="mt-auto flex flex-wrap items-center gap-1.5">
        <span className="mr-1 inline-flex items-center gap-1 text-xs font-medium text-ink-muted tabular-nums">
          <Clock aria-hidden="true" className="size-3.5" />
          <span className="sr-only">Duração: </span>
          {audio.duration}
        </span>
        {shown.map((tag) => (
          <span key={tag} className="rounded-full bg-tint px-2.5 py-0.5 text-xs font-medium text-accent-strong">
            {tag}
          </span>
        ))}
        {hidden > 0 ? (
          <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium text-ink-muted" title={audio.tags.slice(2).join(', ')}>
            +{hidden}
          </span>
        ) : null}
      </div>
      {/* The actions sit beside "Ouvir", not beside the title: on a phone the title keeps the card's width. */}
      <div className="flex items-center gap-2">
        <ButtonLink to={`/campo/${fieldId}/audio/${audio.id}`} size="sm" className="min-w-0 flex-1" aria-label={`Ouvir ${audio.title}`}>
          <Play aria-hidden="true" fill="currentColor" />
          Ouvir
        </ButtonLink>
        {actions ? <div className="-mr-1 shrink-0">{actions}</div> : null}
      </div>
    </li>
  )
}
