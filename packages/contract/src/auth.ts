import { z } from 'zod'
import { AUTH_MSG, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PORTALS, ROLES } from './auth-messages.js'

/**
 * Accounts: sign-up, sign-in (listener and admin portals), sign-out, password reset, pay-first
 * onboarding and LGPD self-service. Messages quoted from the spec (listener-area §5, §8;
 * commerce-and-admin §5, §8) are verbatim.
 */
// Roles, portals, password limits and AUTH_MSG live in the zod-free auth-messages.ts.

/** Trimmed and lower-cased before the format check, so a pasted '  Nome@Exemplo.com ' is accepted. */
const email = z
  .string({ error: AUTH_MSG.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, { error: AUTH_MSG.invalidEmail })
  .pipe(z.email({ error: AUTH_MSG.invalidEmail }))
const password = z
  .string({ error: 'Informe a senha' })
  .min(PASSWORD_MIN_LENGTH, { error: AUTH_MSG.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: AUTH_MSG.passwordTooLong })
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
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>
export const resetPasswordSchema = z.object({ token: z.string().min(10).max(512), newPassword: password }).strict()
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>

/** Pay-first buyers create their password here (spec: /onboarding/definir-senha?email=&session_id=). */
export const onboardingPasswordSchema = z
  .object({
    email,
    password: z.string().min(PASSWORD_MIN_LENGTH, { error: AUTH_MSG.onboardingPasswordTooShort }).max(PASSWORD_MAX_LENGTH),
    confirmPassword: z.string(),
    /** The checkout session from /assinatura/processando; when given, the pending payment must carry it. */
    /**
     * The paid checkout's id, carried from the payment return: proof that this browser made the
     * purchase. Without it anyone who knew a buyer's e-mail could claim the paid access.
     */
    sessionId: checkoutSessionId,
  })
  .strict()
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: AUTH_MSG.onboardingPasswordMismatch })
export type OnboardingPasswordInput = z.infer<typeof onboardingPasswordSchema>

/** Answers that only carry a pt-BR message (forgot/reset password, sign-out, account deletion). */
export const authMessageSchema = z.object({ message: z.string() })
export type AuthMessage = z.infer<typeof authMessageSchema>

export const deleteAccountSchema = z.object({ password: z.string().min(1, { error: 'Informe a senha' }).max(PASSWORD_MAX_LENGTH) }).strict()
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>

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
