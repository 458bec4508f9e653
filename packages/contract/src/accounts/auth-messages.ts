/**
 * Accounts, zod-free part: roles, portals, password limits and the authentication message
 * catalogue (docs/product/accounts.md#error-messages), quoted verbatim. Kept apart from
 * the zod schemas (auth.ts) so the app shell (header, sign-in) can use them without loading zod.
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
  /** The sign-in forms' own checks before sending (the app's inline errors, never the browser's bubbles). */
  emailRequired: 'Informe seu e-mail',
  passwordRequired: 'Informe sua senha',
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
  banned: 'Sua conta está suspensa. Fale com o suporte.',
  tooManyAttempts: 'Muitas tentativas. Aguarde alguns minutos antes de tentar novamente.',
  signInExpired: 'Sua sessão expirou. Faça login novamente.',
  resetEmailSent: 'Se existir uma conta com este e-mail, enviamos um link para redefinir a senha.',
  resetInvalidToken: 'Link de redefinição inválido ou expirado. Peça um novo link.',
  resetDone: 'Senha redefinida! Faça login com a nova senha.',
  onboardingPasswordTooShort: 'A senha deve ter no mínimo 6 caracteres',
  onboardingPasswordMismatch: 'As senhas não coincidem',
  onboardingFailed: 'Erro ao definir senha',
  onboardingNotAllowed: 'Não encontramos um pagamento confirmado para este e-mail, ou a senha já foi criada.',
  accountDeleted: 'Sua conta foi excluída. Sentiremos sua falta.',
  deleteConfirmationWrong: 'Senha incorreta. Sua conta não foi excluída.',
  /** A listener screen or API needs an active subscription (product rule: subscription-required card). */
  subscriptionRequired: 'Assinatura ativa necessária para acessar este conteúdo',
  passwordTooLong: 'A senha deve ter no máximo 128 caracteres',
  /** Access links: the purchase e-mail's proof of mailbox (docs/product/accounts.md). */
  accessLinkInvalid: 'Link de acesso inválido ou expirado. Peça um novo em "Esqueci minha senha".',
  accessLinkSent: 'Enviamos de novo o link de acesso para o e-mail da compra.',
  /** E-mail verification (sign-up and e-mail change). */
  verifyLinkInvalid: 'Link de confirmação inválido ou expirado. Peça um novo em Minha conta.',
  emailVerified: 'E-mail confirmado!',
  verificationSent: 'Enviamos um link de confirmação para o seu e-mail.',
  alreadyVerified: 'Seu e-mail já está confirmado.',
  /** Minha conta. */
  nameRequired: 'Informe seu nome',
  nameTooLong: 'O nome deve ter no máximo 80 caracteres',
  profileSaved: 'Nome atualizado.',
  currentPasswordWrong: 'Senha atual incorreta.',
  passwordChanged: 'Senha alterada. As outras sessões foram encerradas.',
  samePassword: 'A nova senha deve ser diferente da atual.',
  emailSame: 'Este já é o seu e-mail.',
  emailChangeSent: 'Enviamos um link para o novo e-mail. A troca vale assim que você confirmar por lá.',
  emailChanged: 'E-mail alterado e confirmado!',
} as const

/** The display name's length limit, the same for sign-up, checkout and Minha conta. */
export const DISPLAY_NAME_MAX_LENGTH = 80

/**
 * The error catalogue (docs/product/accounts.md#error-messages): a backend message is matched
 * case-insensitively by substring; the web runs every auth error through this, whatever produced
 * it.
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

export function defaultDisplayName(emailAddress: string): string {
  return emailAddress.split('@')[0] ?? emailAddress
}
