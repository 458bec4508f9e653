import type { SchemasOf } from '../common/http.js'
import { sessionManifestSchema, sessionRequestSchema } from './sessions.js'
import type { SESSIONS_ENDPOINTS } from './endpoints.js'

/** The schemas of each endpoint in ./endpoints.ts (the same keys). */
export const SESSIONS_ENDPOINT_SCHEMAS = {
  describe: { response: sessionManifestSchema, body: sessionRequestSchema },
} as const satisfies SchemasOf<typeof SESSIONS_ENDPOINTS>
