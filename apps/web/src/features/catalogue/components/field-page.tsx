import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, RefreshCw, SearchX, Tag, TriangleAlert } from 'lucide-react'
import { LISTENER_MSG, audioCountLabel, type Audio } from '@sintonia/contract'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Artwork } from '../../../components/artwork'
import { PageShell } from '../../../components/ui/page-shell'
import { Spinner } from '../../../components/ui/spinner'
import { ApiRequestError, loadErrorMessage, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { fieldAudiosQueryOptions, fieldQueryOptions } from '../api/catalogue-queries'
import { collectTags, filterByTags, isUuid } from '../lib/tag-filter'
import { AudioCard } from './audio-card'

/** The field page's column starts closer to the header than other pages' (its back link comes first). */
const PAGE_SPACING = 'pt-6 sm:pt-10 sm:pb-16'

export interface FieldPageProps {
  fieldId: string
  productName?: string
  /** `?audio={id}`: scroll to and highlight that card. */
  highlightAudioId?: string | null
  /** Per-audio actions slot (the route passes the favourites button). */
  renderAudioActions?: (audio: Audio) => ReactNode
}

/** `/campo/:fieldId`: field title, description, tag filter and the audio grid. */
export function FieldPage({ fieldId, productName, highlightAudioId, renderAudioActions }: FieldPageProps) {
  const validId = isUuid(fieldId)
  const field = useQuery({ ...fieldQueryOptions(fieldId), enabled: validId })
  const audios = useQuery({ ...fieldAudiosQueryOptions(fieldId), enabled: validId })
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set())

  const allAudios = useMemo(() => audios.data ?? [], [audios.data])
  const tags = useMemo(() => collectTags(allAudios), [allAudios])
  const visible = useMemo(() => filterByTags(allAudios, selected), [allAudios, selected])

  useEffect(() => {
    if (!highlightAudioId || !audios.data) return
    document.getElementById(`audio-${highlightAudioId}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' })
  }, [highlightAudioId, audios.data])

  const toggleTag = (tag: string) =>
    setSelected((prev) => {
      const next = new Set(prev)
      if (next.has(tag)) next.delete(tag)
      else next.add(tag)
      return next
    })

  const title = field.data ? `${field.data.title} — ${productName ?? ''}`.replace(/ — $/, '') : (productName ?? '')

  if (!validId || field.isError || audios.isError) {
    const failure = field.isError ? field.error : audios.error
    // Anything that is not the API's answer (an unreadable response, a bug) says so in pt-BR, never
    // in the words of the error itself.
    const message = !validId
      ? LISTENER_MSG.fieldInvalidId
      : !(failure instanceof ApiRequestError)
        ? LISTENER_MSG.unexpectedLoadError
        : failure.status === 404
          ? LISTENER_MSG.fieldNotFound
          : loadErrorMessage(failure, field.isError ? LISTENER_MSG.fieldLoadError : LISTENER_MSG.audiosLoadError)
    const offline = failure instanceof ApiRequestError && failure.isNetworkError
    return (
      <PageShell width="6xl" contentClassName={PAGE_SPACING}>
        <title>{title}</title>
        <div role="alert" className="mx-auto mt-6 flex max-w-lg flex-col items-center rounded-3xl border border-line bg-card p-8 text-center shadow-soft">
          <span aria-hidden="true" className="grid size-12 place-items-center rounded-2xl bg-danger-soft text-danger">
            <TriangleAlert className="size-6" />
          </span>
          <h1 className="mt-4 text-xl font-bold text-ink">{message || LISTENER_MSG.fieldNotFound}</h1>
          {offline ? <p className="mt-2 text-sm font-medium text-ink">{NETWORK_ERROR_MESSAGE}</p> : null}
          <p className="mt-2 text-sm leading-relaxed text-ink-muted">{LISTENER_MSG.fieldHint}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            {validId ? (
              <Button
                variant="primary"
                size="md"
                onClick={() => {
                  void field.refetch()
                  void audios.refetch()
                }}
              >
                <RefreshCw aria-hidden="true" />
                Tentar novamente
              </Button>
            ) : null}
            <ButtonLink to="/dashboard" variant="outline" size="md">
              {LISTENER_MSG.backToDashboard}
            </ButtonLink>
          </div>
        </div>
      </PageShell>
    )
  }

  if (field.isPending || audios.isPending) {
    return (
      <PageShell width="6xl" contentClassName={PAGE_SPACING}>
        <div role="status" className="flex flex-col items-center gap-3 py-24 text-ink-muted">
          <Spinner label={null} className="size-8" />
          <p className="text-sm font-medium">{LISTENER_MSG.loadingContent}</p>
        </div>
      </PageShell>
    )
  }

  return (
    <PageShell width="6xl" contentClassName={PAGE_SPACING}>
      <title>{title}</title>
      <ButtonLink to="/dashboard" variant="ghost" size="sm" className="-ml-3">
        <ArrowLeft aria-hidden="true" />
        Dashboard
      </ButtonLink>
      <header className="mt-3 flex flex-col gap-5 sm:flex-row sm:items-center sm:gap-7">
        <Artwork seed={field.data.id} cover={field.data.coverImage} eager sizes="(min-width: 640px) 160px, 112px" className="size-28 shrink-0 rounded-3xl shadow-lifted sm:size-40" />
        <div className="min-w-0">
          <p className="text-sm font-semibold text-accent">{audioCountLabel(allAudios.length)}</p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-balance break-words text-ink sm:text-4xl">{field.data.title}</h1>
          {field.data.description ? (
            <p className="mt-3 max-w-2xl text-[0.98rem] leading-relaxed text-ink-muted">{field.data.description}</p>
          ) : null}
        </div>
      </header>

      {tags.length > 0 ? (
        <div className="mt-8">
          <p id="tag-filter-label" className="flex items-center gap-1.5 text-sm font-semibold text-ink">
            <Tag aria-hidden="true" className="size-4 text-accent" />
            Filtrar por tags
          </p>
          <div role="group" aria-labelledby="tag-filter-label" className="mt-3 flex flex-wrap gap-2">
            {tags.map((tag) => {
              const active = selected.has(tag)
              return (
                <button
                  key={tag}
                  type="button"
                  aria-pressed={active}
                  onClick={() => toggleTag(tag)}
                  className={cn(
                    'min-h-9 rounded-full border px-3.5 text-sm font-medium transition-colors duration-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                    active ? 'border-brand-700 bg-brand-700 text-white' : 'border-line-strong bg-card text-accent-strong hover:bg-tint',
                  )}
                >
                  {tag}
                </button>
              )
            })}
            {selected.size > 0 ? (
              <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
                Limpar filtros
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}

      {visible.length === 0 ? (
        <div className="mt-10 flex flex-col items-center gap-3 rounded-3xl border border-dashed border-line bg-card/60 px-6 py-14 text-center">
          <SearchX aria-hidden="true" className="size-8 text-ink-muted" />
          <p className="text-sm font-medium text-ink-muted">
            {selected.size > 0 ? LISTENER_MSG.noAudiosWithTags : LISTENER_MSG.noAudiosInField}
          </p>
        </div>
      ) : (
        <ul aria-label="Áudios" className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {visible.map((audio) => (
            <AudioCard
              key={audio.id}
              audio={audio}
              fieldId={fieldId}
              highlighted={audio.id === highlightAudioId}
              actions={renderAudioActions?.(audio)}
            />
          ))}
        </ul>
      )}
    </PageShell>
  )
}
