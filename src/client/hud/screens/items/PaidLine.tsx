/** The line under a successful pop or extraction: what reached the purse (the answer's `paid`, ANGLS). */
import { showAngls } from './actionView';

/** Shows "+{paid} ANGLS" when the answer carried it; nothing otherwise. */
export function PaidLine({ result }: { result: unknown }) {
  const paid = (result as { paid?: unknown } | null)?.paid;
  if (typeof paid !== 'string' && typeof paid !== 'number') return null;
  return (
    <p className="paid" role="status" data-testid="paid-line">
      +{showAngls(String(paid))} ANGLS
    </p>
  );
}
