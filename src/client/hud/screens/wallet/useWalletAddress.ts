/** The player's deposit address from `GET /api/wallet`, optionally polled (the starter screens poll every 5 s). */
import { useEffect, useState } from 'react';
import type { WalletApi } from '../../../net/walletApi';

/** Starter-screen poll of the address and the auth status (spec 2 §7, §9). */
export const STARTER_POLL_MS = 5_000;

/** The address (null until known); with `pollMs`, `onPoll` runs on each poll too (the user refresh). */
export function useWalletAddress(api: Pick<WalletApi, 'wallet'>, pollMs?: number, onPoll?: () => void): string | null {
  const [address, setAddress] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      void api.wallet().then((r) => {
        if (live && r.ok) setAddress(r.data.address);
      });
    load();
    const timer = pollMs
      ? setInterval(() => {
          load();
          onPoll?.();
        }, pollMs)
      : undefined;
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [api, pollMs, onPoll]);
  return address;
}
