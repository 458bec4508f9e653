import type { FastifyPluginAsync } from 'fastify'

/** Placeholder while the daily practice is built. */
export const practiceRoutesListener: FastifyPluginAsync = async () => {}
