/**
 * pt-BR message catalogue. Texts the product defines (docs/product) are copied verbatim; everything the API
 * says to a person comes from here so web and server never drift apart.
 */
export const MSG = {
  generic: {
    internal: 'Erro interno do servidor',
    notFound: 'Recurso não encontrado',
    routeNotFound: 'Rota não encontrada',
    badRequest: 'Requisição inválida',
    invalidJson: 'O corpo da requisição não é um JSON válido',
    unsupportedMediaType: 'Tipo de conteúdo não suportado',
    payloadTooLarge: 'O corpo da requisição é grande demais',
    tooManyRequests: 'Muitas tentativas. Aguarde alguns minutos antes de tentar novamente.',
    databaseUnavailable: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
    validation: 'Dados inválidos',
    unauthorized: 'Faça login para continuar',
    forbidden: 'Você não tem permissão para acessar este recurso',
    /** A mutating request sent by a page of another site (CSRF defence). */
    originNotAllowed: 'Origem da requisição não permitida',
  },
  validation: {
    required: 'Campo obrigatório',
    invalidType: 'Tipo de valor inválido',
    invalidUuid: 'Identificador inválido',
    invalidEmail: 'E-mail inválido',
    tooSmall: 'Valor curto ou pequeno demais',
    tooBig: 'Valor longo ou grande demais',
    unknownKeys: 'Campos não permitidos',
    invalidValue: 'Valor inválido',
    /** A text with a NUL character (common/text-input.ts): no field of the product takes one. */
    invalidCharacters: 'O texto contém caracteres inválidos.',
  },
  field: {
    invalidId: 'ID do campo inválido',
    notFound: 'Campo não encontrado',
  },
  leads: {
    duplicateEmail: 'Este email já está cadastrado em nossa lista.',
    emailCheckError: 'Erro ao verificar email. Tente novamente.',
    unexpected: 'Erro interno. Tente novamente mais tarde.',
    consentRequired: 'É preciso aceitar a política de privacidade para continuar',
    nameRequired: 'Nome é obrigatório',
    nameTooShort: 'Nome deve ter pelo menos 2 caracteres',
    nameTooLong: 'Nome deve ter no máximo 120 caracteres',
    nameInvalid: 'Nome contém caracteres inválidos',
    emailRequired: 'Email é obrigatório',
    emailInvalid: 'Email deve ter um formato válido',
    emailTooLong: 'Email deve ter no máximo 254 caracteres',
    phoneInvalid: 'Informe um WhatsApp válido com DDD, por exemplo (11) 98765-4321',
    interestInvalid: 'Escolha uma das áreas de interesse da lista',
    utmTooLong: 'Deve ter no máximo 200 caracteres',
  },
  notFoundPage: {
    title: 'Página não encontrada',
    text: 'Oops! A página que você está procurando não existe.',
    back: 'Voltar ao Início',
  },
  loading: 'Carregando...',
} as const

/**
 * The media messages, apart from MSG: the landing's first JavaScript carries MSG, and these are
 * said only by the API and the player (docs/performance.md, the landing's budget).
 */
export const MEDIA_MSG = {
  audioNotFound: 'Áudio não encontrado',
  audioFileMissing: 'Arquivo de áudio indisponível',
  subscriptionRequired: 'Assinatura ativa necessária para ouvir este áudio',
  rangeNotSatisfiable: 'Intervalo solicitado inválido para este arquivo',
  /** A signed media address altered or made up (docs/decisions/021-signed-media-urls.md). */
  signedUrlInvalid: 'Endereço de mídia inválido',
  /** A genuine signed media address past its expiry: the player asks the API for a new one. */
  signedUrlExpired: 'Este endereço de mídia expirou; abra o áudio de novo',
} as const

/** The demo's messages, apart from MSG for the same reason: only the demo page says them. */
export const DEMO_MSG = {
  loadError: 'Erro ao carregar demonstração',
  noneAvailable: 'Nenhuma demonstração disponível no momento',
  /** The server has no usable demo audio at all (`audio: null`). */
  notConfigured: 'Nenhum áudio demo configurado',
  /** The audio the server gave cannot be played or named (web/features/demo/lib/demo-audio.ts). */
  invalidUrl: 'Áudio demo sem URL válida',
  invalidTitle: 'Áudio demo sem título válido',
  validationFailed: 'Erro ao validar áudio demo',
  usingAlternative: 'Usando áudio alternativo para demonstração',
  alternativeWarning: 'Áudio demo original indisponível. Usando áudio alternativo para demonstração.',
  unavailableTitle: 'Demonstração Temporariamente Indisponível',
  restarted: 'Demonstração reiniciada!',
  fieldFallback: 'Campo não encontrado',
} as const
