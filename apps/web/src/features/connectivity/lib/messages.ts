/** pt-BR texts of the connectivity feature (docs/product/listening.md#connectivity). */
export const CONNECTIVITY_MSG = {
  /** Shown when an offline download is refused because there is no connection. */
  noInternet: 'Sem conexão com a internet',
  /** Indicator pill while offline. */
  offlineLabel: 'Sem conexão',
  /** Tooltip / screen-reader description while offline. */
  offlineDescription: 'Você está offline. Áudios baixados continuam disponíveis.',
  /** Indicator pill while the connection is slow. */
  slowLabel: 'Conexão lenta',
  /** Tooltip / screen-reader description while the connection is slow. */
  slowDescription: 'Sua conexão está lenta. Os áudios podem demorar para carregar.',
} as const
