import { useEffect, useId, useRef, useState } from 'react'
import { BookHeart, X } from 'lucide-react'
import { CHECK_IN_LIMITS, CHECK_IN_MSG, cleanCheckInNote, type CheckInCreate } from '@sintonia/contract'
import { Button, ButtonLink } from '../../../components/ui/button'
import { FormAlert, FormNotice } from '../../../components/ui/form'
import { getErrorMessage } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { useCheckInActions } from '../api/journal-api'
import { closeCheckIn, isCheckInClosed, readMoodBefore, type PracticeRef } from '../lib/check-in-memory'
import { moodText } from '../lib/moods'
import { MoodPicker } from './mood-picker'
import { NoteField } from './note-field'

export interface CheckInPractice extends PracticeRef {
  /** What was practised, shown as the card's context ('Dia 3 de 21 · Programa', the audio's title). */
  title: string
  /** An audio's repetitions heard (its minutes on the server). */
  repetitions?: number | undefined
}

export interface CheckInCardProps {
  practice: CheckInPractice
  /** 'sheet': the card at the bottom of the player, with a close button; 'inline': inside a page. */
  variant?: 'inline' | 'sheet'
  /** After "Agora não", or "Fechar" once saved. */
  onClose?: () => void
  className?: string
}

/** The body the API takes: the practice, the moods and the note chosen (nothing that was left empty). */
export function checkInBody(practice: CheckInPractice, chosen: { moodBefore: number | null; moodAfter: number | null; note: string }): CheckInCreate {
  const note = cleanCheckInNote(chosen.note)
  return {
    ...(practice.programId && practice.day ? { programId: practice.programId, day: practice.day } : {}),
    ...(practice.audioId && !(practice.programId && practice.day) ? { audioId: practice.audioId, repetitions: Math.min(CHECK_IN_LIMITS.repetitionsMax, Math.max(1, practice.repetitions ?? 1)) } : {}),
    ...(chosen.moodBefore !== null ? { moodBefore: chosen.moodBefore } : {}),
    ...(chosen.moodAfter !== null ? { moodAfter: chosen.moodAfter } : {}),
    ...(note ? { note } : {}),
  }
}

/**
 * "Como você está agora?" after a practice (docs/product/practice.md#check-ins-and-the-diario):
 * five one-tap moods, an optional note, "Salvar" and "Agora não". Everything is optional; a
 * practice skipped or saved is not asked about again that day. The mood given before the
 * practice ("Como você está antes?") is carried along.
 */
export function CheckInCard({ practice, variant = 'inline', onClose, className }: CheckInCardProps) {
  const headingId = useId()
  const noteId = useId()
  const { create } = useCheckInActions()
  const [closed, setClosed] = useState(() => isCheckInClosed(practice))
  const [moodBefore] = useState(() => readMoodBefore(practice))
  const [moodAfter, setMoodAfter] = useState<number | null>(null)
  const [note, setNote] = useState('')
  const [saved, setSaved] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  // The sheet takes the focus when it appears, so a screen reader hears the question.
  useEffect(() => {
    if (variant === 'sheet') headingRef.current?.focus()
  }, [variant])

  if (closed && !saved) return null
  const hasSomething = moodAfter !== null || moodBefore !== null || cleanCheckInNote(note) !== ''

  const skip = () => {
    closeCheckIn(practice)
    setClosed(true)
    onClose?.()
  }
  const save = () => {
    if (!hasSomething || create.isPending) return
    create.mutate(checkInBody(practice, { moodBefore, moodAfter, note }), {
      onSuccess: () => {
        closeCheckIn(practice)
        setSaved(true)
      },
    })
  }

  return (
    <section
      aria-labelledby={headingId}
      data-testid="check-in"
      className={cn(
        'relative rounded-3xl border border-line bg-card p-5 text-left shadow-soft sm:p-6',
        variant === 'sheet' && 'shadow-lifted',
        className,
      )}
    >
      {variant === 'sheet' ? (
        <button
          type="button"
          onClick={saved ? onClose : skip}
          aria-label={saved ? 'Fechar' : 'Agora não'}
          className="absolute top-3 right-3 grid size-10 place-items-center rounded-xl text-ink-muted transition-colors hover:bg-tint hover:text-ink"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      ) : null}
      {saved ? (
        <div className="space-y-3">
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="sr-only">
            Registro salvo
          </h2>
          <FormNotice>{CHECK_IN_MSG.saved}</FormNotice>
          <div className="flex flex-wrap gap-2">
            <ButtonLink to="/diario" variant="outline" size="md">
              <BookHeart aria-hidden="true" />
              Ver no Diário
            </ButtonLink>
            {variant === 'sheet' && onClose ? (
              <Button variant="ghost" size="md" onClick={onClose}>
                Fechar
              </Button>
            ) : null}
          </div>
        </div>
      ) : (
        <>
          <p className="pr-10 text-xs font-semibold tracking-wider text-accent uppercase">Diário · opcional</p>
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="mt-1 pr-10 text-xl font-bold tracking-tight text-ink focus:outline-none">
            Como você está agora?
          </h2>
          <p className="mt-1 truncate text-sm text-ink-muted">{practice.title}</p>
          <MoodPicker label="Como você está agora?" showLabel={false} value={moodAfter} onChange={setMoodAfter} className="mt-4" disabled={create.isPending} />
          {moodBefore !== null ? <p className="mt-3 text-sm text-ink-muted">Antes da prática: {moodText(moodBefore)}</p> : null}
          <NoteField id={noteId} label="Uma nota" value={note} onChange={setNote} rows={2} disabled={create.isPending} placeholder="O que ficou com você?" />
          {create.isError ? <FormAlert className="mt-3">{getErrorMessage(create.error)}</FormAlert> : null}
          <div className="mt-4 flex flex-wrap items-center gap-2">
            <Button size="md" onClick={save} disabled={!hasSomething || create.isPending} aria-busy={create.isPending || undefined}>
              {create.isPending ? 'Salvando...' : 'Salvar'}
            </Button>
            <Button variant="ghost" size="md" onClick={skip} disabled={create.isPending}>
              Agora não
            </Button>
          </div>
        </>
      )}
    </section>
  )
}
