/**
 * Every JSON endpoint the web calls, grouped by domain like the API (docs/architecture.md#contract):
 * its method, its path from ./paths.ts, and the schemas of its body and success answer. Files, the
 * WebSocket, the CSV export and the providers' webhooks are paths only.
 */
import { ACCOUNTS_ENDPOINTS } from './accounts/endpoints.js'
import { CATALOGUE_ENDPOINTS } from './catalogue/endpoints.js'
import { COMMERCE_ENDPOINTS } from './commerce/endpoints.js'
import { COMMUNICATION_ENDPOINTS } from './communication/endpoints.js'
import { CONTENT_ENDPOINTS } from './content/endpoints.js'
import { INSIGHTS_ENDPOINTS } from './insights/endpoints.js'
import { LISTENING_ENDPOINTS } from './listening/endpoints.js'
import { PRACTICE_ENDPOINTS } from './practice/endpoints.js'
import { SESSIONS_ENDPOINTS } from './sessions/endpoints.js'
import type { healthSchema } from './common/health.js'
import { get, schema } from './common/http.js'
import { API } from './paths.js'

export const ENDPOINTS = {
  health: get(API.health, schema<typeof healthSchema>()),
  accounts: ACCOUNTS_ENDPOINTS,
  catalogue: CATALOGUE_ENDPOINTS,
  listening: LISTENING_ENDPOINTS,
  practice: PRACTICE_ENDPOINTS,
  sessions: SESSIONS_ENDPOINTS,
  commerce: COMMERCE_ENDPOINTS,
  content: CONTENT_ENDPOINTS,
  communication: COMMUNICATION_ENDPOINTS,
  insights: INSIGHTS_ENDPOINTS,
} as const

/**
 * The domains' endpoints one by one: code on the landing's first load imports its domain's only,
 * so the bundle leaves the others (and their paths) out (docs/performance.md, the landing's budget).
 */
export { ACCOUNTS_ENDPOINTS, CATALOGUE_ENDPOINTS, COMMERCE_ENDPOINTS, COMMUNICATION_ENDPOINTS, CONTENT_ENDPOINTS }

/**
 * Gifts' endpoints stay out of ENDPOINTS (and their paths out of API): those two objects ride in the
 * chunk the landing loads first, and every path added there costs the landing's budget
 * (docs/performance.md). Pages and routes import them from here.
 */
export { GIFT_ENDPOINTS } from './commerce/gift-endpoints.js'
export { GIFT_PATHS } from './commerce/gift-paths.js'
