/** The public fairness record: `GET /api/fairness?page=N` and `GET /api/fairness/rounds/{id}` (no session needed). */
import { AppError, validationFailed } from '../../domain/errors';
import { loadFairnessPage } from '../../domain/fairness/fairnessPage';
import { loadRoundDetail } from '../../domain/fairness/roundDetail';
import type { App, AppContext } from '../../app/context';
import { ok } from '../envelope';

/** The answer for an unknown or not yet settled round: the same either way, so a current round's hash never shows. */
export const ROUND_NOT_FOUND = 'Round not found.';

/** The answer before the first round exists. */
export const NO_ROUNDS_YET = 'No round has started yet.';

const ROUND_ID = /^[1-9]\d{0,8}$/;
const PAGE = /^[1-9]\d{0,8}$/;

/** Registers the fairness routes. */
export function fairnessRoutes(app: App, ctx: AppContext): void {
  app.get<{ Querystring: Record<string, unknown> }>('/api/fairness', async (request) => {
    const raw = request.query.page;
    let page = 1;
    if (raw !== undefined && raw !== '') {
      if (typeof raw !== 'string' || !PAGE.test(raw))
        throw validationFailed({ page: ['The page field must be an integer of at least 1.'] });
      page = Number(raw);
    }
    const data = await loadFairnessPage(ctx.db.kysely, page);
    if (!data) throw new AppError(404, NO_ROUNDS_YET);
    return ok(data);
  });

  app.get<{ Params: { id: string } }>('/api/fairness/rounds/:id', async (request) => {
    const id = request.params.id;
    if (!ROUND_ID.test(id)) throw new AppError(404, ROUND_NOT_FOUND);
    const detail = await loadRoundDetail(ctx.db.kysely, Number(id));
    if (!detail) throw new AppError(404, ROUND_NOT_FOUND);
    return ok(detail);
  });
}
