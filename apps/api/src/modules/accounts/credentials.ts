import { randomUUID } from 'node:crypto'
import { defaultDisplayName } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import type { SintoniaAuth } from '../../lib/auth/create-auth.js'
import { insertUserWithCredential, type Role, type UserRow } from './repository.js'

/** An id for a new Better Auth row, made the way Better Auth makes its own. */
export async function newAuthId(auth: SintoniaAuth, model: 'user' | 'account'): Promise<string> {
  const ctx = await auth.$context
  return ctx.generateId({ model }) || randomUUID()
}

export async function hashPassword(auth: SintoniaAuth, password: string): Promise<string> {
  const ctx = await auth.$context
  return ctx.password.hash(password)
}

/**
 * Creates a user with an e-mail + password credential, in the caller's transaction. The password
 * is hashed by Better Auth (its scrypt), the rows are Better Auth's, the role is decided here and
 * never by a request. The display name defaults to the part of the e-mail before '@'. `createdAt`
 * is the app's clock when the caller has it: listening records may not predate the account
 * (practice/time-rule.ts), and "now" is always the app's clock.
 */
export async function createCredentialUser(
  tx: Database,
  auth: SintoniaAuth,
  input: { email: string; name?: string | undefined; passwordHash: string; role: Role; emailVerified?: boolean; createdAt?: Date },
): Promise<UserRow | 'duplicate_email'> {
  return insertUserWithCredential(tx, {
    ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    id: await newAuthId(auth, 'user'),
    accountId: await newAuthId(auth, 'account'),
    email: input.email.toLowerCase(),
    name: input.name?.trim() || defaultDisplayName(input.email),
    role: input.role,
    passwordHash: input.passwordHash,
    emailVerified: input.emailVerified ?? false,
  })
}
