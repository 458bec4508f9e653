import { PLAYER_MSG } from '@sintonia/contract'

/** MediaError codes (HTMLMediaElement.error.code). */
export const MEDIA_ERR_ABORTED = 1
export const MEDIA_ERR_NETWORK = 2
export const MEDIA_ERR_DECODE = 3
export const MEDIA_ERR_SRC_NOT_SUPPORTED = 4

/** 'Erro {code}: ...' for codes 1-4, otherwise 'Erro desconhecido no áudio'. */
export function describeMediaError(error: { code: number } | null | undefined): string {
  switch (error?.code) {
    case MEDIA_ERR_ABORTED:
      return PLAYER_MSG.mediaAborted
    case MEDIA_ERR_NETWORK:
      return PLAYER_MSG.mediaNetwork
    case MEDIA_ERR_DECODE:
      return PLAYER_MSG.mediaDecode
    case MEDIA_ERR_SRC_NOT_SUPPORTED:
      return PLAYER_MSG.mediaNotSupported
    default:
      return PLAYER_MSG.mediaUnknown
  }
}

/** Diagnostics wording for a probe element's failure (docs/product/listening.md#diagnostics). */
export function describeProbeError(error: { code: number } | null | undefined): string {
  if (!error) return PLAYER_MSG.diagUnknown
  if (error.code === MEDIA_ERR_NETWORK) return PLAYER_MSG.diagNetwork
  if (error.code === MEDIA_ERR_SRC_NOT_SUPPORTED) return PLAYER_MSG.diagNotSupported
  return PLAYER_MSG.diagMedia(error.code)
}

const HINT_WORDS = ['rede', 'conexão', 'timeout']

/** Messages mentioning rede, conexão or timeout get the connectivity hint; others get null. */
export function audioErrorHint(message: string | null | undefined): string | null {
  if (!message) return null
  const lower = message.toLocaleLowerCase('pt-BR')
  return HINT_WORDS.some((word) => lower.includes(word)) ? PLAYER_MSG.networkHint : null
}

/** A message with its hint after it, when there is one (a toast's description). */
export function withHint(message: string, hint: string | null): string {
  return hint ? `${message} ${hint}` : message
}
