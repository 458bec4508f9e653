/**
 * "Lembretes" in Minha conta (docs/product/practice.md#reminders): reminders on or off, the time,
 * the weekdays and the channels. Push is offered only once reminders are on and "Notificação no
 * aparelho" is chosen: a short explanation first, then the browser's own permission dialog when
 * the listener saves. A refused permission, a browser without push, or an iPhone/iPad outside the
 * installed app each say what to do, with e-mail as the way that always works.
 */
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Bell, CircleAlert, Info, Mail, RefreshCw, Smartphone } from 'lucide-react'
import { WEEKDAY_LABELS, type PracticePreferences, type ReminderChannel } from '@sintonia/contract'
import { Button } from '../../../components/ui/button'
import { FormAlert, FormField, FormNotice, TextInput, useErrorReveal } from '../../../components/ui/form'
import { Skeleton } from '../../../components/ui/skeleton'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessageOr, loadErrorMessage } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { fetchPushKey, reminderPreferencesQueryOptions, useRegisterPushDevice, useSaveReminders } from '../api/reminders-api'
import { browserPushDevice, PushDeviceError, type PushDevice } from '../lib/push-device'
import { draftOf, pushBlocker, toggle, toSettings, validateDraft, type PushBlocker, type ReminderDraft, type ReminderFormErrors } from '../lib/reminder-form'

export interface ReminderSettingsProps {
  /** This browser's push side; tests give a fake one. */
  device?: PushDevice
}

const WEEKDAY_NAMES = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'] as const

export const REMINDER_TEXT = {
  pushExplain:
    'Quando você salvar, o navegador vai pedir permissão para mostrar notificações. É só isso: uma notificação no horário escolhido, nos dias escolhidos, que você pode desligar quando quiser.',
  pushReady: 'Este aparelho já está pronto para receber as notificações.',
  iosInstall:
    'No iPhone e no iPad, as notificações só chegam com o app instalado na Tela de Início. No Safari, toque em Compartilhar e depois em “Adicionar à Tela de Início”; abra o app pelo ícone e ative os lembretes por lá. Enquanto isso, você pode receber por e-mail.',
  unsupported: 'Este navegador não mostra notificações. Você pode receber os lembretes por e-mail.',
  denied:
    'As notificações estão bloqueadas para este site. Para permitir, toque no cadeado (ou no ícone ⓘ) ao lado do endereço, abra as permissões do site e ative “Notificações”; depois, salve de novo. Se preferir, receba por e-mail.',
  blockedOnSave: 'As notificações não estão disponíveis neste aparelho. Veja acima como resolver, ou escolha o e-mail.',
  dismissed: 'Você fechou o pedido de permissão sem responder. Salve de novo para vê-lo outra vez, ou escolha o e-mail.',
  noServiceWorker: 'As notificações ainda não estão prontas neste navegador. Recarregue a página e tente de novo, ou escolha o e-mail.',
  subscribeFailed: 'Não foi possível ativar as notificações neste aparelho. Tente de novo ou escolha o e-mail.',
  saveFailed: 'Não foi possível salvar seus lembretes. Tente novamente.',
  loadFailed: 'Não foi possível carregar seus lembretes.',
} as const

const BLOCKER_TEXT: Record<PushBlocker, string> = { 'ios-install': REMINDER_TEXT.iosInstall, unsupported: REMINDER_TEXT.unsupported, denied: REMINDER_TEXT.denied }

let defaultDevice: PushDevice | null = null
const browserDevice = () => (defaultDevice ??= browserPushDevice())

/** The browser's IANA zone, sent with the first reminder settings when no zone was ever set. */
function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null
  } catch {
    return null
  }
}

