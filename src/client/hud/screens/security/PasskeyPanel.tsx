/** The passkeys panel: the account's passkeys, add one (this phone), remove one with a fresh proof (typed in the screen's proof field, or a passkey). */
import { t } from '../../../i18n/t/security';
import { formatDate } from '../../../i18n/format';
import { useState } from 'react';
import type { FactorStatus } from '../../../../shared/api/factors';
import { factorApi } from '../../../net/factorApi';
import { createPasskey, passkeysSupported } from '../../../net/passkeyBrowser';
import { Button } from '../../components/Button';
import { ErrorLine } from '../../components/ErrorLine';
import { freshProof } from './freshProof';

/** Props: the factors' state, the screen's typed proof, and what happens after a change. */
export interface PasskeyPanelProps {
  status: FactorStatus;
  proof: string;
  onCodes: (codes: string[]) => void;
  onChanged: () => void;
}

/** The panel. */
export function PasskeyPanel({ status, proof: code, onCodes, onChanged }: PasskeyPanelProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const hasFactor = status.totp || status.passkeys.length > 0;

  async function run(action: () => Promise<string>) {
    setBusy(true);
    setError('');
    const text = await action();
    setBusy(false);
    setError(text);
    if (text === '') onChanged();
  }

  const add = () =>
    run(async () => {
      // A fresh proof first when a factor is on: its prompt comes before the new passkey's.
      const proof = hasFactor ? await freshProof(code, status.passkeys.length > 0) : {};
      if (proof instanceof Error) return t.security.passkeyCancelled;
      const options = await factorApi.passkeyOptions();
      if (!options.ok) return options.text;
      const credential = await createPasskey(options.data);
      if (credential instanceof Error) return t.security.passkeyCancelled;
      const r = await factorApi.passkeyAdd(credential, t.security.passkeyName, proof);
      if (!r.ok) return r.text;
      if (r.data.recovery_codes) onCodes(r.data.recovery_codes);
      return '';
    });

  const remove = (id: string) =>
    run(async () => {
      const proof = await freshProof(code, true);
      if (proof instanceof Error) return t.security.passkeyCancelled;
      const r = await factorApi.passkeyRemove(id, proof);
      return r.ok ? '' : r.text;
    });

  return (
    <section className="panel" data-testid="security-passkeys">
      <h2>{t.security.passkeysTitle}</h2>
      <ul className="session-list">
        {status.passkeys.map((p) => (
          <li key={p.id} data-testid="passkey-item">
            <strong>{p.name}</strong> <span className="muted">{t.sessions.passkeyAdded(formatDate(p.created_at))}</span>{' '}
            <Button variant="secondary" small disabled={busy} onClick={() => void remove(p.id)} aria-label={t.security.removeLabel(p.name)}>
              {t.security.remove}
            </Button>
          </li>
        ))}
      </ul>
      {status.passkeys.length === 0 && <p className="muted">{t.sessions.noPasskeys}</p>}
      {passkeysSupported() && (
        <Button variant="primary" disabled={busy} onClick={() => void add()} data-testid="passkey-add">
          {t.security.addPasskey}
        </Button>
      )}
      <ErrorLine text={error} testId="passkey-error" />
    </section>
  );
}
