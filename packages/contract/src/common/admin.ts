/** Building blocks every admin list shares: messages, id params, paging and date ranges. Every admin route is `access: 'admin'` on the server. */
import { z } from 'zod'

/** pt-BR messages of the admin's people, plans and money pages (docs/product/admin.md). */
export const ADMIN_MSG = {
  userNotFound: 'Usuário não encontrado',
  selfRoleChange: 'Você não pode alterar a sua própria função',
  selfBan: 'Você não pode suspender a sua própria conta',
  banAdmin: 'Remova a função de administrador antes de suspender esta conta',
  complimentaryDays: 'Informe um número de dias entre 1 e 3650',
  planNotFound: 'Plano não encontrado',
  lastActivePlan: 'Mantenha pelo menos um plano ativo',
  planNameRequired: 'Nome do plano é obrigatório',
  intervalMonths: 'A duração deve ser de 1 a 36 meses',
  displayOrder: 'A ordem deve ser um número entre 0 e 1000',
  priceInvalid: 'Informe um valor em reais, por exemplo 149,70',
  promotionLabelTooLong: 'O selo da promoção deve ter no máximo 40 caracteres',
  subjectRequired: 'Informe o assunto do e-mail',
  subjectTooLong: 'O assunto deve ter no máximo 200 caracteres',
  bodyRequired: 'Escreva a mensagem do e-mail',
  bodyTooLong: 'A mensagem deve ter no máximo 20.000 caracteres',
  interestRequired: 'Escolha a área de interesse',
  noRecipients: 'Nenhum destinatário neste segmento',
  dateRange: 'A data inicial deve ser anterior à final',
  invalidDate: 'Data inválida',
  guaranteeDaysRange: 'O prazo de garantia deve ser de 1 a 365 dias',
  idInvalid: 'Identificador inválido',
} as const

export const isoDate = z.string()
const idParam = z.string().trim().min(1, { error: ADMIN_MSG.idInvalid }).max(100, { error: ADMIN_MSG.idInvalid })
export const adminIdParamsSchema = z.object({ id: idParam })
export const adminUserIdParamsSchema = z.object({ userId: idParam })

export const adminPageQuery = {
  page: z.coerce.number({ error: 'Página inválida' }).int({ error: 'Página inválida' }).min(1, { error: 'Página inválida' }).max(100_000).default(1),
}
export const ADMIN_PAGE_SIZE = 20

export const pageInfoSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
})
export type PageInfo = z.infer<typeof pageInfoSchema>

/** Optional `from`/`to` bounds (YYYY-MM-DD or full ISO), `from` before `to`. */
const dateBound = z
  .string()
  .trim()
  .refine((value) => value === '' || !Number.isNaN(Date.parse(value)), { error: ADMIN_MSG.invalidDate })
  .optional()
  .transform((value) => (value ? value : undefined))
export const dateRangeQuerySchema = z
  .object({ from: dateBound, to: dateBound })
  .refine((range) => !range.from || !range.to || Date.parse(range.from) <= Date.parse(range.to), {
    error: ADMIN_MSG.dateRange,
    path: ['to'],
  })
export type DateRangeQuery = z.input<typeof dateRangeQuerySchema>

// ---------------------------------------------------------------------------------------------
// Upload limits and messages
// ---------------------------------------------------------------------------------------------

/** Audio and background-music files: 100 MB (an hour of 192 kbit/s MP3 is ~86 MB; ADR 008). */
export const AUDIO_UPLOAD_MAX_BYTES = 100 * 1024 * 1024
/** The video thumbnail the browser draws at 1 s (a JPEG of a few dozen KB). */
export const THUMBNAIL_UPLOAD_MAX_BYTES = 2 * 1024 * 1024
/** Video MIME types an upload may have (docs/product/admin.md#videos-adminlanding-videos). */
export const VIDEO_UPLOAD_MIME_TYPES = ['video/mp4', 'video/mpeg', 'video/quicktime', 'video/x-msvideo', 'video/webm'] as const

const MB = 1024 * 1024

