import { AUTH_MSG, authErrorMessage } from '@sintonia/contract'
import { ApiRequestError } from '../../../lib/api-client'

/**
 * The text to show for a failed auth request: the API's pt-BR message run through the error
 * catalogue (docs/product/accounts.md#error-messages). When the message itself is generic ('Dados
 * inválidos') but a validation issue carries a catalogued text, that text is shown instead.
 */
export function authErrorText(error: unknown): string {
  if (error instanceof ApiRequestError) {
    const text = authErrorMessage(error.message)
    if (text !== AUTH_MSG.other) return text
    for (const issue of error.issues) {
      const fromIssue = authErrorMessage(issue.message)
      if (fromIssue !== AUTH_MSG.other && fromIssue !== AUTH_MSG.empty) return fromIssue
    }
    return text
  }
  return authErrorMessage(error instanceof Error ? error.message : null)
}
