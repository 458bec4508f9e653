export const SESSIONS_PATHS = {
  /** POST: the manifest of a session (public for the demo audio, otherwise subscribers). */
  sessions: '/api/sessions',
  /** GET/HEAD: the rendered stream, with HTTP Range. */
  audio: (key: string) => `/api/sessions/${key}/audio`,
} as const
