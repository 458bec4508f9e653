import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { API, PRACTICE_MSG, type PracticePreferences, type PushSubscriptionInput } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { PushDeviceError, type PushDevice } from '../lib/push-device'
import { REMINDER_FORM_MSG, type PushSupport } from '../lib/reminder-form'
import { REMINDER_TEXT, ReminderSettings } from './reminder-settings'

const KEY = 'B'.padEnd(87, 'x')
const BROWSER: PushSubscriptionInput = { endpoint: 'https://push.exemplo.com/abc', keys: { p256dh: 'chave', auth: 'segredo' } }

function preferences(reminders: Partial<PracticePreferences['reminders']> = {}, extra: Partial<PracticePreferences> = {}): PracticePreferences {
  return {
    timeZone: 'America/Sao_Paulo',
    timeZoneChosen: true,
    hideStreak: false,
    pushDevices: 0,
    reminders: { enabled: false, time: '08:00', weekdays: [0, 1, 2, 3, 4, 5, 6], channels: ['push'], ...reminders },
    ...extra,
  }
}

interface Calls {
  puts: unknown[]
  subscriptions: unknown[]
  keyReads: number
}

function stubServer(initial: PracticePreferences, options: { putStatus?: number; keyStatus?: number } = {}): Calls {
  const calls: Calls = { puts: [], subscriptions: [], keyReads: 0 }
  let current = initial
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchByPath({
        [API.practice.preferences]: (_url, init) => {
          if (init?.method === 'PUT') {
            const body = JSON.parse(String(init.body)) as { reminders: PracticePreferences['reminders'] }
            calls.puts.push(body)
            if (options.putStatus) return jsonResponse({ statusCode: options.putStatus, error: 'Erro', message: 'O servidor recusou.' }, options.putStatus)
            current = { ...current, reminders: body.reminders }
          }
          return jsonResponse(current)
        },
        [API.practice.pushKey]: () => {
          calls.keyReads++
          if (options.keyStatus) return jsonResponse({ statusCode: options.keyStatus, error: 'Erro', message: PRACTICE_MSG.pushNotConfigured }, options.keyStatus)
          return jsonResponse({ publicKey: KEY })
        },
        [API.practice.pushSubscriptions]: (_url, init) => {
          calls.subscriptions.push(JSON.parse(String(init?.body)))
          current = { ...current, pushDevices: 1 }
          return jsonResponse(current)
        },
      }),
    ),
  )
  return calls
}

function fakeDevice(support: Partial<PushSupport> = {}, answer: NotificationPermission = 'granted') {
  let state: PushSupport = { supported: true, ios: false, standalone: false, permission: 'default', ...support }
  const device = {
    support: vi.fn(() => state),
    requestPermission: vi.fn(async () => {
      state = { ...state, permission: answer }
      return answer
    }),
    current: vi.fn(async () => null as PushSubscriptionInput | null),
    subscribe: vi.fn(async (_key: string) => BROWSER),
  } satisfies PushDevice
  return device
}