/** 'Horário Padrão de Brasília (America/Sao_Paulo)': the zone's name in Portuguese, and its id. */
export function zoneLabel(zone: string): string {
  try {
    const name = new Intl.DateTimeFormat('pt-BR', { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(new Date()).find((part) => part.type === 'timeZoneName')?.value
    return name && !/^GMT/.test(name) && name !== zone ? `${name} (${zone})` : zone
  } catch {
    return zone
  }
}

function savedText(draft: ReminderDraft): string {
  if (!draft.enabled) return 'Lembretes desligados. Você pode ligá-los de novo quando quiser.'
  const days = draft.weekdays.length === 7 ? 'todos os dias' : [...draft.weekdays].sort().map((day) => WEEKDAY_LABELS[day]).join(', ')
  return `Pronto! Vamos lembrar você às ${draft.time} (${days}).`
}

export function ReminderSettings({ device }: ReminderSettingsProps) {
  const headingId = useId()
  const preferences = useQuery(reminderPreferencesQueryOptions())
  return (
    <section aria-labelledby={headingId} className="rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-7">
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-xl bg-tint-strong text-accent [&_svg]:size-5">
          <Bell />
        </span>
        <h2 id={headingId} className="text-lg font-bold tracking-tight text-ink">
          Lembretes
        </h2>
      </div>
      <div className="mt-5">
        {preferences.data ? (
          <ReminderForm preferences={preferences.data} device={device ?? browserDevice()} />
        ) : preferences.isError ? (
          <div className="flex flex-col items-start gap-4">
            <p className="flex items-start gap-2 text-[0.95rem] text-ink-muted">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warm" />
              {loadErrorMessage(preferences.error, REMINDER_TEXT.loadFailed)}
            </p>
            <Button variant="outline" size="sm" onClick={() => void preferences.refetch()} disabled={preferences.isFetching}>
              <RefreshCw aria-hidden="true" className={cn(preferences.isFetching && 'animate-spin')} />
              Tentar novamente
            </Button>
          </div>
        ) : (
          <div role="status" className="flex flex-col gap-2.5">
            <span className="sr-only">Carregando seus lembretes...</span>
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-3/4" />
          </div>
        )}
      </div>
    </section>
  )
}

function ReminderForm({ preferences, device }: { preferences: PracticePreferences; device: PushDevice }) {
  const [draft, setDraft] = useState<ReminderDraft>(() => draftOf(preferences))
  const [errors, setErrors] = useState<ReminderFormErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [saved, setSaved] = useState<{ text: string; at: number } | null>(null)
  const [busy, setBusy] = useState(false)
  const [support, setSupport] = useState(() => device.support())
  const [subscribedHere, setSubscribedHere] = useState(false)
  const save = useSaveReminders()
  const registerDevice = useRegisterPushDevice()
  const reveal = useErrorReveal()
  const ids = { time: useId(), weekdays: useId(), channels: useId(), enabled: useId() }

  useEffect(() => {
    let live = true
    device
      .current()
      .then((subscription) => {
        if (live) setSubscribedHere(subscription !== null && device.support().permission === 'granted')
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [device])

  const change = (next: Partial<ReminderDraft>) => {
    setDraft((current) => ({ ...current, ...next }))
    setSaved(null)
    setFormError(null)
  }
  const choosePush = draft.enabled && draft.channels.includes('push')
  const blocker = pushBlocker(support)

  const fail = (text: string) => {
    setFormError(text)
    reveal.reveal()
  }

  /** Permission, the server's key, this browser's subscription, then the server keeps it. False when it did not work (the reason is shown). */
  async function enablePushHere(): Promise<boolean> {
    // First thing after the click: browsers only show the dialog for a direct user action.
    const permission = support.permission === 'granted' ? 'granted' : await device.requestPermission()
    setSupport(device.support())
    if (permission !== 'granted') {
      // Refused: the explanation above turns into how to allow it (the blocker is now 'denied'), so
      // the red box points there instead of saying it a second time.
      fail(permission === 'denied' ? REMINDER_TEXT.blockedOnSave : REMINDER_TEXT.dismissed)
      return false
    }
    try {
      const subscription = await device.subscribe(await fetchPushKey())
      await registerDevice.mutateAsync(subscription)
      setSubscribedHere(true)
      return true
    } catch (error) {
      if (error instanceof PushDeviceError) fail(error.reason === 'no-service-worker' ? REMINDER_TEXT.noServiceWorker : REMINDER_TEXT.subscribeFailed)
      else fail(errorMessageOr(error, REMINDER_TEXT.subscribeFailed))
      return false
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    setSaved(null)
    setFormError(null)
    const found = validateDraft(draft)
    setErrors(found)
    if (Object.keys(found).length > 0) {
      reveal.reveal()
      return
    }
    setBusy(true)
    try {
      if (choosePush) {
        if (blocker) return fail(REMINDER_TEXT.blockedOnSave)
        if (!(await enablePushHere())) return
      }
      const zone = preferences.timeZoneChosen ? null : browserTimeZone()
      await save.mutateAsync({ reminders: toSettings(draft), ...(zone ? { timeZone: zone } : {}) })
      setSaved({ text: savedText(draft), at: Date.now() })
    } catch (error) {
      fail(errorMessageOr(error, REMINDER_TEXT.saveFailed))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form ref={reveal.ref} onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-6">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p id={ids.enabled} className="text-[0.95rem] font-semibold text-ink">
            Lembrete para praticar
          </p>
          <p className="mt-0.5 text-sm leading-relaxed text-ink-muted">Um lembrete gentil no horário que você escolher, só nos dias em que ainda não praticou.</p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={draft.enabled}
          aria-labelledby={ids.enabled}
          onClick={() => change({ enabled: !draft.enabled })}
          className={cn(
            'relative mt-0.5 inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors duration-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
            draft.enabled ? 'bg-brand-700' : 'bg-muted-strong',
          )}
        >
          <span aria-hidden="true" className={cn('inline-block size-5 rounded-full bg-card shadow transition-transform duration-200', draft.enabled ? 'translate-x-6' : 'translate-x-1')} />
        </button>
      </div>

      {draft.enabled ? (
        <>
          <FormField
            id={ids.time}
            label="Horário"
            hint={`Fuso horário: ${zoneLabel(preferences.timeZoneChosen ? preferences.timeZone : (browserTimeZone() ?? preferences.timeZone))}.`}
            error={errors.time ?? null}
            className="max-w-xs"
          >
            <TextInput
              id={ids.time}
              type="time"
              required
              value={draft.time}
              onChange={(event) => change({ time: event.target.value })}
              aria-invalid={errors.time ? true : undefined}
              aria-describedby={errors.time ? `${ids.time}-error` : `${ids.time}-hint`}
            />
          </FormField>

          <fieldset data-form-field="" aria-describedby={errors.weekdays ? `${ids.weekdays}-error` : undefined} className="flex flex-col gap-2">
            <legend className="mb-2 text-[0.95rem] font-semibold text-ink">Dias da semana</legend>
            <div className="flex flex-wrap gap-2">
              {WEEKDAY_LABELS.map((label, day) => {
                const on = draft.weekdays.includes(day)
                return (
                  <button
                    key={label}
                    type="button"
                    aria-pressed={on}
                    aria-label={WEEKDAY_NAMES[day]}
                    aria-invalid={errors.weekdays ? true : undefined}
                    onClick={() => change({ weekdays: toggle(draft.weekdays, day) })}
                    className={cn(
                      'h-11 min-w-12 rounded-full border px-3 text-[0.95rem] font-semibold transition-colors duration-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                      on ? 'border-brand-700 bg-brand-700 text-white' : 'border-line bg-card text-ink hover:border-line-strong hover:bg-tint',
                    )}
                  >
                    {label}
                  </button>
                )
              })}
            </div>
            {errors.weekdays ? (
              <p id={`${ids.weekdays}-error`} className="text-sm font-medium text-danger">
                {errors.weekdays}
              </p>
            ) : null}
          </fieldset>

          <fieldset data-form-field="" aria-describedby={errors.channels ? `${ids.channels}-error` : undefined} className="flex flex-col gap-2">
            <legend className="mb-2 text-[0.95rem] font-semibold text-ink">Como lembrar</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <ChannelOption
                channel="push"
                icon={<Smartphone />}
                label="Notificação no aparelho"
                hint={preferences.pushDevices > 0 ? `Ativa em ${preferences.pushDevices} ${preferences.pushDevices === 1 ? 'aparelho' : 'aparelhos'}.` : 'Aparece mesmo com o app fechado.'}
                draft={draft}
                invalid={Boolean(errors.channels)}
                onToggle={(channel) => change({ channels: toggle(draft.channels, channel) })}
              />
              <ChannelOption
                channel="email"
                icon={<Mail />}
                label="E-mail"
                hint="No e-mail da sua conta."
                draft={draft}
                invalid={Boolean(errors.channels)}
                onToggle={(channel) => change({ channels: toggle(draft.channels, channel) })}
              />
            </div>
            {errors.channels ? (
              <p id={`${ids.channels}-error`} className="text-sm font-medium text-danger">
                {errors.channels}
              </p>
            ) : null}
          </fieldset>

          {choosePush ? (
            <PushExplanation
              blocker={blocker}
              ready={subscribedHere && blocker === null}
              emailChosen={draft.channels.includes('email')}
              onUseEmail={() => change({ channels: ['email'] })}
            />
          ) : null}
        </>
      ) : null}

      {formError ? <FormAlert>{formError}</FormAlert> : null}
      {saved ? (
        <FormNotice key={saved.at} reveal>
          {saved.text}
        </FormNotice>
      ) : null}

      <div>
        <Button type="submit" size="md" disabled={busy} aria-busy={busy || undefined}>
          {busy ? <Spinner label={null} className="size-5 [&>span]:border-white/30 [&>span]:border-t-white" /> : null}
          {busy ? 'Salvando...' : 'Salvar lembretes'}
        </Button>
      </div>
    </form>
  )
}

function ChannelOption({
  channel,
  icon,
  label,
  hint,
  draft,
  invalid,
  onToggle,
}: {
  channel: ReminderChannel
  icon: ReactNode
  label: string
  hint: string
  draft: ReminderDraft
  invalid: boolean
  onToggle: (channel: ReminderChannel) => void
}) {
  const id = useId()
  const checked = draft.channels.includes(channel)
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-2xl border p-4 transition-colors duration-200 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
        checked ? 'border-brand-600 bg-tint' : 'border-line bg-card hover:border-line-strong',
      )}
    >
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={() => onToggle(channel)}
        aria-invalid={invalid ? true : undefined}
        className="mt-1 size-5 shrink-0 accent-brand-700"
      />
      <span className="min-w-0">
        <span className="flex items-center gap-2 text-[0.95rem] font-semibold text-ink [&_svg]:size-4.5 [&_svg]:text-accent">
          {icon}
          {label}
        </span>
        <span className="mt-0.5 block text-sm text-ink-muted">{hint}</span>
      </span>
    </label>
  )
}

function PushExplanation({ blocker, ready, emailChosen, onUseEmail }: { blocker: PushBlocker | null; ready: boolean; emailChosen: boolean; onUseEmail: () => void }) {
  if (!blocker) {
    return (
      <p data-testid="push-explanation" className="flex items-start gap-3 rounded-xl border border-line-strong bg-tint px-4 py-3 text-[0.95rem] leading-relaxed text-accent-strong">
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
        {ready ? REMINDER_TEXT.pushReady : REMINDER_TEXT.pushExplain}
      </p>
    )
  }
  return (
    <div data-testid="push-explanation" className="flex flex-col items-start gap-3 rounded-xl border border-warm-line bg-warm-soft px-4 py-3 text-[0.95rem] leading-relaxed text-ink">
      <p className="flex items-start gap-3">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warm" />
        {BLOCKER_TEXT[blocker]}
      </p>
      <Button variant="outline" size="sm" onClick={onUseEmail}>
        <Mail aria-hidden="true" />
        {emailChosen ? 'Usar só o e-mail' : 'Receber por e-mail'}
      </Button>
    </div>
  )
}

