/**
 * The authenticator-app panel. Enabling is the two-stage flow: "Set up" shows the QR code and the key,
 * "Confirm code" sends the code from the app; the first factor's recovery codes are handed up to be shown
 * once. Turning it off is the same flow in one stage, with the fresh proof typed in the screen's one proof field.
 */
import { t } from '../../../i18n/t/security';
import { useState } from 'react';
import type { TotpSetupData } from '../../../../shared/api/factors';
import { factorApi } from '../../../net/factorApi';
import { useTransaction } from '../../useTransaction';
import { TransactionButton } from '../../components/TransactionButton';
import { Field } from '../../components/Field';
import { freshProof } from './freshProof';

/** Props: whether TOTP is on, whether a passkey can prove, the screen's typed proof, and what happens after a change. */
export interface TotpPanelProps {
  on: boolean;
  passkey: boolean;
  proof: string;
  onCodes: (codes: string[]) => void;
  onChanged: () => void;
}

/** The panel. */
export function TotpPanel({ on, passkey, proof: typed, onCodes, onChanged }: TotpPanelProps) {
  const [setup, setSetup] = useState<TotpSetupData | null>(null);
  const [code, setCode] = useState('');
  const enable = useTransaction({
    prepare: async () => {
      const r = await factorApi.totpSetup();
      if (r.ok) setSetup(r.data);
      return r;
    },
    // The code is read from this render, not the flow's input: the flow keeps the input it had when its key
    // last changed, and the key stays put while the code is typed (a new key would restart the setup).
    commit: async () => {
      // With a passkey on already, adding TOTP needs a fresh proof: a typed recovery code, else the passkey.
      const proof = passkey ? await freshProof(typed, true) : {};
      if (proof instanceof Error) return { ok: false, status: 0, message: proof.message, text: t.security.passkeyCancelled };
      const r = await factorApi.totpConfirm(code, proof);
      if (r.ok && r.data.recovery_codes) onCodes(r.data.recovery_codes);
      return r;
    },
    input: { code },
    // Typing the code must not send the flow back to stage 0.
    inputKey: 'totp',
    invalid: '',
    activation: null,
    locked: false,
    labels: { stage0: t.security.setUp, stage1: t.security.confirm },
    activate: () => {},
    refresh: () => {
      setSetup(null);
      setCode('');
    },
    leave: onChanged,
  });
  const disable = useTransaction({
    commit: async () => {
      const proof = await freshProof(typed, passkey);
      if (proof instanceof Error) return { ok: false, status: 0, message: proof.message, text: t.security.passkeyCancelled };
      return factorApi.totpDisable(proof);
    },
    input: { typed },
    inputKey: 'disable',
    invalid: '',
    activation: null,
    locked: false,
    direct: true,
    labels: { stage0: t.security.disable, stage1: t.security.disable },
    activate: () => {},
    refresh: () => {},
    leave: onChanged,
  });

  return (
    <section className="panel" data-testid="security-totp" data-on={on ? 'true' : undefined}>
      <h2>{t.security.totpTitle}</h2>
      <p className="muted">{on ? t.security.totpOn : t.security.totpOff}</p>
      {!on && setup && (
        <>
          <p>{t.security.scan}</p>
          <img src={setup.qr_data_url} alt={t.security.qrAlt} width={200} height={200} data-testid="totp-qr" />
          <p>
            {t.security.key}: <code data-testid="totp-secret">{setup.secret}</code>
          </p>
        </>
      )}
      {!on && setup && (
        <Field
          label={t.security.code}
          value={code}
          onValue={setCode}
          autoComplete="one-time-code"
          spellCheck={false}
          data-testid="totp-code"
        />
      )}
      {on ? <TransactionButton flow={disable} testId="totp-disable" /> : <TransactionButton flow={enable} testId="totp-enable" />}
    </section>
  );
}
