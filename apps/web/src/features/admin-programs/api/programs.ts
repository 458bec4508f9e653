import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ENDPOINTS, type AdminProgram, type AdminProgramInput, type AdminProgramList } from '@sintonia/contract'
import { adminFieldsQueryOptions } from '../../../lib/admin-fields-query'
import { api } from '../../../lib/api-client'
import { uploadWithProgress, type UploadProgress } from '../../../lib/upload-with-progress'

/**
 * The admin's programmes (docs/product/practice.md#programmes). Keys start with 'admin', so
 * programs_changed (another admin's save) refreshes what is on screen; listeners' lists start with
 * 'practice' and follow the same event.
 */
export const adminProgramKeys = {
  all: ['admin', 'programs'] as const,
  list: ['admin', 'programs', 'list'] as const,
  program: (id: string) => ['admin', 'programs', 'program', id] as const,
  insights: (range: { from: string; to: string }) => ['admin', 'programs', 'insights', range] as const,
}

/** The whole catalogue (every field), as the audio picker offers it; the audios page's own key. */
const catalogueAudiosKey = ['admin', 'audios', { fieldId: null }] as const

export function useAdminPrograms() {
  return useQuery({
    queryKey: adminProgramKeys.list,
    queryFn: async ({ signal }) => (await api(ENDPOINTS.practice.admin.programs, { signal })).programs,
  })
}

export function useAdminProgram(id: string) {
  return useQuery({
    queryKey: adminProgramKeys.program(id),
    queryFn: ({ signal }) => api(ENDPOINTS.practice.admin.program, { params: [id], signal }),
  })
}

export function useCatalogueAudios() {
  return useQuery({
    queryKey: catalogueAudiosKey,
    queryFn: async ({ signal }) => (await api(ENDPOINTS.catalogue.admin.audios, { signal })).audios,
  })
}

export function useCatalogueFields() {
  return useQuery(adminFieldsQueryOptions)
}

export function useProgramInsights(range: { from: string; to: string } | null) {
  return useQuery({
    queryKey: adminProgramKeys.insights(range ?? { from: '', to: '' }),
    queryFn: ({ signal }) => api(ENDPOINTS.practice.admin.insights, { query: range ?? {}, signal }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  })
}

function useRefreshPrograms() {
  const queryClient = useQueryClient()
  // The list, the editor and the home's counts; the listeners' side follows programs_changed.
  return () => queryClient.invalidateQueries({ queryKey: adminProgramKeys.all })
}

/** Keeps the editor's copy as the server answered, then refreshes the rest. */
function useKeepProgram() {
  const queryClient = useQueryClient()
  const refresh = useRefreshPrograms()
  return (program: AdminProgram) => {
    queryClient.setQueryData(adminProgramKeys.program(program.id), program)
    void refresh()
  }
}

export function useCreateProgram() {
  const keep = useKeepProgram()
  return useMutation({
    mutationFn: (input: AdminProgramInput) => api(ENDPOINTS.practice.admin.createProgram, { body: input }),
    onSuccess: keep,
  })
}

export function useSaveProgram() {
  const keep = useKeepProgram()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AdminProgramInput }) => api(ENDPOINTS.practice.admin.saveProgram, { params: [id], body: input }),
    onSuccess: keep,
  })
}

export function usePublishProgram() {
  const keep = useKeepProgram()
  return useMutation({
    mutationFn: ({ id, published }: { id: string; published: boolean }) => api(ENDPOINTS.practice.admin.publishProgram, { params: [id], body: { published } }),
    onSuccess: keep,
  })
}

export function useDeleteProgram() {
  const refresh = useRefreshPrograms()
  return useMutation({
    mutationFn: (id: string) => api(ENDPOINTS.practice.admin.deleteProgram, { params: [id] }),
    onSuccess: refresh,
  })
}

/**
 * Keeps a programme's new cover in the editor's copy at once (its days and texts are unchanged, so
 * the draft is left alone), then refreshes the list; the listeners' side follows programs_changed.
 */
function useKeepCover() {
  const queryClient = useQueryClient()
  const refresh = useRefreshPrograms()
  return ({ coverImage }: { coverImage: string | null }, id: string) => {
    queryClient.setQueryData<AdminProgram>(adminProgramKeys.program(id), (program) => (program ? { ...program, coverImage } : program))
    void refresh()
  }
}

/** Sends a programme's cover with its progress. */
export function useSetProgramCover() {
  const keep = useKeepCover()
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: string; file: File; onProgress: (progress: UploadProgress) => void }) => {
      const body = new FormData()
      body.set('file', file)
      return uploadWithProgress(ENDPOINTS.practice.admin.setProgramCover, body, { params: [id], onProgress })
    },
    onSuccess: (answer, { id }) => keep(answer, id),
  })
}

/** Removes a programme's cover: its generated art shows again. */
export function useRemoveProgramCover() {
  const keep = useKeepCover()
  return useMutation({
    mutationFn: (id: string) => api(ENDPOINTS.practice.admin.removeProgramCover, { params: [id] }),
    onSuccess: (answer, id) => keep(answer, id),
  })
}

type ProgramRows = AdminProgramList['programs']

/** Saves a new order; the list shows it at once and goes back if the server refuses. */
export function useReorderPrograms() {
  const queryClient = useQueryClient()
  const refresh = useRefreshPrograms()
  return useMutation({
    mutationFn: (ordered: ProgramRows) => api(ENDPOINTS.practice.admin.orderPrograms, { body: { ids: ordered.map((p) => p.id) } }),
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: adminProgramKeys.list })
      const previous = queryClient.getQueryData<ProgramRows>(adminProgramKeys.list)
      queryClient.setQueryData<ProgramRows>(adminProgramKeys.list, ordered)
      return { previous }
    },
    onError: (_error, _ordered, context) => {
      if (context?.previous) queryClient.setQueryData(adminProgramKeys.list, context.previous)
    },
    onSuccess: (answer) => queryClient.setQueryData<ProgramRows>(adminProgramKeys.list, answer.programs),
    onSettled: () => {
      void refresh()
    },
  })
}
