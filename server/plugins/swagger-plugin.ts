import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';

/** Collects every route's schema into an OpenAPI 3 document, served by routes/docs. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: { title: 'Firmware console API', version: '1.7.1' },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
        security: [{ bearer: [] }],
      },
    });
  },
  { name: 'swagger' },
);
