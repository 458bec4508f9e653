import type { ZodError } from 'zod'
import { ApiRequestError } from './api-client'

/** Field errors keyed by dotted path ('hero.title'): the first message of each path. */
export type FieldErrors = Record<string, string>

export function zodFieldErrors(error: ZodError): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of error.issues) {
    const path = issue.path.join('.')
    errors[path] ??= issue.message
  }
  return errors
}

/** The per-field messages of an API 400 (its `issues`), keyed the same way. */
export function apiFieldErrors(error: unknown): FieldErrors {
  const errors: FieldErrors = {}
  if (error instanceof ApiRequestError) {
    for (const issue of error.issues) errors[issue.path] ??= issue.message
  }
  return errors
}
