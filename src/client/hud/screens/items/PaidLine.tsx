/** The line under a successful pop or extraction: what reached the purse (the answer's `paid`, ANGLS). */
import { t } from '../../../i18n/t';
import { showAngls } from './actionView';

/** Shows "+{paid} {t.units.ngls}" when the answer carried it; nothing otherwise. */
export function PaidLine({ result }: { result: unknown }) {
  const paid = (result as { paid?: unknown } | null)?.paid;
  if (typeof paid !== 'string' && typeof paid !== 'number') return null;
  return (
    <p className="paid" role="status" data-testid="paid-line">
      +{showAngls(String(paid))} {t.units.ngls}
    </p>
  );
}
