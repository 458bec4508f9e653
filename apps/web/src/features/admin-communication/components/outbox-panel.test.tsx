import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { API, type AdminOutboxResponse, type OutboxMessage, type OutboxRow } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { OutboxPanel } from './outbox-panel'

const RECEIPT: OutboxRow = {
  id: '5b0c0c43-6a3e-4c39-9d1f-000000000001',
  toAddress: 'joana.pereira@exemplo.com.br',
  subject: 'Pagamento confirmado — Sintonia Anual',
  kind: 'payment_receipt',
  status: 'logged',
  error: null,
  campaignId: null,
  createdAt: '2026-11-20T13:00:00.000Z',
  sentAt: '2026-11-20T13:00:05.000Z',
}
const RESET: OutboxRow = { ...RECEIPT, id: '5b0c0c43-6a3e-4c39-9d1f-000000000002', subject: 'Redefinir senha', kind: 'password_reset', status: 'sent' }

function setup() {
  const list: AdminOutboxResponse = { rows: [RECEIPT, RESET], pageInfo: { page: 1, pageSize: 20, total: 2 }, kinds: ['password_reset', 'payment_receipt', 'campanha_antiga'] }
  const message: OutboxMessage = { ...RESET, replyTo: 'contato@sintonia.app', textBody: 'Olá, Joana!\n\nhttps://sintonia.app/redefinir-senha?token=[oculto]' }
  const opened: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchByPath({
        [API.communication.admin.outbox]: () => jsonResponse(list),
        [API.communication.admin.outboxMessage(RESET.id)]: () => {
          opened.push(RESET.id)
          return jsonResponse({ message })
        },
      }),
    ),
  )
  renderWithProviders(<OutboxPanel />)
  return { opened }
}

afterEach(() => vi.unstubAllGlobals())

describe('Admin › Comunicação › Caixa de saída', () => {
  it('names kinds and statuses in Portuguese, saying when nothing left the server', async () => {
    setup()
    const table = await screen.findByRole('table', { name: 'Caixa de saída' })
    await within(table).findByText(RECEIPT.subject)
    const receipt = within(table).getAllByRole('row')[1]!
    within(receipt).getByText('Recibo de pagamento')
    within(receipt).getByText('Registrado (sem SMTP)')
    expect(receipt.textContent).not.toContain('payment_receipt')
    expect(receipt.textContent).not.toContain('Enviado')
    const kind = screen.getByLabelText('Tipo')
    expect(within(kind).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todos', 'Redefinição de senha', 'Recibo de pagamento', 'campanha_antiga'])
    const status = screen.getByLabelText('Situação')
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todas', 'Pendente', 'Enviado', 'Registrado (sem SMTP)', 'Falhou'])
  })

  it('opens an e-mail: recipient, kind, status, dates and the text as the server masked it', async () => {
    const { opened } = setup()
    const table = await screen.findByRole('table', { name: 'Caixa de saída' })
    fireEvent.click(await within(table).findByRole('button', { name: `Abrir e-mail "Redefinir senha" para ${RESET.toAddress}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Redefinir senha' })
    await within(dialog).findByText(/redefinir-senha\?token=\[oculto\]/)
    expect(opened).toEqual([RESET.id])
    within(dialog).getByText('Redefinição de senha')
    within(dialog).getByText('Enviado')
    within(dialog).getByText('Criado em')
    within(dialog).getByText('Enviado em')
    within(dialog).getByText('contato@sintonia.app')
    expect(within(dialog).getByTitle(RESET.toAddress).textContent).toBe(RESET.toAddress)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
