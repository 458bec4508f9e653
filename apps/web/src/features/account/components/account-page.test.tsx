import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { API, AUTH_MSG, type SignedInUser } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { AccountPage } from './account-page'

const ANA: SignedInUser = { id: 'u1', email: 'ana@exemplo.com', emailVerified: false, displayName: 'Ana Souza', role: 'user' }

function apiError(status: number, message: string, issues?: { path: string; message: string }[]) {
  return jsonResponse({ statusCode: status, error: 'Erro', message, ...(issues ? { issues } : {}) }, status)
}

type Handler = (body: Record<string, string>) => Response

function setup(handlers: Partial<Record<'profile' | 'resend' | 'changeEmail' | 'changePassword', Handler>>, user: SignedInUser = ANA) {
  const bodies: Record<string, unknown[]> = {}
  const wrap = (path: string, handler: Handler | undefined) => (_url: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, string>) : {}
    ;(bodies[path] ??= []).push(body)
    return handler ? handler(body) : apiError(500, 'sem resposta')
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchByPath({
        [API.accounts.profile]: wrap(API.accounts.profile, handlers.profile),
        [API.accounts.resendVerification]: wrap(API.accounts.resendVerification, handlers.resend),
        [API.accounts.changeEmail]: wrap(API.accounts.changeEmail, handlers.changeEmail),
        [API.accounts.changePassword]: wrap(API.accounts.changePassword, handlers.changePassword),
      }),
    ),
  )
  const onUserChange = vi.fn()
  const onSignInStale = vi.fn()
  renderWithProviders(<AccountPage productName="Sintonia" user={user} onDeleted={() => {}} onUserChange={onUserChange} onSignInStale={onSignInStale} />)
  return { bodies, onUserChange, onSignInStale }
}

const nameForm = () => screen.getByRole('form', { name: 'Alterar nome' })

afterEach(() => vi.unstubAllGlobals())

describe('Minha conta › Seus dados › Nome', () => {
  it('refuses an empty name before asking, with the error focused', async () => {
    const { bodies } = setup({})
    fireEvent.change(within(nameForm()).getByLabelText('Nome'), { target: { value: '   ' } })
    fireEvent.click(within(nameForm()).getByRole('button', { name: 'Salvar nome' }))
    const alert = await within(nameForm()).findByRole('alert')
    expect(alert.textContent).toBe(AUTH_MSG.nameRequired)
    expect(document.activeElement).toBe(alert)
    expect(within(nameForm()).getByLabelText('Nome').getAttribute('aria-invalid')).toBe('true')
    expect(bodies[API.accounts.profile]).toBeUndefined()
  })

  it('refuses a name over 80 characters', async () => {
    setup({})
    fireEvent.change(within(nameForm()).getByLabelText('Nome'), { target: { value: 'A'.repeat(81) } })
    fireEvent.click(within(nameForm()).getByRole('button', { name: 'Salvar nome' }))
    expect((await within(nameForm()).findByRole('alert')).textContent).toBe(AUTH_MSG.nameTooLong)
  })

  it('shows the field message the server sends', async () => {
    setup({ profile: () => apiError(400, `name: ${AUTH_MSG.nameTooLong}`, [{ path: 'name', message: AUTH_MSG.nameTooLong }]) })
    fireEvent.change(within(nameForm()).getByLabelText('Nome'), { target: { value: 'Ana' } })
    fireEvent.click(within(nameForm()).getByRole('button', { name: 'Salvar nome' }))
    expect((await within(nameForm()).findByRole('alert')).textContent).toBe(AUTH_MSG.nameTooLong)
  })

  it('saves the trimmed name and hands the server’s user to the sign-in', async () => {
    const saved = { ...ANA, displayName: 'Beatriz Lima' }
    const { bodies, onUserChange } = setup({ profile: () => jsonResponse({ user: saved }) })
    fireEvent.change(within(nameForm()).getByLabelText('Nome'), { target: { value: '  Beatriz Lima ' } })
    fireEvent.click(within(nameForm()).getByRole('button', { name: 'Salvar nome' }))
    expect((await within(nameForm()).findByRole('status')).textContent).toBe(AUTH_MSG.profileSaved)
    expect(bodies[API.accounts.profile]).toEqual([{ name: 'Beatriz Lima' }])
    expect(onUserChange).toHaveBeenCalledWith(saved)
  })
})

