import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ENDPOINTS, type AdminAudioUpdate } from '@sintonia/contract'
import { adminFieldsQueryOptions } from '../../../lib/admin-fields-query'
import { api } from '../../../lib/api-client'
import { uploadWithProgress, type UploadProgress } from '../../../lib/upload-with-progress'

/** audios_changed should invalidate adminAudioKeys.all. */
export const adminAudioKeys = {
  all: ['admin', 'audios'] as const,
  list: (fieldId: string | null) => ['admin', 'audios', { fieldId }] as const,
  transcript: (audioId: string) => ['admin', 'audios', 'transcript', audioId] as const,
}

export function useAdminAudios(fieldId: string | null) {
  return useQuery({
    queryKey: adminAudioKeys.list(fieldId),
    queryFn: async ({ signal }) => (await api(ENDPOINTS.catalogue.admin.audios, { query: { fieldId }, signal })).audios,
  })
}

/**
 * The transcript of an audio being edited, read where listeners read it (admins may read every
 * one): the list only says which audios have one. The dialog puts a new reading (another admin's
 * save) in the box only while nothing was typed in it.
 */
export function useAudioTranscript(audioId: string, enabled: boolean) {
  return useQuery({
    queryKey: adminAudioKeys.transcript(audioId),
    queryFn: async ({ signal }) => (await api(ENDPOINTS.catalogue.audioTranscript, { params: [audioId], signal })).transcript ?? '',
    enabled,
  })
}

export function useFieldOptions() {
  return useQuery(adminFieldsQueryOptions)
}

function useRefresh() {
  const queryClient = useQueryClient()
  // Counts on fields and the home change too; the listener's lists start with 'fields'/'audios'.
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ['admin'] }), queryClient.invalidateQueries({ queryKey: ['fields'] })])
}

export interface AudioUploadInput {
  file: File
  title: string
  description: string
  fieldId: string
  tags: string[]
  isDemo: boolean
  transcript: string
  onProgress: (progress: UploadProgress) => void
}

export function useUploadAudio() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ file, onProgress, ...meta }: AudioUploadInput) => {
      const body = new FormData()
      body.set('title', meta.title)
      body.set('description', meta.description)
      body.set('fieldId', meta.fieldId)
      body.set('tags', JSON.stringify(meta.tags))
      body.set('isDemo', String(meta.isDemo))
      if (meta.transcript !== '') body.set('transcript', meta.transcript)
      // The file goes last, so the server has the text fields before the bytes arrive.
      body.set('file', file)
      return uploadWithProgress(ENDPOINTS.catalogue.admin.createAudio, body, { onProgress })
    },
    onSuccess: refresh,
  })
}

export function useUpdateAudio() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: AdminAudioUpdate }) => api(ENDPOINTS.catalogue.admin.updateAudio, { params: [id], body: patch }),
    onSuccess: refresh,
  })
}

export function useReplaceAudioFile() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: string; file: File; onProgress: (progress: UploadProgress) => void }) => {
      const body = new FormData()
      body.set('file', file)
      return uploadWithProgress(ENDPOINTS.catalogue.admin.replaceAudioFile, body, { params: [id], onProgress })
    },
    onSuccess: refresh,
  })
}

export function useDeleteAudio() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (id: string) => api(ENDPOINTS.catalogue.admin.deleteAudio, { params: [id] }),
    onSuccess: refresh,
  })
}

/** Sends an audio's cover with its progress; the lists follow (the listeners' on audios_changed). */
export function useSetAudioCover() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: string; file: File; onProgress: (progress: UploadProgress) => void }) => {
      const body = new FormData()
      body.set('file', file)
      return uploadWithProgress(ENDPOINTS.catalogue.admin.setAudioCover, body, { params: [id], onProgress })
    },
    onSuccess: refresh,
  })
}

/** Removes an audio's cover: its generated art, in its field's colour, shows again. */
export function useRemoveAudioCover() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (id: string) => api(ENDPOINTS.catalogue.admin.removeAudioCover, { params: [id] }),
    onSuccess: refresh,
  })
}
