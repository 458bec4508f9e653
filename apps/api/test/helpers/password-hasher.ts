import { hashPassword, verifyPassword } from 'better-auth/crypto'
import type { PasswordHasher } from '../../src/lib/auth/create-auth.js'

/**
 * Better Auth's own scrypt hashing, remembered per password for the whole worker: the tests create
 * hundreds of accounts with the same few passwords, and each real hash or check costs ~140 ms of
 * CPU. The hashes are real (any account's hash verifies as in production, and a wrong password
 * still fails); only the salt is shared between accounts with the same password. Production and
 * the journeys use Better Auth's hashing as it is (lib/auth/create-auth.ts).
 */
const hashes = new Map<string, Promise<string>>()
const checks = new Map<string, Promise<boolean>>()

export const memoisedPasswordHasher: PasswordHasher = {
  hash(password) {
    let hashed = hashes.get(password)
    if (!hashed) hashes.set(password, (hashed = hashPassword(password)))
    return hashed
  },
  verify({ hash, password }) {
    const key = `${hash}\u0000${password}`
    let checked = checks.get(key)
    if (!checked) checks.set(key, (checked = verifyPassword({ hash, password })))
    return checked
  },
}