describe('Minha conta › Seus dados › E-mail', () => {
  it('shows "Não confirmado" and resends the confirmation', async () => {
    const { bodies } = setup({ resend: () => jsonResponse({ message: AUTH_MSG.verificationSent }) })
    expect(screen.getByTestId('account-email').textContent).toBe('ana@exemplo.com')
    expect(screen.getByTestId('account-email-status').textContent).toBe('Não confirmado')
    fireEvent.click(screen.getByRole('button', { name: 'Reenviar confirmação' }))
    expect((await screen.findByRole('status')).textContent).toBe(AUTH_MSG.verificationSent)
    expect(bodies[API.accounts.resendVerification]).toHaveLength(1)
  })

  it('a 409 (confirmed meanwhile) is said calmly and the sign-in is read again', async () => {
    const { onSignInStale } = setup({ resend: () => apiError(409, AUTH_MSG.alreadyVerified) })
    fireEvent.click(screen.getByRole('button', { name: 'Reenviar confirmação' }))
    expect((await screen.findByRole('status')).textContent).toBe(AUTH_MSG.alreadyVerified)
    expect(onSignInStale).toHaveBeenCalled()
  })

  it('a confirmed e-mail reads "Confirmado" and offers no resend', () => {
    setup({}, { ...ANA, emailVerified: true })
    expect(screen.getByTestId('account-email-status').textContent).toBe('Confirmado')
    expect(screen.queryByRole('button', { name: 'Reenviar confirmação' })).toBeNull()
  })

  it('checks the new address, then shows what the server refuses', async () => {
    const answers = [apiError(400, `newEmail: ${AUTH_MSG.invalidEmail}`, [{ path: 'newEmail', message: AUTH_MSG.invalidEmail }]), apiError(429, 'Muitas tentativas.')]
    const { bodies } = setup({ changeEmail: () => answers.shift()! })
    fireEvent.click(screen.getByRole('button', { name: 'Alterar e-mail' }))
    const form = screen.getByRole('form', { name: 'Alterar e-mail' })
    const input = within(form).getByLabelText('Novo e-mail')
    expect(document.activeElement).toBe(input)
    const send = () => fireEvent.click(within(form).getByRole('button', { name: 'Enviar link' }))

    fireEvent.change(input, { target: { value: 'ana@' } })
    send()
    expect((await within(form).findByRole('alert')).textContent).toBe(AUTH_MSG.invalidEmail)
    expect(input.getAttribute('aria-invalid')).toBe('true')

    fireEvent.change(input, { target: { value: ' ANA@exemplo.com ' } })
    send()
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(AUTH_MSG.emailSame))
    expect(bodies[API.accounts.changeEmail]).toBeUndefined()

    fireEvent.change(input, { target: { value: 'nova@exemplo.com' } })
    send()
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(AUTH_MSG.invalidEmail))
    send()
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('Muitas tentativas.'))
    expect(document.activeElement).toBe(within(form).getByRole('alert'))
    expect(bodies[API.accounts.changeEmail]).toEqual([{ newEmail: 'nova@exemplo.com' }, { newEmail: 'nova@exemplo.com' }])
  })

  it('after asking, explains that the change waits for the new mailbox and keeps the old address', async () => {
    setup({ changeEmail: () => jsonResponse({ message: AUTH_MSG.emailChangeSent }) })
    fireEvent.click(screen.getByRole('button', { name: 'Alterar e-mail' }))
    fireEvent.change(screen.getByLabelText('Novo e-mail'), { target: { value: 'nova@exemplo.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enviar link' }))
    const notice = await screen.findByRole('status')
    expect(notice.textContent).toContain(AUTH_MSG.emailChangeSent)
    expect(notice.textContent).toContain('nova@exemplo.com')
    expect(screen.queryByRole('form', { name: 'Alterar e-mail' })).toBeNull()
    expect(screen.getByTestId('account-email').textContent).toBe('ana@exemplo.com')
  })
})

describe('Minha conta › Seus dados › Senha', () => {
  function openPasswordForm() {
    fireEvent.click(screen.getByRole('button', { name: 'Alterar senha' }))
    const form = screen.getByRole('form', { name: 'Alterar senha' })
    const fill = (current: string, next: string, confirm = next) => {
      fireEvent.change(within(form).getByLabelText('Senha atual'), { target: { value: current } })
      fireEvent.change(within(form).getByLabelText('Nova senha'), { target: { value: next } })
      fireEvent.change(within(form).getByLabelText('Confirme a nova senha'), { target: { value: confirm } })
      fireEvent.click(within(form).getByRole('button', { name: 'Salvar nova senha' }))
    }
    return { form, fill }
  }

  it('checks the fields before asking: current, length, confirmation, same password', async () => {
    const { bodies } = setup({})
    const { form, fill } = openPasswordForm()
    const alertText = () => within(form).getByRole('alert').textContent

    fill('', 'nova-senha-1')
    await waitFor(() => expect(alertText()).toBe('Informe a senha atual'))
    expect(within(form).getByLabelText('Senha atual').getAttribute('aria-invalid')).toBe('true')
    fill('senha-antiga', '123')
    await waitFor(() => expect(alertText()).toBe(AUTH_MSG.passwordTooShort))
    fill('senha-antiga', 'nova-senha-1', 'nova-senha-2')
    await waitFor(() => expect(alertText()).toBe(AUTH_MSG.onboardingPasswordMismatch))
    fill('senha-antiga', 'senha-antiga')
    await waitFor(() => expect(alertText()).toBe(AUTH_MSG.samePassword))
    expect(document.activeElement).toBe(within(form).getByRole('alert'))
    expect(bodies[API.accounts.changePassword]).toBeUndefined()
  })

  it('a wrong current password (403) is shown on that field', async () => {
    setup({ changePassword: () => apiError(403, AUTH_MSG.currentPasswordWrong) })
    const { form, fill } = openPasswordForm()
    fill('errada', 'nova-senha-1')
    expect((await within(form).findByRole('alert')).textContent).toBe(AUTH_MSG.currentPasswordWrong)
    expect(within(form).getByLabelText('Senha atual').getAttribute('aria-invalid')).toBe('true')
  })

  it('the server’s 400 messages are shown as sent', async () => {
    setup({ changePassword: () => apiError(400, AUTH_MSG.samePassword) })
    const { form, fill } = openPasswordForm()
    fill('senha-antiga', 'nova-senha-1')
    expect((await within(form).findByRole('alert')).textContent).toBe(AUTH_MSG.samePassword)
  })

  it('on success closes the form and says the other sign-ins ended', async () => {
    const { bodies } = setup({ changePassword: () => jsonResponse({ message: AUTH_MSG.passwordChanged }) })
    const { fill } = openPasswordForm()
    fill('senha-antiga', 'nova-senha-1')
    expect((await screen.findByRole('status')).textContent).toBe(AUTH_MSG.passwordChanged)
    expect(screen.queryByRole('form', { name: 'Alterar senha' })).toBeNull()
    expect(bodies[API.accounts.changePassword]).toEqual([{ currentPassword: 'senha-antiga', newPassword: 'nova-senha-1' }])
  })
})
