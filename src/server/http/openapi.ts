/**
 * OpenAPI from the same zod schemas that validate requests; served at GET /api/openapi.json. Routes are
 * noted as they are added (Fastify's `onRoute` hook) and the document is built on its first request with
 * the zod type provider's own transform, so a start pays nothing for it.
 */
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from '../app/context';

const OPENAPI_VERSION = '3.0.3';

/** A JSON schema as the transform writes it: an object's properties and which of them are required. */
interface JsonSchema {
  properties?: Record<string, unknown>;
  required?: string[];
}

/** A route's schema after the transform: JSON schemas in place of zod's. */
interface RouteSchema {
  hide?: boolean;
  body?: unknown;
  response?: Record<string, unknown>;
  querystring?: JsonSchema;
  params?: JsonSchema;
  headers?: JsonSchema;
}

/** One operation of the document. */
interface Operation {
  parameters?: { schema: unknown; in: string; name: string; required: boolean }[];
  requestBody?: { required: true; content: { 'application/json': { schema: unknown } } };
  responses: Record<string, { description: string; content?: { 'application/json': { schema: unknown } } }>;
}

/** The document, built once on request. */
export type OpenApiDocument = () => object;

/** Notes every route added after it (call before any route); answers the document. */
export function collectOpenApi(app: App, productName: string): OpenApiDocument {
  const routes: RouteOptions[] = [];
  // HEAD routes are the GET routes Fastify adds by itself.
  app.addHook('onRoute', (route) => void (route.method !== 'HEAD' && routes.push(route)));
  let doc: object | undefined;
  return () => (doc ??= openApiDocument(productName, routes));
}

/** Serves the document. */
export function openApiRoute(app: App, document: OpenApiDocument): void {
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => document());
}

function openApiDocument(productName: string, routes: RouteOptions[]): object {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of routes) {
    const transformed = jsonSchemaTransform({
      schema: route.schema ?? {},
      url: route.url,
      route,
      openapiObject: { openapi: OPENAPI_VERSION },
    } as Parameters<typeof jsonSchemaTransform>[0]);
    const schema = transformed.schema as unknown as RouteSchema;
    if (schema.hide) continue;
    const pathNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const operation = toOperation(schema, pathNames);
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    for (const method of [route.method].flat()) (paths[path] ??= {})[method.toLowerCase()] = operation;
  }
  return { openapi: OPENAPI_VERSION, info: { title: `${productName} API`, version: '1' }, components: { schemas: {} }, paths };
}

function toOperation(schema: RouteSchema, pathNames: string[]): Operation {
  // A path parameter the route's schema leaves out is still a parameter, of any value.
  const params = { ...schema.params, properties: { ...Object.fromEntries(pathNames.map((n) => [n, {}])), ...schema.params?.properties } };
  const parameters = (['querystring', 'params', 'headers'] as const).flatMap((part) => {
    const at = { querystring: 'query', params: 'path', headers: 'header' }[part];
    const s = part === 'params' ? params : schema[part];
    return Object.entries(s?.properties ?? {}).map(([name, property]) => ({
      schema: property,
      in: at,
      name,
      required: at === 'path' || (s?.required ?? []).includes(name),
    }));
  });
  const responses: Operation['responses'] = {};
  for (const [code, s] of Object.entries(schema.response ?? {}))
    responses[code] = { description: 'Default Response', content: { 'application/json': { schema: s } } };
  return {
    ...(schema.body ? { requestBody: { required: true, content: { 'application/json': { schema: schema.body } } } } : {}),
    ...(parameters.length ? { parameters } : {}),
    responses: Object.keys(responses).length ? responses : { 200: { description: 'Default Response' } },
  };
}
