/** JSON bodies: an empty body reads as `{}` (clients POST empty to logout and onboarding); bad JSON is a 400. */
import type { App } from '../app/context';

/** Replaces Fastify's JSON parser with one that accepts an empty body. */
export function installJsonParser(app: App): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      // Dropping __proto__ keys keeps a parsed body from ever reaching an object's prototype.
      done(
        null,
        JSON.parse(text, (k, v: unknown) => (k === '__proto__' ? undefined : v)),
      );
    } catch {
      const err = new Error('Malformed JSON') as Error & { statusCode: number; code: string };
      err.statusCode = 400;
      err.code = 'FST_ERR_CTP_INVALID_JSON';
      done(err, undefined);
    }
  });
}
