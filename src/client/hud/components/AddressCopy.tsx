/** The wallet address as a button that copies it and reads "Copied" for 1 s (spec 2 §2, spec 1 §2). */
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
    const t = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <button
      type="button"
      className="address"
      data-testid={testId}
      aria-label="Copy wallet address"
      disabled={!address}
      onClick={() => {
        if (!address) return;
        void navigator.clipboard?.writeText(address).catch(() => undefined);
        setCopied(true);
      }}
    >
      {copied ? 'Copied' : (address ?? 'Loading address...')}
    </button>
  );
}
