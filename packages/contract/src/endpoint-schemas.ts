/**
 * The schemas of every endpoint in ./endpoints.ts, with the same keys. Kept apart from the endpoints
 * so that calling an endpoint does not load zod: only the API's contract test and the web client's
 * check outside production builds read them.
 */
import { ACCOUNTS_ENDPOINT_SCHEMAS } from './accounts/endpoint-schemas.js'
import { CATALOGUE_ENDPOINT_SCHEMAS } from './catalogue/endpoint-schemas.js'
import { COMMERCE_ENDPOINT_SCHEMAS, GIFT_ENDPOINT_SCHEMAS } from './commerce/endpoint-schemas.js'
import { COMMUNICATION_ENDPOINT_SCHEMAS } from './communication/endpoint-schemas.js'
import { CONTENT_ENDPOINT_SCHEMAS } from './content/endpoint-schemas.js'
import { INSIGHTS_ENDPOINT_SCHEMAS } from './insights/endpoint-schemas.js'
import { LISTENING_ENDPOINT_SCHEMAS } from './listening/endpoint-schemas.js'
import { PRACTICE_ENDPOINT_SCHEMAS } from './practice/endpoint-schemas.js'
import { SESSIONS_ENDPOINT_SCHEMAS } from './sessions/endpoint-schemas.js'
import { ENDPOINTS, GIFT_ENDPOINTS } from './endpoints.js'
import { healthSchema } from './common/health.js'
import { pairEndpoints, type Endpoint, type EndpointSchemas, type SchemasOf } from './common/http.js'

export const ENDPOINT_SCHEMAS = {
  health: { response: healthSchema, body: null },
  accounts: ACCOUNTS_ENDPOINT_SCHEMAS,
  catalogue: CATALOGUE_ENDPOINT_SCHEMAS,
  listening: LISTENING_ENDPOINT_SCHEMAS,
  practice: PRACTICE_ENDPOINT_SCHEMAS,
  sessions: SESSIONS_ENDPOINT_SCHEMAS,
  commerce: COMMERCE_ENDPOINT_SCHEMAS,
  content: CONTENT_ENDPOINT_SCHEMAS,
  communication: COMMUNICATION_ENDPOINT_SCHEMAS,
  insights: INSIGHTS_ENDPOINT_SCHEMAS,
} as const satisfies SchemasOf<typeof ENDPOINTS>

/** Every endpoint with its name ('catalogue.field', 'gifts.list') and its schemas. */
export const ALL_ENDPOINTS = [...pairEndpoints(ENDPOINTS, ENDPOINT_SCHEMAS), ...pairEndpoints(GIFT_ENDPOINTS, GIFT_ENDPOINT_SCHEMAS, 'gifts')]

const byEndpoint = new Map<Endpoint, EndpointSchemas>(ALL_ENDPOINTS.map((entry) => [entry.endpoint, entry.schemas]))

/** The schemas of one endpoint of ENDPOINTS. */
export function schemasOf(endpoint: Endpoint): EndpointSchemas | undefined {
  return byEndpoint.get(endpoint)
}
