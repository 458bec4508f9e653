import { useState } from 'react'
import { toast } from 'sonner'
import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import type { AdminProgramList } from '@sintonia/contract'
import { Artwork } from '../../../components/artwork'
import { Badge } from '../../../components/ui/badge'
import { Button, ButtonLink } from '../../../components/ui/button'
import { getErrorMessage } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { usePublishProgram } from '../api/programs'
import { daysLabel, minutesPerDayLabel } from '../lib/editor'
import { moveItem } from '../../../lib/move-item'

export type ProgramRow = AdminProgramList['programs'][number]

const numberFormat = new Intl.NumberFormat('pt-BR')

export function enrolledLabel(count: number): string {
  return count === 1 ? '1 inscrito' : `${numberFormat.format(count)} inscritos`
}

/** Publicado / Rascunho, and 'Incompleto' while a day lacks an intention or an audio. */
export function ProgramStatus({ program }: { program: Pick<ProgramRow, 'published' | 'complete' | 'isOpen'> }) {
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      {program.published ? <Badge variant="success">Publicado</Badge> : <Badge variant="neutral">Rascunho</Badge>}
      {program.complete ? null : <Badge variant="gold">Incompleto</Badge>}
      {program.isOpen ? <Badge variant="outline">Livre</Badge> : null}
    </span>
  )
}

/** The list's publish switch (on: published); the API says why a programme cannot be published yet. */
function PublishSwitch({ program }: { program: ProgramRow }) {
  const publish = usePublishProgram()
  const next = !program.published
  return (
    <button
      type="button"
      role="switch"
      aria-checked={program.published}
      aria-label={`Visível aos ouvintes: ${program.title}`}
      disabled={publish.isPending}
      onClick={() =>
        publish.mutate(
          { id: program.id, published: next },
          {
            onSuccess: () => toast.success(next ? 'Programa publicado' : 'Programa despublicado'),
            onError: (error) => toast.error(next ? 'Não foi possível publicar' : 'Não foi possível despublicar', { description: getErrorMessage(error) }),
          },
        )
      }
      className="inline-flex items-center gap-2 rounded-full text-sm font-medium whitespace-nowrap text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
    >
      <span className={cn('relative h-6 w-11 shrink-0 rounded-full transition-colors', program.published ? 'bg-emerald-600' : 'bg-muted-strong')}>
        <span className={cn('absolute top-0.5 size-5 rounded-full bg-card shadow transition-[left]', program.published ? 'left-5.5' : 'left-0.5')} />
      </span>
      Visível aos ouvintes
    </button>
  )
}

export interface ProgramListProps {
  programs: ProgramRow[]
  /** Called with the whole list in its new order. */
  onReorder: (ordered: ProgramRow[]) => void
  onDelete: (program: ProgramRow) => void
  /** While a new order is saved, further moves wait (the buttons keep the focus). */
  disabled?: boolean
}

/**
 * The programmes in the order listeners see them: one card per programme that fits a phone (title,
 * days, minutes a day, status, enrolled) with its actions — move up or down, publish, edit, delete.
 */
export function ProgramList({ programs, onReorder, onDelete, disabled = false }: ProgramListProps) {
  const [announcement, setAnnouncement] = useState('')
  const move = (from: number, to: number) => {
    if (disabled || to < 0 || to >= programs.length || from === to) return
    const moved = programs[from]!
    setAnnouncement(`${moved.title} agora está na posição ${to + 1} de ${programs.length}`)
    onReorder(moveItem(programs, from, to))
  }

  return (
    <>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <ol className="flex flex-col gap-2" aria-label="Programas na ordem em que os ouvintes os veem">
        {programs.map((program, index) => (
          <li key={program.id} data-testid="program-row" className="rounded-2xl border border-line bg-card p-4 shadow-soft">
            <div className="flex flex-col gap-3 md:flex-row md:items-center">
              <div className="flex min-w-0 flex-1 items-start gap-3">
                <Artwork seed={program.id} cover={program.coverImage} sizes="40px" className="size-10 shrink-0 rounded-xl" />
                <div className="min-w-0 flex-1">
                  <Link
                    to={`/admin/programas/${program.id}`}
                    className="font-semibold break-words text-ink hover:text-accent-strong hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    {program.title}
                  </Link>
                  <p className="mt-0.5 text-sm text-ink-muted">
                    {daysLabel(program.daysCount)} · <span className="tabular-nums">{minutesPerDayLabel(program.minutesPerDay)}</span> · {enrolledLabel(program.enrolled)}
                  </p>
                  <div className="mt-2">
                    <ProgramStatus program={program} />
                  </div>
                </div>
              </div>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2 md:justify-end">
                <PublishSwitch program={program} />
                <span className="ml-auto flex items-center gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-9"
                    aria-label={`Mover ${program.title} para cima`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-9"
                    aria-label={`Mover ${program.title} para baixo`}
                    disabled={index === programs.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <ButtonLink to={`/admin/programas/${program.id}`} variant="ghost" size="icon" className="size-9" aria-label={`Editar ${program.title}`}>
                    <Pencil aria-hidden="true" />
                  </ButtonLink>
                  <Button variant="ghost" size="icon" className="size-9 text-danger hover:bg-danger-soft" aria-label={`Excluir ${program.title}`} onClick={() => onDelete(program)}>
                    <Trash2 aria-hidden="true" />
                  </Button>
                </span>
              </div>
            </div>
          </li>
        ))}
      </ol>
    </>
  )
}
