/**
 * Every failure leaves as the envelope: domain refusals with their status, schema failures as Laravel's
 * 422, malformed bodies as 400, unknown API paths as 404, anything else as a logged 500.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, validationFailed } from '../domain/errors';
import { attribute } from '../domain/auth/rules';
import type { FieldErrors } from '../../shared/api/envelope';
import type { App } from '../app/context';
import { fail } from './envelope';

/** Text of a body that is not JSON (or not an object). */
export const MALFORMED_BODY = 'Malformed request body.';

interface Issue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

function issueText(field: string, issue: Issue, body: unknown): string {
  const a = attribute(field);
  const given = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[field] : undefined;
  if (given === undefined || given === null) return `The ${a} field is required.`;
  const expected = issue.params.expected;
  if (expected === 'number' || expected === 'int') return `The ${a} field must be a number.`;
  if (expected === 'string') return `The ${a} field must be a string.`;
  return `The ${a} field is invalid.`;
}

/** Turns schema issues into Laravel's field errors; undefined when the body as a whole is wrong. */
function schemaErrors(issues: Issue[], body: unknown): FieldErrors | undefined {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.instancePath.split('/').filter(Boolean)[0];
    if (!field) return undefined;
    (errors[field] ??= []).push(issueText(field, issue, body));
  }
  return errors;
}

/** Sends `err` as the envelope. */
function handleError(app: App, err: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    if (err.headers) reply.headers(err.headers);
    return reply.code(err.status).send(fail(err.message, err.errors));
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const errors = schemaErrors(err.validation as unknown as Issue[], request.body);
    if (!errors) return reply.code(400).send(fail(MALFORMED_BODY));
    const v = validationFailed(errors);
    return reply.code(422).send(fail(v.message, errors));
  }
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message = err.code?.startsWith('FST_ERR_CTP_') ? MALFORMED_BODY : err.message;
    return reply.code(status).send(fail(message));
  }
  app.log.error({ err, url: request.url }, 'request failed');
  return reply.code(500).send(fail('Server Error'));
}

/** Installs the error handler. */
export function installErrorHandler(app: App): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => handleError(app, err, request, reply));
}
