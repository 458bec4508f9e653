import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ENDPOINTS, type AdminMusicUpdate } from '@sintonia/contract'
import { api } from '../../../lib/api-client'
import { uploadWithProgress, type UploadProgress } from '../../../lib/upload-with-progress'

/** music_changed should invalidate adminMusicKeys.all. */
export const adminMusicKeys = { all: ['admin', 'background-music'] as const }

export function useAdminMusic() {
  return useQuery({ queryKey: adminMusicKeys.all, queryFn: ({ signal }) => api(ENDPOINTS.catalogue.admin.music, { signal }) })
}

function useRefresh() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: adminMusicKeys.all })
}

export function useUploadTrack() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ file, title, tags, onProgress }: { file: File; title: string; tags: string[]; onProgress: (p: UploadProgress) => void }) => {
      const body = new FormData()
      body.set('title', title)
      body.set('tags', JSON.stringify(tags))
      body.set('isActive', 'true')
      body.set('file', file)
      return uploadWithProgress(ENDPOINTS.catalogue.admin.createMusic, body, { onProgress })
    },
    onSuccess: refresh,
  })
}

export function useUpdateTrack() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: AdminMusicUpdate }) => api(ENDPOINTS.catalogue.admin.updateMusic, { params: [id], body: patch }),
    onSuccess: refresh,
  })
}

export function useDeleteTrack() {
  const refresh = useRefresh()
  return useMutation({ mutationFn: (id: string) => api(ENDPOINTS.catalogue.admin.deleteMusic, { params: [id] }), onSuccess: refresh })
}

export function useSaveVolume() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (volumePercentage: number) => api(ENDPOINTS.catalogue.admin.musicVolume, { body: { volumePercentage } }),
    onSuccess: refresh,
  })
}
