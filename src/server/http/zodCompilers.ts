/**
 * Fastify's schema controller with zod's validator and serializer compilers as its factories. Every route
 * validates and serializes with zod; named here rather than set on the app afterwards, Fastify never loads
 * its default Ajv and fast-json-stringify compilers, which a start would load and never use.
 */
import type { FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/** The `schemaController` option: each factory answers zod's compiler, which Fastify calls as it calls `setValidatorCompiler`'s. */
export const zodSchemaController: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: {
    // Fastify types the factories after Ajv's compile function; the route schemas it passes are zod's.
    buildValidator: (() => validatorCompiler) as unknown as CompilersFactory['buildValidator'],
    buildSerializer: (() => serializerCompiler) as unknown as CompilersFactory['buildSerializer'],
  },
};
