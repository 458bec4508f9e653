import type { FastifyPluginAsync } from 'fastify'

/** Placeholder while the daily practice is built. */
export const practiceInternalRoutes: FastifyPluginAsync = async () => {}
