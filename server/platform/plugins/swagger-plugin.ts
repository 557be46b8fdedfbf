import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { transformDocument, transformRoute } from '../docs/openapi-document';

export interface SwaggerPluginOptions {
  /** Where the console is reached (APP_URL): the document's server. */
  appUrl: string;
}

/** Collects every route's schema into an OpenAPI 3 document, served by routes/docs. */
export default fp(
  async (app, options: SwaggerPluginOptions) => {
    await app.register(swagger, {
      transform: transformRoute,
      transformObject: (documentObject) =>
        transformDocument((documentObject as { openapiObject: object }).openapiObject, options.appUrl),
      openapi: {
        openapi: '3.0.3',
        info: { title: 'Firmware console API', version: '1.7.1' },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            // /api/agent routes: a build agent's worker token, shown once on the Agents page.
            workerToken: { type: 'http', scheme: 'bearer', description: "A build agent's worker token" },
          },
        },
        security: [{ bearer: [] }],
      },
    });
  },
  { name: 'swagger' },
);
