/** The wallet address as a button that copies it and reads "Copied" for 1 s (spec 2 §2, spec 1 §2). */
import { t } from '../../i18n/t';
import { useEffect, useState } from 'react';

/** How long the button reads "Copied" after a tap (spec 1 §2: 1 s). */
export const COPIED_MS = 1000;

/** Props: the address (null while loading). */
export interface AddressCopyProps {
  address: string | null;
  testId?: string;
}

/** The copy button. */
export function AddressCopy({ address, testId = 'address-copy' }: AddressCopyProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className="address"
      data-testid={testId}
      aria-label={t.components.copyAddress}
      disabled={!address}
      onClick={() => {
        if (!address) return;
        void navigator.clipboard?.writeText(address).catch(() => undefined);
        setCopied(true);
      }}
    >
      {copied ? t.common.copied : address ? <AddressHalves address={address} /> : t.components.loadingAddress}
    </button>
  );
}

/**
 * An address in two unbreakable halves with the only break between them: on a narrow phone it wraps into two
 * even lines, never one long line and its last character alone on the next. The text is still the address.
 */
export function AddressHalves({ address }: { address: string }) {
  const mid = Math.ceil(address.length / 2);
  return (
    <>
      <span className="address-half">{address.slice(0, mid)}</span>
      <wbr />
      <span className="address-half">{address.slice(mid)}</span>
    </>
  );
}
