import { useId, useState } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { BookHeart, Clock, Download, Pencil, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { CHECK_IN_MSG, cleanCheckInNote, type CheckIn } from '@sintonia/contract'
import { Button, ButtonLink, buttonVariants } from '../../../components/ui/button'
import { FormAlert } from '../../../components/ui/form'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { PageHeading, PageShell } from '../../../components/ui/page-shell'
import { Skeleton } from '../../../components/ui/skeleton'
import { getErrorMessage, loadErrorMessage } from '../../../lib/api-client'
import { entriesQueryOptions, PRACTICE_CSV_URL, useCheckInActions } from '../api/journal-api'
import { dayHeading } from '../lib/dates'
import { groupByDate } from '../lib/diary'
import { MOOD_FACES, moodText } from '../lib/moods'
import { MoodPicker } from './mood-picker'
import { NoteField } from './note-field'

export interface DiaryPageProps {
  productName: string
  /** The listener's today ('Hoje', 'Ontem' in the headings); the device's date when unknown. */
  today?: string | null
}

function deviceToday(): string {
  const now = new Date()
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}

/**
 * /diario (docs/product/practice.md#check-ins-and-the-diario): the check-ins by day, newest
 * first, each with the practice, its minutes, the moods and the note; edit and delete one's own.
 */
export function DiaryPage({ productName, today = null }: DiaryPageProps) {
  const query = useInfiniteQuery(entriesQueryOptions())
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? []
  const days = groupByDate(entries)
  const todayDate = today ?? deviceToday()
  return (
    <PageShell pageTitle={`Diário — ${productName}`} contentClassName="sm:pb-20">
      <PageHeading eyebrow="Sua prática" title="Diário" description="Como você estava antes e depois de cada prática, e o que ficou com você." />
      {query.isPending ? (
        <div role="status" className="mt-8 space-y-4">
          <span className="sr-only">Carregando seu Diário...</span>
          <Skeleton className="h-32 rounded-3xl" />
          <Skeleton className="h-32 rounded-3xl" />
        </div>
      ) : query.isError ? (
        <div className="mt-8">
          <FormAlert>
            {loadErrorMessage(query.error, 'Não foi possível carregar seu Diário.')}{' '}
            <Button variant="ghost" size="sm" onClick={() => void query.refetch()}>
              Tentar de novo
            </Button>
          </FormAlert>
        </div>
      ) : days.length === 0 ? (
        <EmptyDiary />
      ) : (
        <>
          <div className="mt-8 space-y-8">
            {days.map((day) => (
              <section key={day.date} aria-labelledby={`diario-${day.date}`} data-testid="diary-day" data-date={day.date}>
                <div className="flex items-baseline justify-between gap-3">
                  <h2 id={`diario-${day.date}`} className="text-lg font-bold text-ink first-letter:uppercase">
                    {dayHeading(day.date, todayDate)}
                  </h2>
                  <p className="text-sm text-ink-muted tabular-nums">{day.minutes} min</p>
                </div>
                <ul className="mt-3 space-y-3">
                  {day.entries.map((entry) => (
                    <li key={entry.id}>
                      <DiaryEntry entry={entry} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
          {query.hasNextPage ? (
            <div className="mt-8 flex justify-center">
              <Button variant="outline" size="md" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} aria-busy={query.isFetchingNextPage || undefined}>
                {query.isFetchingNextPage ? 'Carregando...' : 'Ver registros anteriores'}
              </Button>
            </div>
          ) : null}
        </>
      )}
      <p className="mt-10 text-sm text-ink-muted">
        <a href={PRACTICE_CSV_URL} download className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-3' })}>
          <Download aria-hidden="true" />
          Exportar minha prática (CSV)
        </a>
      </p>
    </PageShell>
  )
}

function EmptyDiary() {
  return (
    <div data-testid="diary-empty" className="mt-8 flex flex-col items-start gap-4 rounded-3xl border border-dashed border-line-strong bg-card/70 p-6 sm:flex-row sm:items-center">
      <span aria-hidden="true" className="grid size-12 shrink-0 place-items-center rounded-2xl bg-tint-strong text-accent">
        <BookHeart className="size-6" />
      </span>
      <div className="flex-1">
        <p className="font-semibold text-ink">Seu Diário começa quando você quiser.</p>
        <p className="mt-1 text-ink-muted">Ao fim de uma prática, conte em um toque como você está. Sem compromisso: cada registro é só para você.</p>
      </div>
      <ButtonLink to="/hoje" size="md">
        Ir para a prática de hoje
      </ButtonLink>
    </div>
  )
}

function MoodChip({ label, value }: { label: string; value: number }) {
  const Face = MOOD_FACES[value as keyof typeof MOOD_FACES]
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-tint px-2.5 py-1 text-sm text-accent-strong">
      {Face ? <Face aria-hidden="true" className="size-4" /> : null}
      <span>
        <span className="text-ink-muted">{label}:</span> {moodText(value)}
      </span>
    </span>
  )
}

function DiaryEntry({ entry }: { entry: CheckIn }) {
  const [editing, setEditing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const { remove } = useCheckInActions()
  if (editing) return <EditEntry entry={entry} onDone={() => setEditing(false)} />
  return (
    <article data-testid="diary-entry" className="rounded-3xl border border-line bg-card p-4 shadow-soft sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-ink">{entry.title}</h3>
          <p className="mt-0.5 flex items-center gap-1 text-sm text-ink-muted tabular-nums">
            <Clock aria-hidden="true" className="size-3.5" />
            {entry.minutes} min
          </p>
        </div>
        <div className="-mt-1 -mr-2 flex shrink-0">
          <Button variant="ghost" size="icon" aria-label={`Editar o registro de ${entry.title}`} onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" aria-label={`Apagar o registro de ${entry.title}`} onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      {entry.moodBefore !== null || entry.moodAfter !== null ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {entry.moodBefore !== null ? <MoodChip label="Antes" value={entry.moodBefore} /> : null}
          {entry.moodAfter !== null ? <MoodChip label="Depois" value={entry.moodAfter} /> : null}
        </div>
      ) : null}
      {entry.note ? <p className="mt-3 text-[0.95rem] leading-relaxed break-words whitespace-pre-line text-ink">{entry.note}</p> : null}
      <ModalDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        locked={remove.isPending}
        title="Apagar este registro?"
        description="Ele sai do seu Diário e do gráfico da semana. Sua prática continua contada."
      >
        {remove.isError ? <FormAlert className="mb-4">{getErrorMessage(remove.error)}</FormAlert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" size="md" onClick={() => setConfirming(false)} disabled={remove.isPending}>
            Cancelar
          </Button>
          <Button
            size="md"
            data-autofocus
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(entry.id, {
                onSuccess: () => {
                  setConfirming(false)
                  toast.success(CHECK_IN_MSG.removed)
                },
              })
            }
          >
            {remove.isPending ? 'Apagando...' : 'Apagar'}
          </Button>
        </div>
      </ModalDialog>
    </article>
  )
}

function EditEntry({ entry, onDone }: { entry: CheckIn; onDone: () => void }) {
  const noteId = useId()
  const { update } = useCheckInActions()
  const [moodBefore, setMoodBefore] = useState(entry.moodBefore)
  const [moodAfter, setMoodAfter] = useState(entry.moodAfter)
  const [note, setNote] = useState(entry.note)
  const empty = moodBefore === null && moodAfter === null && cleanCheckInNote(note) === ''
  return (
    <form
      data-testid="diary-entry-edit"
      className="rounded-3xl border border-line-strong bg-card p-4 shadow-soft sm:p-5"
      onSubmit={(event) => {
        event.preventDefault()
        if (empty) return
        update.mutate(
          { id: entry.id, body: { moodBefore, moodAfter, note: cleanCheckInNote(note) } },
          {
            onSuccess: () => {
              toast.success(CHECK_IN_MSG.updated)
              onDone()
            },
          },
        )
      }}
    >
      <h3 className="font-semibold text-ink">{entry.title}</h3>
      <MoodPicker label="Antes da prática" value={moodBefore} onChange={setMoodBefore} size="sm" className="mt-4" />
      <MoodPicker label="Depois da prática" value={moodAfter} onChange={setMoodAfter} size="sm" className="mt-4" />
      <NoteField id={noteId} label="Nota" value={note} onChange={setNote} rows={3} />
      {empty ? <p className="mt-3 text-sm text-ink-muted">{CHECK_IN_MSG.empty}</p> : null}
      {update.isError ? <FormAlert className="mt-3">{getErrorMessage(update.error)}</FormAlert> : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="submit" size="md" disabled={empty || update.isPending} aria-busy={update.isPending || undefined}>
          {update.isPending ? 'Salvando...' : 'Salvar'}
        </Button>
        <Button variant="ghost" size="md" onClick={onDone} disabled={update.isPending}>
          Cancelar
        </Button>
      </div>
    </form>
  )
}
