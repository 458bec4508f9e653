import { useEffect } from 'react'
import { Headphones } from 'lucide-react'
import { audioCountLabel } from '@sintonia/contract'
import { Artwork } from '../../../components/artwork'
import { ContentIcon } from '../../../components/icon'
import { Skeleton } from '../../../components/ui/skeleton'
import { usePublicFields } from '../api/landing-queries'
import type { TextFn } from '../lib/content'
import { SectionHeading } from './section-heading'

/**
 * 'Campos de Desenvolvimento': one card per field with its icon, title and audio count.
 * A failed load is only logged and the section is left out.
 */
export function FieldsSection({ t }: { t: TextFn }) {
  const { data: fields, isPending, isError, error } = usePublicFields()

  useEffect(() => {
    if (isError) console.warn('[landing] não foi possível carregar os campos', error)
  }, [isError, error])

  if (isError || (fields && fields.length === 0)) return null

  return (
    <section id="campos" aria-labelledby="campos-title" className="render-when-near bg-surface py-14 sm:py-24" aria-busy={isPending}>
      <div className="mx-auto max-w-6xl px-5 sm:px-6">
        <SectionHeading
          id="campos-title"
          eyebrow="Biblioteca"
          title="Campos de Desenvolvimento"
          subtitle="Escolha o tema que faz sentido para o seu momento e avance no seu próprio ritmo."
        />
        <ul className="mt-10 grid gap-4 sm:mt-12 sm:grid-cols-2 lg:grid-cols-3">
          {isPending
            ? Array.from({ length: 6 }, (_, index) => (
                <li key={index} className="rounded-2xl border border-line bg-card p-6">
                  <Skeleton className="size-12 rounded-2xl" />
                  <Skeleton className="mt-5 h-5 w-2/3" />
                  <Skeleton className="mt-3 h-4 w-full" />
                  <Skeleton className="mt-2 h-4 w-4/5" />
                </li>
              ))
            : fields.map((field) => (
                <li
                  key={field.id}
                  data-testid="field-card"
                  className="group relative isolate flex gap-4 overflow-hidden rounded-2xl border border-line bg-card p-5 shadow-soft transition duration-300 hover:-translate-y-0.5 hover:shadow-lifted sm:flex-col sm:gap-0 sm:p-6"
                >
                  <Artwork seed={field.id} cover={field.coverImage} sizes="(min-width: 640px) 360px, 64px" className="size-16 shrink-0 rounded-2xl sm:-mx-6 sm:-mt-6 sm:h-32 sm:w-auto sm:rounded-none">
                    <span aria-hidden="true" className="grid size-full place-items-center text-white sm:place-items-start sm:p-4">
                      <span className="grid size-9 place-items-center rounded-xl border border-white/25 bg-white/15 backdrop-blur-sm sm:size-11 sm:rounded-2xl">
                        <ContentIcon name={field.iconName} className="size-5" />
                      </span>
                    </span>
                  </Artwork>
                  <div className="flex min-w-0 flex-1 flex-col sm:mt-5">
                    <h3 className="text-lg font-semibold text-ink">{t(field.title)}</h3>
                    {field.description ? (
                      <p className="mt-1.5 line-clamp-3 text-[0.95rem] leading-relaxed text-ink-muted sm:mt-2">
                        {t(field.description)}
                      </p>
                    ) : null}
                    <p className="mt-auto inline-flex items-center gap-1.5 pt-3 text-sm font-semibold text-accent sm:pt-5">
                      <Headphones aria-hidden="true" className="size-4" />
                      {audioCountLabel(field.audioCount ?? 0)}
                    </p>
                  </div>
                </li>
              ))}
        </ul>
        {isPending ? <p className="sr-only" role="status">Carregando campos...</p> : null}
      </div>
    </section>
  )
}