beforeEach(() => {
  // The confirmation box scrolls itself into view; jsdom has no scrolling.
  window.scrollBy = vi.fn()
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Salvar lembretes' }))
const turnOn = async () => fireEvent.click(await screen.findByRole('switch', { name: 'Lembrete para praticar' }))

describe('ReminderSettings', () => {
  it('shows the time, weekdays and channels only once reminders are turned on', async () => {
    stubServer(preferences())
    renderWithProviders(<ReminderSettings device={fakeDevice()} />)
    const toggle = await screen.findByRole('switch', { name: 'Lembrete para praticar' })
    expect(toggle.getAttribute('aria-checked')).toBe('false')
    expect(screen.queryByLabelText('Horário')).toBeNull()
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-checked')).toBe('true')
    expect((screen.getByLabelText('Horário') as HTMLInputElement).value).toBe('08:00')
    expect(screen.getAllByRole('button', { pressed: true })).toHaveLength(7)
    screen.getByRole('checkbox', { name: /Notificação no aparelho/ })
    screen.getByRole('checkbox', { name: /E-mail/ })
  })

  it('explains push before asking, and asks the browser only when the listener saves; then subscribes with the server key and saves', async () => {
    const calls = stubServer(preferences())
    const device = fakeDevice()
    renderWithProviders(<ReminderSettings device={device} />)
    await turnOn()
    fireEvent.change(screen.getByLabelText('Horário'), { target: { value: '07:30' } })
    fireEvent.click(screen.getByRole('button', { name: 'sábado' }))
    fireEvent.click(screen.getByRole('button', { name: 'domingo' }))
    expect(screen.getByTestId('push-explanation').textContent).toBe(REMINDER_TEXT.pushExplain)
    expect(device.requestPermission).not.toHaveBeenCalled()

    save()
    await screen.findByText('Pronto! Vamos lembrar você às 07:30 (Seg, Ter, Qua, Qui, Sex).')
    expect(device.requestPermission).toHaveBeenCalledTimes(1)
    expect(device.subscribe).toHaveBeenCalledWith(KEY)
    expect(calls.subscriptions).toEqual([BROWSER])
    expect(calls.puts).toEqual([{ reminders: { enabled: true, time: '07:30', weekdays: [1, 2, 3, 4, 5], channels: ['push'] } }])
  })

  it('a refused permission: says how to allow it once, offers e-mail, and saves nothing', async () => {
    const calls = stubServer(preferences())
    const device = fakeDevice({}, 'denied')
    renderWithProviders(<ReminderSettings device={device} />)
    await turnOn()
    save()
    // The explanation above now tells how to allow it; the red box points there instead of repeating it.
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(REMINDER_TEXT.blockedOnSave)
    expect(screen.getByTestId('push-explanation').textContent).toContain('As notificações estão bloqueadas para este site')
    expect(screen.getAllByText(/As notificações estão bloqueadas para este site/)).toHaveLength(1)
    expect(calls.puts).toEqual([])
    expect(device.subscribe).not.toHaveBeenCalled()

    fireEvent.click(screen.getByRole('button', { name: 'Receber por e-mail' }))
    expect((screen.getByRole('checkbox', { name: /E-mail/ }) as HTMLInputElement).checked).toBe(true)
    expect((screen.getByRole('checkbox', { name: /Notificação no aparelho/ }) as HTMLInputElement).checked).toBe(false)
    save()
    await screen.findByText(/Pronto! Vamos lembrar você às 08:00 \(todos os dias\)/)
    expect(calls.puts).toEqual([{ reminders: { enabled: true, time: '08:00', weekdays: [0, 1, 2, 3, 4, 5, 6], channels: ['email'] } }])
    expect(device.requestPermission).toHaveBeenCalledTimes(1)
  })

  it('a permission already blocked is explained as soon as push is chosen, without asking', async () => {
    stubServer(preferences())
    const device = fakeDevice({ permission: 'denied' })
    renderWithProviders(<ReminderSettings device={device} />)
    await turnOn()
    expect(screen.getByTestId('push-explanation').textContent).toContain(REMINDER_TEXT.denied)
    save()
    expect((await screen.findByRole('alert')).textContent).toBe(REMINDER_TEXT.blockedOnSave)
    expect(device.requestPermission).not.toHaveBeenCalled()
  })

  it('on an iPhone outside the installed app: explains the home screen (Compartilhar → Adicionar à Tela de Início) and never asks', async () => {
    const calls = stubServer(preferences())
    const device = fakeDevice({ ios: true, standalone: false, supported: false, permission: 'unsupported' })
    renderWithProviders(<ReminderSettings device={device} />)
    await turnOn()
    const text = screen.getByTestId('push-explanation').textContent ?? ''
    expect(text).toContain('Compartilhar')
    expect(text).toContain('Adicionar à Tela de Início')
    save()
    expect((await screen.findByRole('alert')).textContent).toBe(REMINDER_TEXT.blockedOnSave)
    expect(device.requestPermission).not.toHaveBeenCalled()
    expect(calls.puts).toEqual([])
  })

  it('in the installed app on an iPhone, push is asked for like anywhere else', async () => {
    stubServer(preferences())
    const device = fakeDevice({ ios: true, standalone: true })
    renderWithProviders(<ReminderSettings device={device} />)
    await turnOn()
    expect(screen.getByTestId('push-explanation').textContent).toBe(REMINDER_TEXT.pushExplain)
    save()
    await screen.findByText(/Pronto!/)
    expect(device.requestPermission).toHaveBeenCalled()
  })

  it('e-mail only: no permission is asked', async () => {
    const calls = stubServer(preferences({ channels: ['email'] }))
    const device = fakeDevice()
    renderWithProviders(<ReminderSettings device={device} />)
    await turnOn()
    expect(screen.queryByTestId('push-explanation')).toBeNull()
    save()
    await screen.findByText(/Pronto!/)
    expect(device.requestPermission).not.toHaveBeenCalled()
    expect(calls.keyReads).toBe(0)
  })

  it('checks the form before sending: a weekday and a channel are needed', async () => {
    const calls = stubServer(preferences())
    renderWithProviders(<ReminderSettings device={fakeDevice()} />)
    await turnOn()
    for (const day of ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado']) fireEvent.click(screen.getByRole('button', { name: day }))
    fireEvent.click(screen.getByRole('checkbox', { name: /Notificação no aparelho/ }))
    save()
    await screen.findByText(REMINDER_FORM_MSG.weekdays)
    screen.getByText(REMINDER_FORM_MSG.channels)
    expect(calls.puts).toEqual([])
  })

  it('shows what went wrong: no push on this server, a browser that cannot subscribe, a refused save', async () => {
    stubServer(preferences(), { keyStatus: 503 })
    const { unmount } = renderWithProviders(<ReminderSettings device={fakeDevice()} />)
    await turnOn()
    save()
    expect((await screen.findByRole('alert')).textContent).toBe(PRACTICE_MSG.pushNotConfigured)
    unmount()

    stubServer(preferences())
    const device = fakeDevice()
    device.subscribe.mockRejectedValueOnce(new PushDeviceError('no-service-worker'))
    const second = renderWithProviders(<ReminderSettings device={device} />)
    await turnOn()
    save()
    expect((await screen.findByRole('alert')).textContent).toBe(REMINDER_TEXT.noServiceWorker)
    second.unmount()

    stubServer(preferences({ channels: ['email'] }), { putStatus: 500 })
    renderWithProviders(<ReminderSettings device={fakeDevice()} />)
    await turnOn()
    save()
    expect((await screen.findByRole('alert')).textContent).toBe('O servidor recusou.')
  })

  it('sends the browser time zone with the first settings when none was ever set', async () => {
    const calls = stubServer(preferences({ channels: ['email'] }, { timeZoneChosen: false }))
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'America/Manaus' } as Intl.ResolvedDateTimeFormatOptions)
    renderWithProviders(<ReminderSettings device={fakeDevice()} />)
    await turnOn()
    screen.getByText(/^Fuso horário: .*\(America\/Manaus\)\.$/)
    save()
    await waitFor(() => expect(calls.puts).toHaveLength(1))
    expect(calls.puts[0]).toMatchObject({ timeZone: 'America/Manaus' })
  })

  it('says when the settings could not be read', async () => {
    vi.stubGlobal('fetch', vi.fn(fetchByPath({ [API.practice.preferences]: () => jsonResponse({ statusCode: 500, error: 'Erro', message: 'x' }, 500) })))
    renderWithProviders(<ReminderSettings device={fakeDevice()} />)
    await screen.findByText(REMINDER_TEXT.loadFailed)
    screen.getByRole('button', { name: 'Tentar novamente' })
  })
})
