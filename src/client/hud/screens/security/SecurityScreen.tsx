/**
 * /security: the second factor. The authenticator app (QR code and key, confirmed with a code, turned off
 * with a fresh proof), passkeys, and the recovery codes shown once when the first factor is enabled or
 * renewed; while withdrawals are frozen, the panel that unfreezes them. One proof field on top serves
 * every change that needs a fresh factor.
 */
import { t } from '../../../i18n/t/security';
import { useCallback, useEffect, useState } from 'react';
import type { FactorStatus } from '../../../../shared/api/factors';
import { factorApi } from '../../../net/factorApi';
import { navigate } from '../../../stores/router';
import { Button } from '../../components/Button';
import { ErrorLine } from '../../components/ErrorLine';
import { Field } from '../../components/Field';
import { FreezePanel } from './FreezePanel';
import { PasskeyPanel } from './PasskeyPanel';
import { RecoveryPanel } from './RecoveryPanel';
import { TotpPanel } from './TotpPanel';

/** The screen. */
export default function SecurityScreen() {
  const [status, setStatus] = useState<FactorStatus | null>(null);
  const [error, setError] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  // One proof field for every change that needs a fresh factor (turning TOTP off, passkeys, new codes).
  const [proof, setProof] = useState('');

  const refresh = useCallback(async () => {
    const r = await factorApi.status();
    if (r.ok) setStatus(r.data);
    else setError(r.text);
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  // The codes replace the panels at once (the flows end there); the state behind them is read again.
  // A proof is used up by the change it went with.
  const changed = () => {
    setProof('');
    void refresh();
  };
  const showCodes = (c: string[]) => {
    setCodes(c);
    changed();
  };
  const hasFactor = status !== null && (status.totp || status.passkeys.length > 0);

  return (
    <main className="screen" data-testid="screen-security">
      <h1>{t.security.title}</h1>
      <p className="muted">{t.security.intro}</p>
      <ErrorLine text={error} testId="security-error" />
      {codes && (
        <section className="panel" data-testid="recovery-codes" aria-label={t.security.recoveryTitle}>
          <h2>{t.security.recoveryTitle}</h2>
          <p>{t.security.recoveryIntro}</p>
          <ol className="recovery-codes">
            {codes.map((c) => (
              <li key={c}>
                <code data-testid="recovery-code">{c}</code>
              </li>
            ))}
          </ol>
          <Button variant="primary" onClick={() => setCodes(null)}>
            {t.security.saved}
          </Button>
        </section>
      )}
      {status && !codes && (
        <>
          {hasFactor && (
            <section className="panel" data-testid="security-proof-panel">
              <h2>{t.security.proofTitle}</h2>
              <p className="muted">{t.security.proofIntro}</p>
              <Field
                label={t.security.proofCode}
                value={proof}
                onValue={setProof}
                autoComplete="one-time-code"
                spellCheck={false}
                data-testid="security-proof"
              />
            </section>
          )}
          <FreezePanel status={status} proof={proof} onProofUsed={() => setProof('')} />
          <TotpPanel on={status.totp} passkey={status.passkeys.length > 0} proof={proof} onCodes={showCodes} onChanged={changed} />
          <PasskeyPanel status={status} proof={proof} onCodes={showCodes} onChanged={changed} />
          {hasFactor && <RecoveryPanel status={status} proof={proof} onCodes={showCodes} />}
        </>
      )}
      <Button variant="secondary" onClick={() => navigate('/sessions')}>
        {t.common.return}
      </Button>
    </main>
  );
}
