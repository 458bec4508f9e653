/** The driver's error behind Drizzle's wrapper (DrizzleQueryError keeps it as `cause`). */
export function* errorChain(error: unknown): Generator<Record<string, unknown>> {
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

/**
 * True when a foreign key refused the write, of `constraint` when given: a reference to a row that
 * is gone (SQLSTATE 23503), or the delete of a row still referenced by an ON DELETE RESTRICT key
 * (23001, restrict_violation). Works for pg and PGlite.
 */
export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  for (const link of errorChain(error)) {
    if (link.code === '23503' || link.code === '23001') return constraint === undefined || link.constraint === constraint
  }
  return false
}

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P02', '57P03'])

/** Connection-level failures (class 08, admin shutdown, refused sockets, no connection in time): the database is away or overloaded, not the request wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of errorChain(error)) {
    const code = link.code
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true
    // "timeout exceeded when trying to connect": the pool had no connection to give within its
    // wait (every one busy, as under a crowd) — the database is overloaded, not the request wrong.
    if (typeof link.message === 'string' && /Connection terminated|connection timeout|timeout exceeded when trying to connect|PGlite is closed/i.test(link.message)) return true
  }
  return false
}

/**
 * Data the database refuses to store as given (class 22 "data exception": a NUL byte in text,
 * an untranslatable character, a number or date out of range, a malformed value of a typed
 * column). Validation should catch these first; this is the safety net that turns them into a
 * 400 instead of a 500, since the request — not the server — is at fault.
 */
export function isInvalidInputData(error: unknown): boolean {
  for (const link of errorChain(error)) {
    if (typeof link.code === 'string' && /^22[0-9A-Z]{3}$/.test(link.code)) return true
  }
  return false
}

/**
 * An error as it may be logged. Drizzle puts the query's parameters (names, e-mails, tokens) in
 * its message; only the SQL text and the driver's code and message are kept.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  const chain = [...errorChain(error)]
  return {
    type: chain[0]?.constructor && (chain[0].constructor as { name?: string }).name,
    message: typeof chain[0]?.message === 'string' ? chain[0].message.replace(/\nparams:[\s\S]*$/, '') : String(error),
    code: chain.find((link) => typeof link.code === 'string')?.code,
    cause: chain.slice(1).map((link) => ({ code: link.code, message: link.message })),
    stack: typeof chain[0]?.stack === 'string' ? chain[0].stack.split('\n').slice(0, 8).join('\n').replace(/\nparams:[^\n]*/, '') : undefined,
  }
}
