/** The driver's error behind Drizzle's wrapper (DrizzleQueryError keeps it as `cause`). */
function* errorChain(error: unknown): Generator<Record<string, unknown>> {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current as Record<string, unknown>
    current = (current as { cause?: unknown }).cause
  }
}

/** True when the error is a unique violation (SQLSTATE 23505), of `constraint` when given. Works for pg and PGlite. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (const link of errorChain(error)) {
    if (link.code === '23505') return constraint === undefined || link.constraint === constraint
  }
  return false
}
