import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { API } from '@sintonia/contract'

/** OpenAPI generated from the zod route schemas, with a browsable UI at /api/docs. */
export const openApiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Sintonia API',
          description: 'API do Sintonia: catálogo, player, assinaturas e administração.',
          version: '1.0.0',
        },
      },
      transform: jsonSchemaTransform,
      hideUntagged: false,
    })
    await app.register(swaggerUi, { routePrefix: API.docs })
  },
  { name: 'openapi' },
)
