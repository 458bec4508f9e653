import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import type { AdminUser } from '@sintonia/contract'
import { SubscriptionState } from './user-status'

function person(subscription: Partial<AdminUser['subscription']>, refundPending = false): AdminUser {
  return {
    id: 'u1',
    name: 'Clara Souza',
    email: 'clara@exemplo.com',
    role: 'user',
    banned: false,
    banReason: null,
    createdAt: '2026-01-10T12:00:00.000Z',
    subscription: {
      status: 'active',
      givesAccess: true,
      planCode: 'anual',
      planName: 'Anual',
      currentPeriodEnd: '2026-03-05T15:00:00.000Z',
      provider: 'sandbox',
      cancelsAt: null,
      renewsAt: null,
      graceEndsAt: null,
      ...subscription,
    },
    refundPending,
  }
}

describe('Admin › Usuários: the subscription cell', () => {
  it('shows a scheduled cancellation with its date in Brasília', () => {
    render(<SubscriptionState user={person({ cancelsAt: '2026-03-05T02:00:00.000Z' })} />)
    screen.getByText('Ativa')
    // 02:00 UTC is still the 4th in São Paulo.
    screen.getByText('Cancela em 04/03/2026')
    expect(screen.queryByText('Reembolso pendente')).toBeNull()
  })

  it('shows a refund request waiting for a decision', () => {
    render(<SubscriptionState user={person({}, true)} />)
    screen.getByText('Reembolso pendente')
    expect(screen.queryByText(/Cancela em/)).toBeNull()
  })

  it('shows when a paid subscription renews, and a renewal not paid as pending until its grace ends', () => {
    const { unmount } = render(<SubscriptionState user={person({ renewsAt: '2026-12-12T15:00:00.000Z' })} />)
    screen.getByText('Renova em 12/12/2026')
    unmount()
    render(<SubscriptionState user={person({ status: 'past_due', graceEndsAt: '2026-12-15T15:00:00.000Z' })} />)
    const badge = screen.getByText('Pagamento pendente')
    expect(badge.className).not.toContain('success')
    screen.getByText('Acesso até 15/12/2026')
  })

  it('shows only the state when nothing is about to change', () => {
    const { container } = render(<SubscriptionState user={person({ status: 'none', givesAccess: false, planCode: null, planName: null, currentPeriodEnd: null, provider: null })} />)
    expect(container.textContent).toBe('Sem assinatura')
  })
})
