/** OpenAPI from the same zod schemas that validate requests; served at GET /api/openapi.json. */
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from '../app/context';

/** Registers the document generator; call before any route so every route is collected. */
export async function installOpenApi(app: App, productName: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: { info: { title: `${productName} API`, version: '1' } },
    transform: jsonSchemaTransform,
  });
}

/** Serves the generated document. */
export function openApiRoute(app: App): void {
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
