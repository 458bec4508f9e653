/**
 * Audio player constants and texts (docs/product/listening.md#audio-engine). The general AUDIO_*
 * and BACKGROUND_MUSIC_* constants live in constants.ts; these are the player engine's own.
 * The texts are shown exactly as docs/product/listening.md quotes them.
 */

/** localStorage key of the listener's audio preferences. */
export const AUDIO_PREFERENCES_STORAGE_KEY = 'audio-preferences'
export const AUDIO_DEFAULT_AUTOPLAY = false
export const AUDIO_DEFAULT_SHOW_PROGRESS = true
/** Seconds of silence between two repeats (0 = replay at once). */
export const AUDIO_DEFAULT_PAUSE_BETWEEN_REPEATS_S = 0
/** Retry n (0-based) waits AUDIO_RETRY_BASE_DELAY_MS × 2^n: 1 s, 2 s, 4 s. */
export const AUDIO_RETRY_BASE_DELAY_MS = 1_000
/** The ready-state monitor starts after this delay… */
export const AUDIO_READY_MONITOR_DELAY_MS = 1_000
/** …and then polls at this interval. */
export const AUDIO_READY_MONITOR_INTERVAL_MS = 500
export const AUDIO_METADATA_DIAGNOSTIC_TIMEOUT_MS = 10_000
export const AUDIO_DIAGNOSTICS_LOG_MAX = 100
/** The 'Excelente progresso!' toast shows on repetition counts that are multiples of this. */
export const AUDIO_PROGRESS_TOAST_EVERY = 5
/** Local storage write debounce, applied to the audio preferences. */
export const AUDIO_PREFERENCES_WRITE_DEBOUNCE_MS = 100

/** Player texts (pt-BR). */
export const PLAYER_MSG = {
  errorTitle: 'Erro no áudio',
  retrying: 'Erro no áudio. Tentando reconectar automaticamente...',
  persistent: 'Erro persistente no áudio. Use o botão de diagnóstico para mais detalhes.',
  maxRetries: 'Máximo de tentativas excedido. Use o diagnóstico para mais detalhes.',
  retryAction: 'Tentar novamente',
  validateAction: 'Validar áudio',
  loadTimeout: 'Timeout: Áudio não carregou após 5 segundos',
  /** The timeout of a load that received part of the file but not enough to start (a slow connection). */
  slowLoad: 'Timeout: O áudio demorou muito para carregar. Verifique sua conexão.',
  mediaAborted: 'Erro 1: O carregamento do áudio foi interrompido',
  mediaNetwork: 'Erro 2: Falha de rede ao carregar o áudio',
  mediaDecode: 'Erro 3: Não foi possível decodificar o áudio',
  mediaNotSupported: 'Erro 4: Formato de áudio não suportado ou arquivo indisponível',
  mediaUnknown: 'Erro desconhecido no áudio',
  /** Added to messages that mention rede, conexão or timeout. */
  networkHint: 'Verifique sua conexão com a internet, desative VPN ou proxy e aguarde alguns instantes antes de tentar novamente.',
  stillLoading: 'O áudio ainda está carregando. Aguarde alguns segundos e tente novamente.',
  validating: 'Validando áudio...',
  autoplayTitle: 'Interação Necessária',
  autoplayBlocked: 'Clique no botão play para iniciar (política do navegador)',
  playFailed: 'Erro ao reproduzir o áudio. Use o diagnóstico para mais detalhes.',
  progressToast: 'Excelente progresso!',
  // URL check (docs/product/listening.md#diagnostics)
  invalidUrl: (detail: string) => `URL inválida: ${detail}`,
  emptyUrl: 'URL vazia',
  httpError: (status: number) => `Erro HTTP ${status}`,
  validationTimeout: 'Timeout na validação do áudio',
  networkError: (detail: string) => `Erro de rede: ${detail}`,
  validationError: (detail: string) => `Erro de validação: ${detail}`,
  nonAudioContentType: (type: string) => `O servidor informou um tipo de conteúdo que não é de áudio (${type})`,
  urlValid: 'Áudio validado com sucesso',
  // Diagnostics (docs/product/listening.md#diagnostics)
  diagnosticsDone: 'Diagnóstico Concluído',
  diagnosticsProblem: 'Problema Detectado',
  diagnosticsError: 'Erro no Diagnóstico',
  elementMissing: 'Elemento não encontrado',
  elementMissingDetail: 'O elemento de áudio não está disponível. Recarregue a página.',
  testSucceeded: 'Teste Bem-sucedido',
  testFailed: 'Falha no Teste',
  metadataTimeout: 'Timeout ao carregar metadata',
  diagNetwork: 'Erro de rede',
  diagNotSupported: 'Arquivo não suportado ou erro CORS',
  diagMedia: (code: number) => `Erro de mídia: ${code}`,
  diagUnknown: 'Erro desconhecido',
  diagAutoplay: 'Política de autoplay do navegador - interação do usuário necessária',
  noSource: 'Nenhum áudio selecionado',
} as const
