/** Which second factors the player has (read once per screen), so a form can offer the code field or the passkey. */
import { useEffect, useState } from 'react';
import { factorApi } from '../../../net/factorApi';

/** The player's second factors as a form needs them: any at all, and whether a passkey is among them. */
export interface FactorsOn {
  any: boolean;
  passkey: boolean;
}

/** Nothing until known, then whether TOTP or a passkey is on. */
export function useHasFactor(): FactorsOn {
  const [on, setOn] = useState<FactorsOn>({ any: false, passkey: false });
  useEffect(() => {
    let live = true;
    void factorApi.status().then((r) => {
      if (!live || !r.ok) return;
      const passkey = r.data.passkeys.length > 0;
      setOn({ any: r.data.totp || passkey, passkey });
    });
    return () => {
      live = false;
    };
  }, []);
  return on;
}
