import { z } from 'zod'

/**
 * Accounts: sign-up, sign-in (listener and admin portals), sign-out, password reset, pay-first
 * onboarding and LGPD self-service. Messages quoted from the spec (listener-area §5, §8;
 * commerce-and-admin §5, §8) are verbatim.
 */
export const ROLES = ['user', 'admin'] as const
export type Role = (typeof ROLES)[number]

export const PORTALS = ['user', 'admin'] as const
export type Portal = (typeof PORTALS)[number]

export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_MAX_LENGTH = 128

export const AUTH_MSG = {
  alreadyRegistered: 'Este e-mail já está cadastrado. Use a aba Login para entrar.',
  invalidCredentials: 'E-mail ou senha incorretos',
  emailNotConfirmed: 'Confirme seu e-mail antes de fazer login',
  passwordTooShort: 'A senha deve ter pelo menos 6 caracteres',
  invalidEmail: 'E-mail inválido',
  network: 'Erro de conexão. Verifique sua internet.',
  userNotFound: 'Usuário não encontrado',
  empty: 'Erro ao processar sua solicitação',
  other: 'Erro ao processar sua solicitação. Tente novamente.',
  adminMustUseAdminLogin: 'Use o login administrativo para contas de admin',
  adminSignUpRefused: 'Não é possível criar conta de admin por este formulário',
  userMustUseUserLogin: 'Esta área é restrita a administradores. Use o login de assinantes.',
  createUserFailed: 'Erro ao criar usuário',
  internalLogin: 'Erro interno no login',
  internalSignUp: 'Erro interno no cadastro',
  internalLogout: 'Erro interno no logout',
  logoutFailed: 'Erro ao fazer logout',
  logoutSuccess: 'Logout realizado com sucesso!',
  logoutErrorPrefix: 'Erro ao sair: ',
  banned: 'Sua conta está suspensa. Fale com o suporte.',
  tooManyAttempts: 'Muitas tentativas. Aguarde alguns minutos antes de tentar novamente.',
  sessionExpired: 'Sua sessão expirou. Faça login novamente.',
  resetEmailSent: 'Se existir uma conta com este e-mail, enviamos um link para redefinir a senha.',
  resetInvalidToken: 'Link de redefinição inválido ou expirado. Peça um novo link.',
  resetDone: 'Senha redefinida! Faça login com a nova senha.',
  onboardingPasswordTooShort: 'A senha deve ter no mínimo 6 caracteres',
  onboardingPasswordMismatch: 'As senhas não coincidem',
  onboardingFailed: 'Erro ao definir senha',
  onboardingNotAllowed: 'Não encontramos um pagamento confirmado para este e-mail, ou a senha já foi criada.',
  accountDeleted: 'Sua conta foi excluída. Sentiremos sua falta.',
  deleteConfirmationWrong: 'Senha incorreta. Sua conta não foi excluída.',
} as const

/**
 * The spec's catalogue (listener-area §8): a backend message is matched case-insensitively by
 * substring; the web runs every auth error through this, whatever produced it.
 */
export function authErrorMessage(raw: string | null | undefined): string {
  const text = (raw ?? '').trim()
  if (!text) return AUTH_MSG.empty
  // Messages already in the catalogue (the API answers in pt-BR) pass through unchanged.
  if ((Object.values(AUTH_MSG) as string[]).includes(text)) return text
  const lower = text.toLowerCase()
  if (lower.includes('already registered') || lower.includes('already exists') || lower.includes('já está cadastrado')) {
    return AUTH_MSG.alreadyRegistered
  }
  if (lower.includes('invalid credentials') || lower.includes('invalid email or password') || lower.includes('invalid password')) {
    return AUTH_MSG.invalidCredentials
  }
  if (lower.includes('email not confirmed') || lower.includes('email not verified')) return AUTH_MSG.emailNotConfirmed
  if (lower.includes('password') && (lower.includes('6 characters') || lower.includes('too short'))) {
    return AUTH_MSG.passwordTooShort
  }
  if (lower.includes('invalid email') || lower.includes('invalid format')) return AUTH_MSG.invalidEmail
  if (lower.includes('failed to fetch') || lower.includes('network')) return AUTH_MSG.network
  if (lower.includes('user not found')) return AUTH_MSG.userNotFound
  return AUTH_MSG.other
}

const email = z.email({ error: AUTH_MSG.invalidEmail }).trim().toLowerCase().max(254)
const password = z
  .string({ error: 'Informe a senha' })
  .min(PASSWORD_MIN_LENGTH, { error: AUTH_MSG.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: `A senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres` })
/** A checkout session id from the payment gateway, carried through /login?session_id=. */
const checkoutSessionId = z.string().trim().min(6).max(255).regex(/^[A-Za-z0-9_-]+$/, { error: 'Sessão de pagamento inválida' })

export const signUpSchema = z
  .object({
    name: z.string().trim().max(80, { error: 'O nome deve ter no máximo 80 caracteres' }).optional(),
    email,
    password,
    sessionId: checkoutSessionId.optional(),
  })
  .strict()
export type SignUpInput = z.infer<typeof signUpSchema>

export const signInSchema = z
  .object({
    email,
    password: z.string({ error: 'Informe a senha' }).min(1, { error: 'Informe a senha' }).max(PASSWORD_MAX_LENGTH),
    portal: z.enum(PORTALS),
    sessionId: checkoutSessionId.optional(),
  })
  .strict()
export type SignInInput = z.infer<typeof signInSchema>

export const forgotPasswordSchema = z.object({ email }).strict()
export const resetPasswordSchema = z.object({ token: z.string().min(10).max(512), newPassword: password }).strict()

/** Pay-first buyers create their password here (spec: /onboarding/definir-senha?email=). */
export const onboardingPasswordSchema = z
  .object({
    email,
    password: z.string().min(PASSWORD_MIN_LENGTH, { error: AUTH_MSG.onboardingPasswordTooShort }).max(PASSWORD_MAX_LENGTH),
    confirmPassword: z.string(),
  })
  .strict()
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: AUTH_MSG.onboardingPasswordMismatch })

export const deleteAccountSchema = z.object({ password: z.string().min(1, { error: 'Informe a senha' }).max(PASSWORD_MAX_LENGTH) }).strict()

export const subscriptionStateSchema = z.object({
  subscribed: z.boolean(),
  subscription_tier: z.string().nullable(),
  subscription_end: z.string().nullable(),
  /** 'none' when the person never subscribed (spec default). */
  subscription_status: z.string(),
})
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** Falls back to the part of the e-mail before the at-sign (spec §3, §5). */
  displayName: z.string(),
  role: z.enum(ROLES),
})
export type SessionUser = z.infer<typeof sessionUserSchema>

/** GET /api/account/me and the answer of sign-in / sign-up. */
export const meSchema = z.object({ user: sessionUserSchema })
export type Me = z.infer<typeof meSchema>

export function defaultDisplayName(emailAddress: string): string {
  return emailAddress.split('@')[0] ?? emailAddress
}
