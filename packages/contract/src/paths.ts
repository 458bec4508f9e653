/** API paths shared by the server routes and the web client. */
export const API = {
  health: '/api/health',
  landing: '/api/landing',
  publicFields: '/api/public/fields',
  demo: '/api/demo',
  leads: '/api/leads',
  analyticsEvents: '/api/analytics/events',
  audioFile: (audioId: string) => `/api/audios/${audioId}/file`,
  docs: '/api/docs',
  docsJson: '/api/docs/json',
} as const
