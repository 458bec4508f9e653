/**
 * Every API path, once, grouped by domain: the server registers its routes on these and the web
 * calls them through the typed endpoints (./endpoints.ts). Admin paths sit under each domain's `admin`.
 */
import { ACCOUNTS_PATHS } from './accounts/paths.js'
import { CATALOGUE_PATHS } from './catalogue/paths.js'
import { COMMERCE_PATHS } from './commerce/paths.js'
import { COMMUNICATION_PATHS } from './communication/paths.js'
import { CONTENT_PATHS } from './content/paths.js'
import { INSIGHTS_PATHS } from './insights/paths.js'
import { LISTENING_PATHS } from './listening/paths.js'
import { PRACTICE_PATHS } from './practice/paths.js'
import { SESSIONS_PATHS } from './sessions/paths.js'

/** Where the API says it is up (the connectivity check asks it). */
export const HEALTH_PATH = '/api/health'

export const API = {
  health: HEALTH_PATH,
  /** WebSocket (docs/realtime.md). */
  realtime: '/api/realtime',
  /** OpenAPI UI and document. */
  docs: '/api/docs',
  docsJson: '/api/docs/json',
  accounts: ACCOUNTS_PATHS,
  catalogue: CATALOGUE_PATHS,
  listening: LISTENING_PATHS,
  practice: PRACTICE_PATHS,
  sessions: SESSIONS_PATHS,
  commerce: COMMERCE_PATHS,
  content: CONTENT_PATHS,
  communication: COMMUNICATION_PATHS,
  insights: INSIGHTS_PATHS,
} as const

/**
 * The domains' paths one by one: code on the landing's first load imports its domain's only, so the
 * bundle leaves the others out (docs/performance.md, the landing's budget).
 */
export { ACCOUNTS_PATHS, CATALOGUE_PATHS, COMMERCE_PATHS }
