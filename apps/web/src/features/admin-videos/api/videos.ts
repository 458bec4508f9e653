import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ENDPOINTS, type AdminVideoLink, type AdminVideoUpdate, type VideosContent } from '@sintonia/contract'
import { api } from '../../../lib/api-client'
import { uploadWithProgress, type UploadProgress } from '../../../lib/upload-with-progress'

/** videos_changed should invalidate adminVideoKeys.all (and the public ['landing'] content). */
export const adminVideoKeys = { all: ['admin', 'videos'] as const }

export function useAdminVideos() {
  return useQuery({ queryKey: adminVideoKeys.all, queryFn: ({ signal }) => api(ENDPOINTS.content.admin.videos, { signal }) })
}

/** Every video change answers the whole section: it becomes the cached list at once. */
function useVideoMutation<TInput>(request: (input: TInput) => Promise<VideosContent>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: request,
    onSuccess: async (content) => {
      queryClient.setQueryData(adminVideoKeys.all, content)
      await queryClient.invalidateQueries({ queryKey: ['landing'] })
    },
  })
}

export const useAddVideoLink = () => useVideoMutation((link: AdminVideoLink) => api(ENDPOINTS.content.admin.addVideoLink, { body: link }))

export interface VideoUploadInput {
  file: File
  thumbnail: Blob | null
  title: string
  onProgress: (progress: UploadProgress) => void
}

export const useUploadVideo = () =>
  useVideoMutation(({ file, thumbnail, title, onProgress }: VideoUploadInput) => {
    const body = new FormData()
    body.set('title', title)
    if (thumbnail) body.set('thumbnail', thumbnail, 'miniatura.jpg')
    body.set('file', file)
    return uploadWithProgress(ENDPOINTS.content.admin.uploadVideo, body, { onProgress })
  })

export const useUpdateVideo = () =>
  useVideoMutation(({ id, patch }: { id: string; patch: AdminVideoUpdate }) => api(ENDPOINTS.content.admin.updateVideo, { params: [id], body: patch }))

export const useSetActiveVideo = () => useVideoMutation((videoId: string | null) => api(ENDPOINTS.content.admin.activeVideo, { body: { videoId } }))

export const useDeleteVideo = () => useVideoMutation((id: string) => api(ENDPOINTS.content.admin.deleteVideo, { params: [id] }))
