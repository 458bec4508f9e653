import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { AUTH_MSG, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import type { SintoniaAuth } from '../../lib/auth/create-auth.js'
import { recordAudit } from '../../lib/audit/service.js'
import { createCredentialUser, hashPassword } from './credentials.js'
import { findUserByEmail, setUserRole, upsertCredentialPassword } from './repository.js'

/** What `npm run admin:create` sends (to the running server, or applies itself). */
export const adminCreateInputSchema = z
  .object({
    email: z.string({ error: AUTH_MSG.invalidEmail }).trim().toLowerCase().max(254).pipe(z.email({ error: AUTH_MSG.invalidEmail })),
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, { error: AUTH_MSG.passwordTooShort })
      .max(PASSWORD_MAX_LENGTH, { error: AUTH_MSG.passwordTooLong })
      .optional(),
    name: z.string().trim().min(1).max(80, { error: 'O nome deve ter no máximo 80 caracteres' }).optional(),
  })
  .strict()
export type AdminCreateInput = z.infer<typeof adminCreateInputSchema>

export type AdminCreateResult = { outcome: 'created' | 'promoted'; email: string; userId: string }

export class AdminCreateError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'AdminCreateError'
  }
}

export const ADMIN_CREATE_MESSAGES = {
  created: (email: string) => `Administrador criado: ${email}`,
  promoted: (email: string) => `Usuário promovido a administrador: ${email}`,
  passwordRequired: 'Para criar um novo administrador informe também --password (mínimo de 6 caracteres).',
} as const

export function describeAdminCreate(result: AdminCreateResult): string {
  return ADMIN_CREATE_MESSAGES[result.outcome](result.email)
}

/**
 * The only way to make an admin (ADR 003): creates the account with role 'admin' (password hashed
 * by Better Auth), or promotes an existing account and, when a password is given, sets it. Both
 * write an audit row in the same transaction.
 */
export async function createOrPromoteAdmin(deps: { db: Database; auth: SintoniaAuth }, input: AdminCreateInput): Promise<AdminCreateResult> {
  const passwordHash = input.password === undefined ? undefined : await hashPassword(deps.auth, input.password)
  return deps.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, input.email)
    if (existing) {
      await setUserRole(tx, existing.id, 'admin')
      if (passwordHash) await upsertCredentialPassword(tx, existing.id, passwordHash, (await deps.auth.$context).generateId({ model: 'account' }) || randomUUID())
      await recordAudit(tx, {
        actorUserId: null,
        action: 'admin_promoted',
        target: `user:${existing.id}`,
        outcome: 'success',
        ip: null,
        details: { via: 'admin:create', previousRole: existing.role, passwordChanged: passwordHash !== undefined },
      })
      return { outcome: 'promoted' as const, email: existing.email, userId: existing.id }
    }
    if (!passwordHash) throw new AdminCreateError(ADMIN_CREATE_MESSAGES.passwordRequired)
    const created = await createCredentialUser(tx, deps.auth, { email: input.email, name: input.name, passwordHash, role: 'admin' })
    if (created === 'duplicate_email') throw new AdminCreateError(AUTH_MSG.alreadyRegistered)
    await recordAudit(tx, {
      actorUserId: null,
      action: 'admin_created',
      target: `user:${created.id}`,
      outcome: 'success',
      ip: null,
      details: { via: 'admin:create' },
    })
    return { outcome: 'created' as const, email: created.email, userId: created.id }
  })
}
