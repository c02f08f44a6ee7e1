/**
 * The unfreeze panel of /security, shown only while withdrawals are frozen: with a second factor it
 * unfreezes with a fresh proof (the screen's proof field, or a passkey); without one it asks for the unfreeze mail (src/server/domain/wallet/README.md).
 */
import { t } from '../../../i18n/t/security';
import { useCallback, useEffect, useState } from 'react';
import type { FactorStatus } from '../../../../shared/api/factors';
import { freezeApi } from '../../../net/freezeApi';
import { Button } from '../../components/Button';
import { ErrorLine } from '../../components/ErrorLine';
import { freshProof } from './freshProof';

/** Props: the factors' state (which proof the unfreeze takes), the screen's typed proof, and what to do once it is used. */
export interface FreezePanelProps {
  status: FactorStatus;
  proof: string;
  onProofUsed: () => void;
}

/** The panel; nothing while withdrawals are not frozen, except the answer of an unfreeze just made. */
export function FreezePanel({ status, proof: code, onProofUsed }: FreezePanelProps) {
  const [frozen, setFrozen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const hasFactor = status.totp || status.passkeys.length > 0;

  const refresh = useCallback(async () => {
    const r = await freezeApi.state();
    if (r.ok) setFrozen(r.data.frozen);
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  async function unfreeze() {
    setBusy(true);
    setError('');
    setNotice('');
    const proof = hasFactor ? await freshProof(code, status.passkeys.length > 0) : {};
    const r = proof instanceof Error ? null : await freezeApi.unfreeze(proof);
    setBusy(false);
    if (r === null) return setError(t.security.passkeyCancelled);
    if (!r.ok) return setError(r.text);
    onProofUsed();
    setNotice(r.message);
    setFrozen(r.data.frozen);
  }

  if (!frozen)
    return notice ? (
      <p className="success-line" role="status" data-testid="unfreeze-notice">
        {notice}
      </p>
    ) : null;
  return (
    <section className="panel frozen-panel" role="region" aria-label={t.freeze.frozenTitle} data-testid="security-frozen">
      <h2>{t.freeze.frozenTitle}</h2>
      <p>{t.freeze.frozenIntro}</p>
      <p className="muted">{hasFactor ? t.freeze.unfreezeWithFactor : t.freeze.unfreezeByMail}</p>
      <Button disabled={busy} onClick={() => void unfreeze()} data-testid="unfreeze-submit">
        {t.freeze.unfreeze}
      </Button>
      {notice && (
        <p className="success-line" role="status" data-testid="unfreeze-notice">
          {notice}
        </p>
      )}
      <ErrorLine text={error} testId="unfreeze-error" />
    </section>
  );
}
