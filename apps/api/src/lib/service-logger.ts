/** The logger a service may write to (pino's and Fastify's loggers fit). */
export interface ServiceLogger {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}
