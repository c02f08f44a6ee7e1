/** Whether the player has a second factor (read once per screen), so a form can offer the code field. */
import { useEffect, useState } from 'react';
import { factorApi } from '../../../net/factorApi';

/** False until known, then whether TOTP or a passkey is on. */
export function useHasFactor(): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    let live = true;
    void factorApi.status().then((r) => live && r.ok && setOn(r.data.totp || r.data.passkeys.length > 0));
    return () => {
      live = false;
    };
  }, []);
  return on;
}
