import { ChevronRight, FileAudio } from 'lucide-react'
import { Link } from 'react-router'
import type { Field } from '@sintonia/contract'
import { Artwork } from '../../../components/artwork'
import { ContentIcon } from '../../../components/icon'
import { availableAudiosLabel, type FieldMatch } from '../lib/fields'

export interface FieldCardProps {
  field: Field
  /** Audios of this field the search found: named on the card, and the first is highlighted on the field page. */
  matchedAudios?: FieldMatch['audios']
}

/** A field on the dashboard: its cover with the icon and count badge, and '{n} áudio(s) disponível(is)'; opens /campo/{id}. */
export function FieldCard({ field, matchedAudios = [] }: FieldCardProps) {
  const [first] = matchedAudios
  return (
    <Link
      to={first ? `/campo/${field.id}?audio=${first.id}` : `/campo/${field.id}`}
      className="group flex h-full flex-col overflow-hidden rounded-3xl border border-line bg-card shadow-soft transition-[border-color,box-shadow,transform] duration-200 hover:-translate-y-0.5 hover:border-line-strong hover:shadow-lifted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <Artwork seed={field.id} cover={field.coverImage} sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw" className="h-28 sm:h-32">
        <div className="flex h-full items-start justify-between gap-3 p-4">
          <span aria-hidden="true" className="grid size-11 place-items-center rounded-2xl border border-white/25 bg-white/15 text-white backdrop-blur-sm">
            <ContentIcon name={field.iconName} className="size-5" />
          </span>
          <span className="rounded-full bg-black/25 px-2.5 py-1 text-xs font-bold tabular-nums text-white backdrop-blur-sm" aria-hidden="true">
            {field.audioCount}
          </span>
        </div>
      </Artwork>
      <div className="flex flex-1 flex-col p-5">
      <h3 className="text-lg font-semibold leading-snug tracking-tight text-ink">{field.title}</h3>
      {field.description ? <p className="mt-1 line-clamp-2 text-sm leading-relaxed text-ink-muted">{field.description}</p> : null}
      {first ? (
        <p data-testid="field-matched-audios" className="mt-3 flex items-start gap-2 rounded-xl bg-tint px-3 py-2 text-sm text-accent-strong">
          <FileAudio aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
          <span className="min-w-0">
            {matchedAudios.length === 1 ? 'Áudio encontrado: ' : `${matchedAudios.length} áudios encontrados: `}
            <span className="font-semibold">{matchedAudios.map((audio) => audio.title).join(', ')}</span>
          </span>
        </p>
      ) : null}
      <p className="mt-auto flex items-center justify-between gap-2 pt-4 text-sm font-medium text-accent-strong">
        {availableAudiosLabel(field.audioCount)}
        <ChevronRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
      </p>
      </div>
    </Link>
  )
}
