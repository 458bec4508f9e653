import { useState } from 'react'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import type * as Sonner from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { API, LISTENER_MSG, type Field, type SubscriptionDetails } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { JUST_SUBSCRIBED_KEY, SEEN_WELCOME_KEY } from '../lib/welcome-banner'
import { DashboardPage } from './dashboard-page'

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }))
vi.mock('sonner', async (importOriginal) => ({ ...(await importOriginal<typeof Sonner>()), toast: toastMock }))

const field = (n: number, title: string, audioCount: number): Field => ({
  id: `6f0f7a55-2a43-4f5e-9a8a-0d3c1b6a000${n}`,
  title,
  description: '',
  iconName: 'Brain',
  displayOrder: n,
  coverImage: null,
  audioCount,
})
const FIELDS = [field(1, 'Autoestima', 1), field(2, 'Prosperidade', 3)]

type Subscription = NonNullable<SubscriptionDetails['subscription']>
const QUARTERLY: Subscription = {
  id: 's1',
  planCode: 'trimestral',
  planName: 'Trimestral',
  status: 'active',
  givesAccess: true,
  currentPeriodEnd: '2027-02-25T15:00:00.000Z',
  cancelAtPeriodEnd: false,
  lastPaymentCents: 14_970,
  lastPaymentMethod: 'pix',
  lastPaymentInstallments: null,
      graceEndsAt: null,
      pixAutomatic: true,
      renewalPayableAhead: false,
      lastPaymentWithInterest: false,
  currency: 'BRL',
  startedAt: '2026-11-25T15:00:00.000Z',
  managedByProvider: true,
  selfCancel: true,
  retentionOffer: null,
  pause: null,
}

function render(fieldsResponse: () => Response = () => jsonResponse({ fields: FIELDS }), subscription?: Subscription | null) {
  vi.stubGlobal('fetch', vi.fn(fetchByPath({ [API.catalogue.fields]: fieldsResponse })))
  function SearchStub({ value, onValueChange }: { value: string; onValueChange: (v: string) => void }) {
    const [, force] = useState(0)
    return <input aria-label="busca" value={value} onChange={(e) => (onValueChange(e.target.value), force((n) => n + 1))} />
  }
  return renderWithProviders(
    <DashboardPage productName="Sintonia" userId="ana-id" displayName="Ana" renderSearch={(props) => <SearchStub {...props} />} subscription={subscription} />,
  )
}

describe('DashboardPage', () => {
  afterEach(() => {
    localStorage.clear()
    vi.unstubAllGlobals()
    toastMock.success.mockReset()
    toastMock.error.mockReset()
  })

  it('shows the field cards with their counts, the stats and no welcome banner by default', async () => {
    render(undefined, QUARTERLY)
    await screen.findByText('1 áudio disponível')
    screen.getByText('3 áudios disponíveis')
    expect(screen.getByRole('link', { name: /Autoestima/ }).getAttribute('href')).toBe(`/campo/${FIELDS[0]?.id}`)
    // The stats: 1 + 3 audios in 2 fields, and the quarterly plan that renews — no plan is for life.
    expect(screen.getByRole('region', { name: 'Resumo' }).textContent).toBe('4Áudios disponíveis2CamposTrimestralRenova em 25/02/2027')
    expect(screen.queryByText(/vitalício/)).toBeNull()
    expect(screen.queryByText('Bem-vindo ao Sintonia Premium!')).toBeNull()
  })

  it.each([
    ['a cancelled plan', { cancelAtPeriodEnd: true }, 'TrimestralAcesso até 25/02/2027'],
    ['a semiannual plan', { planCode: 'semestral', planName: 'Semestral' }, 'SemestralRenova em 25/02/2027'],
    ['a courtesy with an end date', { managedByProvider: false, planName: 'Anual' }, 'CortesiaAcesso até 25/02/2027'],
    ['a courtesy without an end date', { managedByProvider: false, currentPeriodEnd: null }, '∞Acesso sem data de término'],
    ['a renewal that failed', { status: 'past_due' }, 'TrimestralPagamento pendente'],
  ] as const)('the access card tells the truth for %s', async (_name, change, expected) => {
    render(undefined, { ...QUARTERLY, ...change })
    expect(screen.getByTestId('access-stat').textContent).toBe(expected)
  })

  it('shows no access claim while the subscription is being read', () => {
    render()
    expect(screen.getByTestId('access-stat').textContent).toBe('—Seu acesso')
  })

  it("shows the welcome banner after a subscription; 'Começar Agora' dismisses it for good", async () => {
    localStorage.setItem(JUST_SUBSCRIBED_KEY, 'true')
    render()
    screen.getByRole('heading', { name: 'Bem-vindo ao Sintonia Premium!' })
    fireEvent.click(screen.getByRole('button', { name: 'Começar Agora' }))
    expect(screen.queryByRole('heading', { name: 'Bem-vindo ao Sintonia Premium!' })).toBeNull()
    expect(localStorage.getItem(SEEN_WELCOME_KEY)).not.toBeNull()
    expect(localStorage.getItem(JUST_SUBSCRIBED_KEY)).toBeNull()
  })

  it('closing the welcome banner with its close button is remembered: it does not come back', async () => {
    localStorage.setItem(JUST_SUBSCRIBED_KEY, 'true')
    const first = render()
    fireEvent.click(screen.getByRole('button', { name: 'Fechar boas-vindas' }))
    expect(screen.queryByRole('heading', { name: 'Bem-vindo ao Sintonia Premium!' })).toBeNull()
    first.unmount()
    // The success page passes again (a plan change, the back button): still closed for Ana.
    localStorage.setItem(JUST_SUBSCRIBED_KEY, 'true')
    render()
    await screen.findByText('1 áudio disponível')
    expect(screen.queryByRole('heading', { name: 'Bem-vindo ao Sintonia Premium!' })).toBeNull()
  })

  it("offers 'Limpar busca' when the search leaves no fields", async () => {
    render()
    await screen.findByText('1 áudio disponível')
    fireEvent.change(screen.getByLabelText('busca'), { target: { value: 'zzz' } })
    fireEvent.click(screen.getByRole('button', { name: LISTENER_MSG.clearSearch }))
    screen.getByText('1 áudio disponível')
  })

  it('refresh toasts success, then the error when the reload fails', async () => {
    let fail = false
    render(() => (fail ? jsonResponse({ message: 'x' }, 500) : jsonResponse({ fields: FIELDS })))
    await screen.findByText('1 áudio disponível')
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }))
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith(LISTENER_MSG.refreshOk, expect.anything()))
    fail = true
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }))
    await waitFor(() => expect(toastMock.error).toHaveBeenCalledWith(LISTENER_MSG.refreshError, expect.anything()))
  })
})
