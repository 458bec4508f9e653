/** pt-BR e-mails that prove a mailbox: the purchase's access link and the e-mail confirmation. */
import type { EmailToSend } from '../../lib/mail/index.js'
import { composeEmail, type EmailCommon } from '../../lib/mail/layout.js'

export const ACCOUNT_EMAIL_KINDS = {
  /** The paid purchase's access link (kept as 'purchase_claim' for the outbox history). */
  accessLink: 'purchase_claim',
  verifyEmail: 'email_verification',
} as const

/** The page that reads ?token= of an access link and asks for the password. */
export const ACCESS_LINK_PAGE = '/onboarding/definir-senha'
/** The page that reads ?token= of a confirmation link. */
export const VERIFY_EMAIL_PAGE = '/confirmar-email'

export const accessLinkUrl = (publicUrl: string, token: string) => `${publicUrl}${ACCESS_LINK_PAGE}?token=${encodeURIComponent(token)}`
export const verifyEmailUrl = (publicUrl: string, token: string) => `${publicUrl}${VERIFY_EMAIL_PAGE}?token=${encodeURIComponent(token)}`

/**
 * A paid purchase waits for its owner: whoever opens this link reads the purchase's mailbox, and
 * chooses the password that activates it. `reason` changes only the opening line.
 */
export function buildAccessLinkEmail(
  input: EmailCommon & { token: string; plans: string[]; accountExists: boolean; validDays: number; reason: 'purchase' | 'forgot' | 'resend' },
): EmailToSend {
  const plan = input.plans.length === 1 ? `do plano ${input.plans[0]}` : `dos planos ${input.plans.join(', ')}`
  const opening =
    input.reason === 'forgot'
      ? `Você pediu para entrar no ${input.productName}. Encontramos o pagamento ${plan} para este e-mail, ainda sem senha.`
      : `Recebemos o pagamento ${plan} do ${input.productName}.`
  const lines = [
    opening,
    input.accountExists
      ? 'Para ativar o acesso, abra o link abaixo e defina a senha da sua conta (pode ser a mesma de antes). Por segurança, os outros aparelhos conectados saem da conta.'
      : 'Falta só um passo: abra o link abaixo e crie sua senha para começar a ouvir.',
    `O link vale por ${input.validDays} dias e pode ser usado uma vez.`,
  ]
  return composeEmail(
    input,
    `Ative seu acesso ao ${input.productName}`,
    ACCOUNT_EMAIL_KINDS.accessLink,
    lines,
    { label: input.accountExists ? 'Definir senha e ativar' : 'Criar minha senha', url: accessLinkUrl(input.publicUrl, input.token) },
    'Se você não fez essa compra, ignore este e-mail: nada acontece sem o link.',
  )
}

/**
 * Confirms the e-mail of a new account, or the new address of an e-mail change. It greets
 * neutrally — the account's name was typed by whoever signed up or asked for the change, not
 * necessarily this mailbox's owner — and says that confirming means choosing the password (ADR 023).
 */
export function buildVerifyEmail(input: EmailCommon & { token: string; change: boolean; validHours: number }): EmailToSend {
  const lines = [
    input.change
      ? `Recebemos um pedido para usar este endereço numa conta do ${input.productName}. Se foi você, confirme pelo link abaixo para concluir a troca.`
      : `Recebemos um cadastro no ${input.productName} com este endereço. Se foi você, confirme pelo link abaixo que este e-mail é seu.`,
    'Ao confirmar, você define a senha da conta (pode ser a mesma de antes) e, por segurança, os aparelhos conectados saem dela.',
    `O link vale por ${input.validHours} horas.`,
  ]
  return composeEmail(
    input,
    input.change ? `Confirme seu novo e-mail — ${input.productName}` : `Confirme seu e-mail — ${input.productName}`,
    ACCOUNT_EMAIL_KINDS.verifyEmail,
    lines,
    { label: 'Confirmar e-mail', url: verifyEmailUrl(input.publicUrl, input.token) },
    input.change
      ? 'Se você não pediu essa troca, ignore este e-mail: nada muda sem o link.'
      : 'Se você não criou essa conta, ignore este e-mail: sem a confirmação, nada fica ligado ao seu endereço.',
  )
}
