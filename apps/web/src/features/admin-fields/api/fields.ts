import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ENDPOINTS, type AdminFieldInput, type Field } from '@sintonia/contract'
import { adminFieldsQueryOptions } from '../../../lib/admin-fields-query'
import { api } from '../../../lib/api-client'
import { uploadWithProgress, type UploadProgress } from '../../../lib/upload-with-progress'

/** The listener and landing field lists start with ['fields']; admin queries with ['admin']. */
export const adminFieldKeys = { all: adminFieldsQueryOptions.queryKey }

export function useAdminFields() {
  return useQuery(adminFieldsQueryOptions)
}

function useRefreshAfterChange() {
  const queryClient = useQueryClient()
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin'] }),
      queryClient.invalidateQueries({ queryKey: ['fields'] }),
    ])
  }
}

export function useSaveField() {
  const refresh = useRefreshAfterChange()
  return useMutation({
    // The dialog always sends the whole form: a new field's values, or an edited field's every value.
    mutationFn: ({ id, values }: { id: string | null; values: AdminFieldInput }) =>
      id ? api(ENDPOINTS.catalogue.admin.updateField, { params: [id], body: values }) : api(ENDPOINTS.catalogue.admin.createField, { body: values }),
    onSuccess: refresh,
  })
}

export function useDeleteField() {
  const refresh = useRefreshAfterChange()
  return useMutation({
    mutationFn: (id: string) => api(ENDPOINTS.catalogue.admin.deleteField, { params: [id] }),
    onSuccess: refresh,
  })
}

/** Saves a new order; the list shows it at once and goes back if the server refuses. */
export function useReorderFields() {
  const queryClient = useQueryClient()
  const refresh = useRefreshAfterChange()
  return useMutation({
    mutationFn: (ordered: Field[]) => api(ENDPOINTS.catalogue.admin.fieldOrder, { body: { fieldIds: ordered.map((f) => f.id) } }),
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: adminFieldKeys.all })
      const previous = queryClient.getQueryData<Field[]>(adminFieldKeys.all)
      queryClient.setQueryData<Field[]>(adminFieldKeys.all, ordered)
      return { previous }
    },
    onError: (_error, _ordered, context) => {
      if (context?.previous) queryClient.setQueryData(adminFieldKeys.all, context.previous)
    },
    // Not awaited: the next move may start as soon as the server answered; the refetch follows.
    onSettled: () => {
      void refresh()
    },
  })
}

/** Sends a field's cover with its progress; the lists (admin, landing, listener) follow. */
export function useSetFieldCover() {
  const refresh = useRefreshAfterChange()
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: string; file: File; onProgress: (progress: UploadProgress) => void }) => {
      const body = new FormData()
      body.set('file', file)
      return uploadWithProgress(ENDPOINTS.catalogue.admin.setFieldCover, body, { params: [id], onProgress })
    },
    onSuccess: refresh,
  })
}

/** Removes a field's cover: its generated art shows again. */
export function useRemoveFieldCover() {
  const refresh = useRefreshAfterChange()
  return useMutation({
    mutationFn: (id: string) => api(ENDPOINTS.catalogue.admin.removeFieldCover, { params: [id] }),
    onSuccess: refresh,
  })
}
