import { z } from 'zod'
import { SEARCH_MAX_RESULTS, SEARCH_MIN_CHARS } from '../common/constants.js'
import { audioSchema, fieldSchema } from './catalogue.js'

/**
 * The listener area (subscribers): catalogue reads, search, playlists and listening records.
 * The texts are shown exactly as docs/product/listening.md quotes them.
 */
export const LISTENER_MSG = {
  fieldInvalidId: 'ID do campo inválido',
  fieldNotFound: 'Campo não encontrado',
  fieldHint: 'Verifique se o link está correto ou tente novamente.',
  fieldLoadError: 'Erro ao carregar informações do campo',
  audiosLoadError: 'Erro ao carregar áudios',
  unexpectedLoadError: 'Erro inesperado ao carregar dados',
  loadingContent: 'Carregando conteúdo...',
  noAudiosInField: 'Nenhum áudio disponível neste campo.',
  noAudiosWithTags: 'Nenhum áudio encontrado com as tags selecionadas.',
  audioNotFound: 'Áudio não encontrado',
  backToDashboard: 'Voltar ao Dashboard',
  progressToast: 'Excelente progresso!',
  searchPlaceholder: 'Buscar campos ou áudios...',
  searching: 'Buscando...',
  searchEmpty: (q: string) => `Nenhum resultado encontrado para "${q}"`,
  clearSearch: 'Limpar busca',
  refreshOk: 'Dados atualizados com sucesso',
  refreshError: 'Erro ao atualizar dados',
  playlistNameRequiredTitle: 'Nome obrigatório',
  playlistNameRequired: 'Por favor, insira um nome para sua playlist.',
  playlistDuplicateAudio: 'Áudio já está na playlist',
  playlistCreateError: 'Erro ao criar playlist',
  playlistUpdateError: 'Erro ao atualizar playlist',
  playlistRemoveAudioError: 'Erro ao remover áudio',
  playlistDeleteErrorTitle: 'Erro ao excluir',
  playlistDeleteError: 'Não foi possível excluir a playlist.',
  playlistRemoveFailed: 'Não foi possível remover da playlist',
  playlistAddFailed: 'Não foi possível adicionar à playlist',
  playlistAddError: 'Erro ao adicionar à playlist',
  playlistEmpty: 'Playlist Vazia',
  playlistNotFound: 'Playlist não encontrada',
  favouritesName: 'Favoritos',
  favouritesDescription: 'Seus áudios favoritos',
} as const

/** GET /api/fields/:fieldId */
export const fieldDetailSchema = z.object({ field: fieldSchema })
/** GET /api/fields/:fieldId/audios — ordered by title (docs/product/listening.md#field-page-campofieldid). */
export const fieldAudiosSchema = z.object({ audios: z.array(audioSchema) })
/** GET /api/audios/:audioId */
export const audioDetailSchema = z.object({ audio: audioSchema, fieldTitle: z.string() })

export const backgroundTrackSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  url: z.string(),
  tags: z.array(z.string()),
  durationSeconds: z.number().int().nonnegative(),
})
export type BackgroundTrack = z.infer<typeof backgroundTrackSchema>
/** GET /api/background-music — active tracks and the global volume (0-100, default 25). */
export const backgroundMusicSchema = z.object({
  tracks: z.array(backgroundTrackSchema),
  volumePercentage: z.number().int().min(0).max(100),
})
export type BackgroundMusic = z.infer<typeof backgroundMusicSchema>

/** GET /api/search?q= — at least 2 characters after trimming; at most 20 results. */
export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(SEARCH_MIN_CHARS, { error: `Digite pelo menos ${SEARCH_MIN_CHARS} caracteres` })
    .max(100, { error: 'A busca deve ter no máximo 100 caracteres' }),
})
export const searchResultSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('field'), id: z.uuid(), title: z.string(), description: z.string(), iconName: z.string() }),
  z.object({
    type: z.literal('audio'),
    id: z.uuid(),
    title: z.string(),
    fieldId: z.uuid(),
    fieldTitle: z.string(),
    tags: z.array(z.string()),
    duration: z.string(),
    /** Found by its transcript only, not by its title or tags (shown as TRANSCRIPT_MSG.matchedInTranscript). */
    inTranscript: z.boolean(),
  }),
])
export type SearchResult = z.infer<typeof searchResultSchema>
export const searchResponseSchema = z.object({ results: z.array(searchResultSchema).max(SEARCH_MAX_RESULTS) })
