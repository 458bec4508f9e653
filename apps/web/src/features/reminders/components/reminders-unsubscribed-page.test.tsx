import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { PRACTICE_MSG } from '@sintonia/contract'
import { renderWithProviders } from '../../../test/render'
import { RemindersUnsubscribedPage } from './reminders-unsubscribed-page'

describe('RemindersUnsubscribedPage', () => {
  it('confirms calmly and leads back to Minha conta', () => {
    renderWithProviders(<RemindersUnsubscribedPage invalid={false} productName="Sintonia" />)
    screen.getByRole('heading', { level: 1, name: 'Lembretes por e-mail cancelados' })
    expect(screen.getByRole('status').textContent).toBe(PRACTICE_MSG.unsubscribed)
    expect(screen.getByRole('link', { name: 'Ajustar meus lembretes' }).getAttribute('href')).toBe('/minha-conta')
  })

  it('an invalid link says so, with the same way back', () => {
    renderWithProviders(<RemindersUnsubscribedPage invalid productName="Sintonia" />)
    screen.getByRole('heading', { level: 1, name: 'Link inválido' })
    expect(screen.getByRole('status').textContent).toBe(PRACTICE_MSG.unsubscribeInvalid)
    expect(screen.getByRole('link', { name: 'Ajustar meus lembretes' }).getAttribute('href')).toBe('/minha-conta')
  })
})
