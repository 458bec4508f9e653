import { queryOptions, useQuery } from '@tanstack/react-query'
import {
  DEFAULT_PRODUCT_NAME,
  CATALOGUE_ENDPOINTS, CONTENT_ENDPOINTS,
  LANDING_CONTENT_CACHE_MS,
  resolveLandingContent,
  type Field,
  type LandingResponse,
} from '@sintonia/contract'
import { api } from '../../../lib/api-client'
import { getInitialData, getInitialDataReadAt } from '../../../lib/initial-data'
import { saveLandingCache } from '../lib/content-cache'
import { landingKeys } from './query-keys'

/**
 * Query keys of the public landing data. Realtime events invalidate them later:
 * content_changed / videos_changed → landingKeys.content, fields_changed → landingKeys.fields.
 */

/** Guards the payload once more on the client: bad content becomes the built-in default. */
export function normalizeLanding(response: LandingResponse): LandingResponse {
  const productName =
    typeof response.productName === 'string' && response.productName.trim()
      ? response.productName.trim()
      : DEFAULT_PRODUCT_NAME
  return { ...response, productName, content: resolveLandingContent(response.content) }
}

function sortFields(fields: Field[]): Field[] {
  return [...fields].sort((a, b) => (a.displayOrder ?? 0) - (b.displayOrder ?? 0))
}

export const landingQueryOptions = queryOptions({
  queryKey: landingKeys.content,
  queryFn: async ({ signal }) => {
    const landing = normalizeLanding(await api(CONTENT_ENDPOINTS.landing, { signal }))
    saveLandingCache(landing)
    return landing
  },
  staleTime: LANDING_CONTENT_CACHE_MS,
  initialData: () => {
    const injected = getInitialData('landing')
    return injected ? normalizeLanding(injected) : undefined
  },
  initialDataUpdatedAt: () => (getInitialData('landing') ? getInitialDataReadAt() : undefined),
})

export const publicFieldsQueryOptions = queryOptions({
  queryKey: landingKeys.fields,
  queryFn: async ({ signal }) => {
    const body = await api(CATALOGUE_ENDPOINTS.publicFields, { signal })
    return sortFields(Array.isArray(body?.fields) ? body.fields : [])
  },
  staleTime: LANDING_CONTENT_CACHE_MS,
  initialData: () => {
    const injected = getInitialData('fields')
    return injected ? sortFields(injected) : undefined
  },
  initialDataUpdatedAt: () => (getInitialData('fields') ? getInitialDataReadAt() : undefined),
})

export function useLanding() {
  return useQuery(landingQueryOptions)
}

export function usePublicFields() {
  return useQuery(publicFieldsQueryOptions)
}

/**
 * The product name setting (an admin setting, never hard-coded), from the landing payload.
 * Falls back to the default name while it loads or when it fails. The app shell reads it once and
 * hands it to every page through lib/product-name (`useProductName`).
 */
export function useProductNameSetting(): string {
  const { data } = useQuery({ ...landingQueryOptions, select: (landing) => landing.productName })
  return data ?? DEFAULT_PRODUCT_NAME
}

export { landingKeys }
