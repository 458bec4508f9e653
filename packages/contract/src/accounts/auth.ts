import { z } from 'zod'
import { messageResponseSchema } from '../common/errors.js'
import { AUTH_MSG, DISPLAY_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PORTALS, ROLES } from './auth-messages.js'

/**
 * Accounts: sign-up, sign-in (listener and admin portals), sign-out, password reset, pay-first
 * onboarding and LGPD self-service. Messages are shown exactly as
 * docs/product/accounts.md#error-messages quotes them.
 */
// Roles, portals, password limits and AUTH_MSG live in the zod-free auth-messages.ts.

/** Trimmed and lower-cased before the format check, so a pasted '  Nome@Exemplo.com ' is accepted. */
export const emailSchema = z
  .string({ error: AUTH_MSG.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, { error: AUTH_MSG.invalidEmail })
  .pipe(z.email({ error: AUTH_MSG.invalidEmail }))
const email = emailSchema
const password = z
  .string({ error: 'Informe a senha' })
  .min(PASSWORD_MIN_LENGTH, { error: AUTH_MSG.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: AUTH_MSG.passwordTooLong })
/** A checkout id from the payment gateway, carried through /login?session_id=. */
const checkoutId = z.string().trim().min(6).max(255).regex(/^[A-Za-z0-9_-]+$/, { error: 'Sessão de pagamento inválida' })

export const signUpSchema = z
  .object({
    name: z.string().trim().max(DISPLAY_NAME_MAX_LENGTH, { error: AUTH_MSG.nameTooLong }).optional(),
    email,
    password,
    checkoutId: checkoutId.optional(),
  })
  .strict()
export type SignUpInput = z.infer<typeof signUpSchema>

export const signInSchema = z
  .object({
    email,
    password: z.string({ error: 'Informe a senha' }).min(1, { error: 'Informe a senha' }).max(PASSWORD_MAX_LENGTH),
    portal: z.enum(PORTALS),
    checkoutId: checkoutId.optional(),
  })
  .strict()
export type SignInInput = z.infer<typeof signInSchema>

export const forgotPasswordSchema = z.object({ email }).strict()
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>
export const resetPasswordSchema = z.object({ token: z.string().min(10).max(512), newPassword: password }).strict()
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>

/**
 * A one-time access link from the purchase e-mail (or "Esqueci minha senha" for an e-mail whose
 * purchase is waiting). The token proves the mailbox; it is never logged or shown to anyone else.
 */
const accessToken = z.string({ error: AUTH_MSG.accessLinkInvalid }).trim().min(20, { error: AUTH_MSG.accessLinkInvalid }).max(200, { error: AUTH_MSG.accessLinkInvalid }).regex(/^[A-Za-z0-9_-]+$/, { error: AUTH_MSG.accessLinkInvalid })

/** What the access link's page shows before the password is chosen. */
export const accessLinkPreviewInputSchema = z.object({ token: accessToken }).strict()
export const accessLinkPreviewSchema = z.object({
  email: z.string(),
  displayName: z.string(),
  /** Names of the paid plans waiting for this e-mail (empty when they were already claimed). */
  plans: z.array(z.string()),
  /** An account with this e-mail exists already: the new password replaces its old one. */
  accountExists: z.boolean(),
})
export type AccessLinkPreview = z.infer<typeof accessLinkPreviewSchema>

/** /onboarding/definir-senha?token=: the mailbox owner creates (or replaces) the password and is signed in. */
export const onboardingPasswordSchema = z
  .object({
    token: accessToken,
    password: z.string().min(PASSWORD_MIN_LENGTH, { error: AUTH_MSG.onboardingPasswordTooShort }).max(PASSWORD_MAX_LENGTH, { error: AUTH_MSG.passwordTooLong }),
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .strict()
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: AUTH_MSG.onboardingPasswordMismatch })
export type OnboardingPasswordInput = z.infer<typeof onboardingPasswordSchema>

/** Answers that only carry a pt-BR message (forgot/reset password, sign-out, account deletion). */
export const authMessageSchema = messageResponseSchema
export type AuthMessage = z.infer<typeof authMessageSchema>

export const deleteAccountSchema = z.object({ password: z.string().min(1, { error: 'Informe a senha' }).max(PASSWORD_MAX_LENGTH) }).strict()
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>


export const signedInUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** The person proved they read this mailbox (link from the sign-up, e-mail change, reset or purchase e-mail). */
  emailVerified: z.boolean(),
  /** Falls back to the part of the e-mail before the at-sign. */
  displayName: z.string(),
  role: z.enum(ROLES),
})
export type SignedInUser = z.infer<typeof signedInUserSchema>

/** The answer of sign-in / sign-up (and of the other requests that open or change a sign-in). */
export const meSchema = z.object({ user: signedInUserSchema })
export type Me = z.infer<typeof meSchema>

/**
 * GET /api/account/me, the sign-in read of every page: the signed-in person, or `null` for a
 * visitor (no sign-in, or one that no longer counts). A visitor's page gets an answer, not a 401,
 * so it stays free of errors (docs/product/accounts.md#the-sign-in).
 */
export const currentSignInSchema = z.object({ user: signedInUserSchema.nullable() })
export type CurrentSignIn = z.infer<typeof currentSignInSchema>

/** The link from the confirmation e-mail (sign-up or e-mail change). */
export const verifyEmailSchema = z.object({ token: z.string({ error: AUTH_MSG.verifyLinkInvalid }).trim().min(20, { error: AUTH_MSG.verifyLinkInvalid }).max(2048, { error: AUTH_MSG.verifyLinkInvalid }).regex(/^[A-Za-z0-9_.-]+$/, { error: AUTH_MSG.verifyLinkInvalid }) }).strict()
export const verifyEmailResultSchema = z.object({
  message: z.string(),
  email: z.string(),
  /**
   * The link handed the account to whoever opened it (ADR 023): every sign-in ended and the old
   * password stopped working, so the page goes straight to choosing the password with this fresh
   * access link token (which also activates any purchase waiting for the e-mail). Null only when
   * the address was already confirmed and nothing changed.
   */
  accessToken: z.string().nullable(),
})
export type VerifyEmailResult = z.infer<typeof verifyEmailResultSchema>

/** Minha conta: the display name. */
export const updateProfileSchema = z
  .object({ name: z.string({ error: AUTH_MSG.nameRequired }).trim().min(1, { error: AUTH_MSG.nameRequired }).max(DISPLAY_NAME_MAX_LENGTH, { error: AUTH_MSG.nameTooLong }) })
  .strict()
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>

/** Minha conta: a new password, confirmed with the current one; the other sign-ins end. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: 'Informe a senha atual' }).min(1, { error: 'Informe a senha atual' }).max(PASSWORD_MAX_LENGTH),
    newPassword: password,
  })
  .strict()
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>

/** Minha conta: a new e-mail address; it takes effect once confirmed from the new mailbox. */
export const changeEmailSchema = z.object({ newEmail: email }).strict()
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>
