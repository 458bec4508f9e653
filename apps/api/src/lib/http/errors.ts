import type { ApiError } from '@sintonia/contract'

/** Errors a service throws on purpose: a status and a pt-BR message that is safe to show. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly issues?: ApiError['issues'],
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

export function errorBody(statusCode: number, message: string, issues?: ApiError['issues']): ApiError {
  return { statusCode, error: STATUS_TEXT[statusCode] ?? 'Error', message, ...(issues ? { issues } : {}) }
}
