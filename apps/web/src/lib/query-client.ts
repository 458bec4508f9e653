import { QueryClient } from '@tanstack/react-query'
import { ApiRequestError } from './api-client'

/** A client error (4xx other than timeout / rate limit) will not change on retry. */
function isPermanentFailure(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  )
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 1 && !isPermanentFailure(error),
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: false,
      },
    },
  })
}
