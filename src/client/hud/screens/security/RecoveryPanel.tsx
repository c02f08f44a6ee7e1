/** New recovery codes for a fresh proof: all old codes stop working, the new ones are handed up to be shown once. */
import { t } from '../../../i18n/t/security';
import { useState } from 'react';
import type { FactorStatus } from '../../../../shared/api/factors';
import { factorApi } from '../../../net/factorApi';
import { Button } from '../../components/Button';
import { ErrorLine } from '../../components/ErrorLine';
import { freshProof } from './freshProof';

/** Props: the factors' state, the screen's typed proof, and where the new codes go. */
export interface RecoveryPanelProps {
  status: FactorStatus;
  proof: string;
  onCodes: (codes: string[]) => void;
}

/** The panel (shown only while a second factor is on: the codes belong to it). */
export function RecoveryPanel({ status, proof: code, onCodes }: RecoveryPanelProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function renew() {
    setBusy(true);
    setError('');
    const proof = await freshProof(code, status.passkeys.length > 0);
    const r = proof instanceof Error ? null : await factorApi.recoveryRenew(proof);
    setBusy(false);
    if (r === null) return setError(t.security.passkeyCancelled);
    if (!r.ok) return setError(r.text);
    if (r.data.recovery_codes) onCodes(r.data.recovery_codes);
  }

  return (
    <section className="panel" data-testid="security-recovery">
      <h2>{t.security.renewTitle}</h2>
      <p className="muted">
        {t.security.recoveryLeft(status.recovery_codes_left)} {t.security.renewIntro}
      </p>
      <Button variant="secondary" disabled={busy} onClick={() => void renew()} data-testid="recovery-renew">
        {t.security.renew}
      </Button>
      <ErrorLine text={error} testId="recovery-renew-error" />
    </section>
  );
}
