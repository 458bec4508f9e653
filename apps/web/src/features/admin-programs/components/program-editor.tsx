import { useEffect, useMemo, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { ArrowLeft, Plus } from 'lucide-react'
import { Link, useBlocker } from 'react-router'
import { PRACTICE_MSG, PROGRAM_LIMITS, type AdminAudio, type AdminProgram, type Field } from '@sintonia/contract'
import { AdminPageHeader } from '../../../components/admin/admin-page-header'
import { QueryError } from '../../../components/admin/query-error'
import { TextArea } from '../../../components/admin/text-area'
import { CoverEditor } from '../../../components/cover-editor'
import { Button } from '../../../components/ui/button'
import { FormAlert, FormNotice, SubmitButton, TextInput, useErrorReveal } from '../../../components/ui/form'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { Skeleton } from '../../../components/ui/skeleton'
import { ApiRequestError, getErrorMessage } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { apiFieldErrors, type FieldErrors } from '../../../lib/zod-issues'
import { useAdminProgram, useCatalogueAudios, useCatalogueFields, usePublishProgram, useRemoveProgramCover, useSaveProgram, useSetProgramCover } from '../api/programs'
import { audioIndex, groupByField } from '../lib/audio-options'
import {
  averageMinutes,
  canAddDay,
  canRemoveDay,
  daysLabel,
  draftOf,
  emptyDay,
  incompleteDays,
  isDirty,
  toInput,
  validateDraft,
  type DraftDay,
  type ProgramDraft,
} from '../lib/editor'
import { moveItem } from '../../../lib/move-item'
import { DayEditor, EditorField } from './day-editor'
import { ProgramStatus, enrolledLabel } from './program-list'

/** The messages of one day ('days.3.intention' → 'intention' for the fourth day). */
function dayErrors(errors: FieldErrors, index: number): Record<string, string> {
  const prefix = `days.${index}.`
  return Object.fromEntries(Object.entries(errors).flatMap(([path, message]) => (path.startsWith(prefix) ? [[path.slice(prefix.length), message]] : [])))
}

function FreeSwitch({ checked, onChange }: { checked: boolean; onChange: (next: boolean) => void }) {
  return (
    <div className="flex flex-col gap-1.5">
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby="program-open-hint"
        onClick={() => onChange(!checked)}
        className="inline-flex w-fit items-center gap-3 rounded-full text-left text-[0.95rem] font-semibold text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span className={cn('relative h-6 w-11 shrink-0 rounded-full transition-colors', checked ? 'bg-emerald-600' : 'bg-muted-strong')}>
          <span className={cn('absolute top-0.5 size-5 rounded-full bg-card shadow transition-[left]', checked ? 'left-5.5' : 'left-0.5')} />
        </span>
        Programa livre (todos os dias abertos)
      </button>
      <p id="program-open-hint" className="text-sm text-ink-muted">
        {checked
          ? 'O ouvinte escolhe o ritmo: todos os dias ficam abertos e vários podem ser feitos na mesma data.'
          : 'Um dia por dia do calendário: o próximo abre à meia-noite depois que o anterior foi feito.'}
      </p>
    </div>
  )
}

function BackToPrograms() {
  return (
    <Link
      to="/admin/programas"
      className="mb-3 inline-flex items-center gap-1.5 rounded-lg text-sm font-semibold text-accent-strong hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Todos os programas
    </Link>
  )
}

export interface ProgramEditorProps {
  program: AdminProgram
  /** The whole catalogue; undefined while it loads (the programme's own audios are shown meanwhile). */
  catalogue: AdminAudio[] | undefined
  fields: Field[] | undefined
}

/**
 * The programme editor: title, description, 'livre', and the days — each with its intention and
 * audios (chosen from the catalogue, grouped by field, with repetitions) and its minutes, live.
 * 'Salvar' sends the whole programme; 'Publicar' saves what changed, then publishes, and shows the
 * server's message when a day is still incomplete. The server's copy refreshes on programs_changed:
 * it replaces the draft only when nothing was typed since the last save. The cover is sent or
 * removed at once, apart from 'Salvar'.
 */
export function ProgramEditor({ program, catalogue, fields }: ProgramEditorProps) {
  const [base, setBase] = useState(program)
  const [saved, setSaved] = useState<ProgramDraft>(() => draftOf(program))
  const [draft, setDraft] = useState<ProgramDraft>(saved)
  const [attempted, setAttempted] = useState(false)
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [publishRefused, setPublishRefused] = useState(false)
  const [outdated, setOutdated] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  const save = useSaveProgram()
  const publish = usePublishProgram()
  const setCover = useSetProgramCover()
  const removeCover = useRemoveProgramCover()
  const reveal = useErrorReveal()
  const busy = save.isPending || publish.isPending
  const dirty = isDirty(draft, saved)

  // The server's copy changed: another tab or admin saved, or this page's own save came back.
  useEffect(() => {
    if (program === base || busy) return
    const fromServer = draftOf(program, draft)
    setBase(program)
    // Same content as the last save: only its status or counts changed.
    if (!isDirty(fromServer, saved)) return
    // The server holds what is typed here (this page's save).
    if (!isDirty(fromServer, draft)) {
      setSaved(fromServer)
      return
    }
    setSaved(fromServer)
    // Nothing typed since the last save: show the new version; else keep the typing and say so.
    if (!isDirty(draft, saved)) setDraft(fromServer)
    else setOutdated(true)
    // Runs on the server's copy only; the draft it compares with is read as it is now.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [program, busy])

  // Leaving with unsaved changes asks first (in-app links) or lets the browser ask (reload, close).
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !busy && currentLocation.pathname !== nextLocation.pathname)
  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  const audios = useMemo(() => audioIndex(program, catalogue), [program, catalogue])
  const groups = useMemo(() => groupByField(catalogue ?? [], fields ?? [], audios), [catalogue, fields, audios])
  const errors: FieldErrors = { ...(attempted ? validateDraft(draft) : {}), ...serverErrors }
  const incomplete = new Set(publishRefused || base.published ? incompleteDays(draft) : [])
  const average = averageMinutes(draft.days, audios)

  const update = (next: ProgramDraft) => {
    setDraft(next)
    setServerErrors({})
    setFormError(null)
  }
  const setDay = (index: number, day: DraftDay) => update({ ...draft, days: draft.days.map((d, i) => (i === index ? day : d)) })
  const moveDay = (from: number, to: number) => {
    const moved = draft.days[from]!
    update({ ...draft, days: moveItem(draft.days, from, to) })
    setAnnouncement(`O dia ${from + 1} agora é o dia ${to + 1}`)
    // The focus stays on the moved day's arrow in the same direction while it can still move that way.
    const last = draft.days.length - 1
    const button = to < from ? (to > 0 ? 'up' : 'down') : to < last ? 'down' : 'up'
    requestAnimationFrame(() => document.getElementById(`day-${moved.key}-${button}`)?.focus())
  }
  const addDay = () => {
    const day = emptyDay()
    update({ ...draft, days: [...draft.days, day] })
    requestAnimationFrame(() => document.getElementById(`day-${day.key}-intention`)?.focus())
  }
  const removeDay = (index: number) => {
    update({ ...draft, days: draft.days.filter((_, i) => i !== index) })
    setAnnouncement(`Dia ${index + 1} removido`)
  }

  /** Checks the draft; false (and the first message in view) when something must be fixed first. */
  const check = (): boolean => {
    setAttempted(true)
    if (Object.keys(validateDraft(draft)).length === 0) return true
    reveal.reveal()
    return false
  }

  const failed = (title: string, error: unknown) => {
    const fieldErrors = apiFieldErrors(error)
    setServerErrors(fieldErrors)
    // A refusal about the programme as a whole (an incomplete day, an audio gone) goes above the form.
    if (error instanceof ApiRequestError && error.status === 400 && Object.keys(fieldErrors).length === 0) setFormError(error.message)
    reveal.reveal()
    toast.error(title, { description: getErrorMessage(error) })
  }

  const saveDraft = async (): Promise<AdminProgram> => {
    const answer = await save.mutateAsync({ id: program.id, input: toInput(draft) })
    const next = draftOf(answer, draft)
    setBase(answer)
    setSaved(next)
    setDraft(next)
    setOutdated(false)
    return answer
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy || !check()) return
    saveDraft().then(
      () => toast.success('Programa salvo'),
      (error: unknown) => failed('Não foi possível salvar o programa', error),
    )
  }

  const togglePublish = async () => {
    if (busy) return
    const next = !base.published
    if (next && !check()) return
    try {
      if (next && dirty) await saveDraft()
    } catch (error) {
      failed('Não foi possível salvar o programa', error)
      return
    }
    try {
      const answer = await publish.mutateAsync({ id: program.id, published: next })
      setBase(answer)
      setPublishRefused(false)
      setFormError(null)
      toast.success(next ? 'Programa publicado' : 'Programa despublicado', {
        description: next ? 'Os ouvintes já o encontram em Programas.' : 'Ele não aparece mais para quem ainda não se inscreveu.',
      })
    } catch (error) {
      if (next) setPublishRefused(true)
      failed(next ? 'Não foi possível publicar' : 'Não foi possível despublicar', error)
    }
  }

  const status = { published: base.published, isOpen: draft.isOpen, complete: incompleteDays(draft).length === 0 }

  return (
    <div>
      <BackToPrograms />
      <AdminPageHeader
        title={base.title}
        description={
          <span className="flex flex-col gap-2">
            <span>
              {daysLabel(draft.days.length)} · <span data-testid="program-average">média de {average} min por dia</span> · {enrolledLabel(base.enrolled)}
            </span>
            <ProgramStatus program={status} />
          </span>
        }
        actions={
          <>
            <Button variant={base.published ? 'outline' : 'primary'} onClick={() => void togglePublish()} disabled={busy} aria-busy={publish.isPending || undefined}>
              {publish.isPending ? (base.published ? 'Despublicando...' : 'Publicando...') : base.published ? 'Despublicar' : 'Publicar'}
            </Button>
          </>
        }
      />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <form ref={reveal.ref} noValidate onSubmit={submit} className="flex flex-col gap-6">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        {outdated ? (
          <FormNotice>Este programa foi alterado em outra janela enquanto você editava. Ao salvar, a sua versão substitui aquela.</FormNotice>
        ) : null}

        <section aria-labelledby="program-details-title" className="flex flex-col gap-5 rounded-2xl border border-line bg-card p-4 shadow-soft sm:p-5">
          <h2 id="program-details-title" className="text-lg font-bold text-ink">
            Sobre o programa
          </h2>
          <EditorField id="program-title" label="Título" error={errors.title}>
            <TextInput
              id="program-title"
              value={draft.title}
              maxLength={PROGRAM_LIMITS.titleMax}
              onChange={(e) => update({ ...draft, title: e.target.value })}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={errors.title ? 'program-title-error' : undefined}
            />
          </EditorField>
          <EditorField id="program-description" label="Descrição" error={errors.description}>
            <TextArea
              id="program-description"
              value={draft.description}
              maxLength={PROGRAM_LIMITS.descriptionMax}
              placeholder="O que o ouvinte vai viver nestes dias"
              onChange={(e) => update({ ...draft, description: e.target.value })}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? 'program-description-error' : undefined}
            />
          </EditorField>
          <FreeSwitch checked={draft.isOpen} onChange={(isOpen) => update({ ...draft, isOpen })} />
          <CoverEditor
            seed={program.id}
            cover={program.coverImage}
            onUpload={(file, onProgress) => setCover.mutateAsync({ id: program.id, file, onProgress })}
            onRemove={() => removeCover.mutateAsync(program.id)}
          />
        </section>

        <section aria-labelledby="program-days-title" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="program-days-title" className="text-lg font-bold text-ink">
              Dias
            </h2>
            <p className="text-sm text-ink-muted">Minutos de cada dia: duração dos áudios × repetições.</p>
          </div>
          {errors.days ? <p className="text-sm font-medium text-danger">{errors.days}</p> : null}
          {catalogue && catalogue.length === 0 ? (
            <p className="rounded-xl bg-warm-soft px-3 py-2 text-sm text-warm">
              O catálogo ainda não tem áudios. Envie-os em <Link className="font-semibold underline" to="/admin/audios">Áudios</Link> para escolhê-los aqui.
            </p>
          ) : null}
          <ol className="flex flex-col gap-3">
            {draft.days.map((day, index) => (
              <li key={day.key}>
                <DayEditor
                  day={day}
                  index={index}
                  count={draft.days.length}
                  errors={dayErrors(errors, index)}
                  incompleteNote={incomplete.has(index + 1) ? PRACTICE_MSG.admin.incompleteToPublish([index + 1]) : null}
                  groups={groups}
                  audios={audios}
                  onChange={(next) => setDay(index, next)}
                  onMove={(to) => moveDay(index, to)}
                  onRemove={() => removeDay(index)}
                  canRemove={canRemoveDay(draft)}
                />
              </li>
            ))}
          </ol>
          <Button variant="outline" className="self-start" onClick={addDay} disabled={!canAddDay(draft)}>
            <Plus aria-hidden="true" />
            Adicionar dia
          </Button>
        </section>

        <div className="flex flex-col gap-3 rounded-2xl border border-line bg-card p-4 shadow-soft sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-ink-muted" aria-live="polite">
            {dirty ? 'Há alterações não salvas.' : 'Tudo salvo.'}
          </p>
          <SubmitButton loading={save.isPending} loadingText="Salvando..." size="md" className="sm:w-auto">
            Salvar
          </SubmitButton>
        </div>
      </form>

      <ModalDialog
        open={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title="Sair sem salvar?"
        description="As alterações deste programa ainda não foram salvas e serão perdidas."
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => blocker.reset?.()} data-autofocus>
            Continuar editando
          </Button>
          <Button className="bg-red-700 shadow-none hover:bg-red-800" onClick={() => blocker.proceed?.()}>
            Sair sem salvar
          </Button>
        </div>
      </ModalDialog>
    </div>
  )
}

/** `/admin/programas/:programId`: loads the programme and the catalogue, then the editor. */
export function ProgramEditorPage({ programId }: { programId: string }) {
  const query = useAdminProgram(programId)
  const catalogue = useCatalogueAudios()
  const fields = useCatalogueFields()
  if (query.isError) {
    return (
      <div>
        <BackToPrograms />
        <AdminPageHeader title="Programa" />
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      </div>
    )
  }
  if (!query.data) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-10 w-64 rounded-xl" />
        <Skeleton className="h-48 rounded-2xl" />
        <Skeleton className="h-48 rounded-2xl" />
      </div>
    )
  }
  return (
    <>
      {catalogue.isError ? <QueryError error={catalogue.error} onRetry={() => void catalogue.refetch()} /> : null}
      <ProgramEditor key={programId} program={query.data} catalogue={catalogue.data} fields={fields.data} />
    </>
  )
}
