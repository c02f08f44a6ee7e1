/** The second factor's dependencies for an app context, built once per app. */
import { factorKey } from '../domain/security/factorSecretBox';
import { webauthnPartyOf, type FactorDeps } from '../domain/security/factorDeps';
import type { AppContext } from '../app/context';

const built = new WeakMap<AppContext, FactorDeps>();

/** FactorDeps of `ctx` (the key derived from its signing key, the relying party from its public URL). */
export function factorDepsOf(ctx: AppContext): FactorDeps {
  let deps = built.get(ctx);
  if (!deps) {
    deps = {
      db: ctx.db.kysely,
      clock: ctx.clock,
      key: factorKey(ctx.signingKey),
      party: webauthnPartyOf(ctx.config.publicUrl, ctx.config.productName),
    };
    built.set(ctx, deps);
  }
  return deps;
}