/** The size refusal ends in 'Tamanho atual: X.XXMB' (docs/product/admin.md#videos-adminlanding-videos). */
export function videoTooLargeMessage(sizeBytes: number): string {
  return `Arquivo muito grande. Tamanho máximo: 50MB. Tamanho atual: ${(sizeBytes / MB).toFixed(2)}MB`
}

export function audioTooLargeMessage(sizeBytes: number): string {
  return `Arquivo muito grande. Tamanho máximo: ${AUDIO_UPLOAD_MAX_BYTES / MB}MB. Tamanho atual: ${(sizeBytes / MB).toFixed(2)}MB`
}

export const ADMIN_CONTENT_MSG = {
  videoType: 'Formato de vídeo não suportado. Use MP4, MPEG, MOV, AVI ou WebM.',
  audioType: 'Formato de áudio não suportado. Use MP3, OGG, WAV, M4A, AAC, FLAC ou WebM.',
  thumbnailType: 'A miniatura deve ser uma imagem JPEG, PNG ou WebP.',
  thumbnailTooLarge: 'A miniatura deve ter no máximo 2MB.',
  emptyFile: 'O arquivo enviado está vazio.',
  fileMissing: 'Escolha um arquivo para enviar.',
  tooManyFiles: 'Envie um arquivo por vez.',
  notMultipart: 'Envie o arquivo como formulário (multipart/form-data).',
  audioUnreadable: 'Não foi possível ler a duração do áudio. Verifique se o arquivo não está corrompido.',
  audioNotDecodable: 'Não foi possível converter o áudio: o conteúdo não corresponde ao formato do arquivo ou está corrompido.',
  audioConverterUnavailable: 'O envio de áudios está indisponível no momento (conversor de áudio ausente no servidor).',
  fieldNotFound: 'Campo não encontrado',
  audioNotFound: 'Áudio não encontrado',
  trackNotFound: 'Música de fundo não encontrada',
  videoNotFound: 'Vídeo não encontrado',
  fieldHasAudios: (count: number) =>
    `Este campo tem ${count} ${count === 1 ? 'áudio' : 'áudios'}. Mova ou exclua os áudios antes de excluir o campo.`,
  fieldOrderMismatch: 'A nova ordem deve conter todos os campos, cada um uma vez.',
  nothingToUpdate: 'Nenhuma alteração enviada.',
} as const

// ---------------------------------------------------------------------------------------------
// Shared building blocks
// ---------------------------------------------------------------------------------------------

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `Preencha o campo "${label}"` })
    .trim()
    .min(1, { error: `Preencha o campo "${label}"` })
    .max(max, { error: `"${label}" deve ter no máximo ${max} caracteres` })

export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `"${label}" deve ser um texto` })
    .trim()
    .max(max, { error: `"${label}" deve ter no máximo ${max} caracteres` })

export const ADMIN_TITLE_MAX = 120
export const ADMIN_DESCRIPTION_MAX = 1000
export const ADMIN_TAG_MAX = 40
export const ADMIN_TAGS_MAX = 20

/** Tags: trimmed, blanks dropped, repeated ones (ignoring case) kept once, at most 20 of 40 chars. */
export const adminTagsSchema = z
  .array(z.string({ error: 'Cada tag deve ser um texto' }).trim().max(ADMIN_TAG_MAX, { error: `Cada tag deve ter no máximo ${ADMIN_TAG_MAX} caracteres` }), {
    error: 'As tags devem ser uma lista',
  })
  .transform((tags) => {
    const seen = new Set<string>()
    return tags.filter((tag) => {
      const key = tag.toLocaleLowerCase('pt-BR')
      if (tag === '' || seen.has(key)) return false
      seen.add(key)
      return true
    })
  })
  .refine((tags) => tags.length <= ADMIN_TAGS_MAX, { error: `Use no máximo ${ADMIN_TAGS_MAX} tags` })

/** Splits what an admin types in a tag box ('foco, calma') into tags. */
export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '')
}

export const uuidField = (message: string) => z.uuid({ error: message })

