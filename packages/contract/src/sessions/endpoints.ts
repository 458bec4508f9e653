import { post, schema } from '../common/http.js'
import type { sessionManifestSchema, sessionRequestSchema } from './sessions.js'
import { SESSIONS_PATHS as P } from './paths.js'

export const SESSIONS_ENDPOINTS = {
  describe: post(P.sessions, schema<typeof sessionManifestSchema>(), schema<typeof sessionRequestSchema>()),
} as const
