import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { useNavigate } from 'react-router'
import { PRACTICE_MSG, PROGRAM_LIMITS, adminProgramInputSchema } from '@sintonia/contract'
import { Button } from '../../../components/ui/button'
import { FormField, SubmitButton, TextInput, describedBy, useErrorReveal } from '../../../components/ui/form'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { getErrorMessage } from '../../../lib/api-client'
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/zod-issues'
import { useCreateProgram } from '../api/programs'
import { newProgramInput } from '../lib/editor'

export const DEFAULT_PROGRAM_DAYS = 21

/** The number of days as typed: a whole number from 1 to 60, else null. */
export function parseDaysCount(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null
  const days = Number(text)
  return days >= PROGRAM_LIMITS.daysMin && days <= PROGRAM_LIMITS.daysMax ? days : null
}

/**
 * 'Novo programa': a title and how many days (21 by default). Creates a draft of empty days and
 * opens it in the editor, where each day gets its intention and audios.
 */
export function NewProgramDialog({ onClose }: { onClose: () => void }) {
  const [title, setTitle] = useState('')
  const [daysText, setDaysText] = useState(String(DEFAULT_PROGRAM_DAYS))
  const [errors, setErrors] = useState<FieldErrors>({})
  const reveal = useErrorReveal()
  const create = useCreateProgram()
  const navigate = useNavigate()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const days = parseDaysCount(daysText)
    const parsed = adminProgramInputSchema.safeParse(newProgramInput(title, days ?? 1))
    const found: FieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error)
    if (days === null) found.days = PRACTICE_MSG.admin.daysRange
    if (!parsed.success || days === null) {
      setErrors(found)
      reveal.reveal()
      return
    }
    create.mutate(parsed.data, {
      onSuccess: (program) => {
        toast.success('Programa criado', { description: 'Agora escreva a intenção e escolha os áudios de cada dia.' })
        onClose()
        void navigate(`/admin/programas/${program.id}`)
      },
      onError: (error) => {
        setErrors(apiFieldErrors(error))
        reveal.reveal()
        toast.error('Não foi possível criar o programa', { description: getErrorMessage(error) })
      },
    })
  }

  return (
    <ModalDialog open onClose={onClose} locked={create.isPending} title="Novo programa" className="max-w-lg">
      <form ref={reveal.ref} noValidate onSubmit={submit} className="flex flex-col gap-5">
        <FormField id="new-program-title" label="Título" requirement="required" error={errors.title}>
          <TextInput
            id="new-program-title"
            value={title}
            maxLength={PROGRAM_LIMITS.titleMax}
            onChange={(e) => {
              setTitle(e.target.value)
              setErrors({})
            }}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={describedBy('new-program-title', { error: errors.title })}
            data-autofocus
          />
        </FormField>
        <FormField id="new-program-days" label="Número de dias" requirement="required" hint="De 1 a 60. Você pode acrescentar ou retirar dias depois." error={errors.days}>
          <TextInput
            id="new-program-days"
            type="number"
            inputMode="numeric"
            min={PROGRAM_LIMITS.daysMin}
            max={PROGRAM_LIMITS.daysMax}
            className="w-32"
            value={daysText}
            onChange={(e) => {
              setDaysText(e.target.value)
              setErrors({})
            }}
            aria-invalid={errors.days ? true : undefined}
            aria-describedby={describedBy('new-program-days', { hint: 'De 1 a 60', error: errors.days })}
          />
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={create.isPending}>
            Cancelar
          </Button>
          <SubmitButton loading={create.isPending} loadingText="Criando..." size="md" className="sm:w-auto">
            Criar programa
          </SubmitButton>
        </div>
      </form>
    </ModalDialog>
  )
}
