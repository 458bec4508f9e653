/**
 * Download texts (docs/product/listening.md#downloads-downloads). Errors are set on
 * DownloadProgress.error; toasts are shown by the UI.
 */
export const OFFLINE_ERRORS = {
  offline: 'Sem conexão com a internet',
  http: (statusText: string) => `Erro HTTP: ${statusText}`,
  noBody: 'Resposta sem corpo',
  unknown: 'Erro desconhecido',
  notAvailableOffline: 'Áudio não disponível offline e sem conexão',
  /**
   * Usage still at/above 90 % of the cap after evicting the 3 least-recently-accessed audios
   * (a download goes ahead only below 90 %).
   */
  noSpace: 'Espaço insuficiente para baixar o áudio',
} as const

export const OFFLINE_TOASTS = {
  downloadError: 'Erro no download',
  downloadErrorFallback: 'Não foi possível baixar o áudio',
  removeError: 'Erro ao remover',
  clearError: 'Erro ao limpar cache',
  downloadDone: 'Download concluído',
  removed: 'Áudio removido',
  cleared: 'Cache limpo',
} as const

/** What a hook asks the UI to toast (same shape idea as the player's PlayerNotice). */
export interface OfflineNotice {
  tone: 'success' | 'error'
  title: string
  description?: string
}
