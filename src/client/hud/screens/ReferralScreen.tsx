/** /register/code/:code: the referral landing: the referrer's name and master, and Create Account. */
import { useEffect, useState } from 'react';
import { api } from '../../net/api';
import { navigate } from '../../stores/router';
import { $referrerChoice } from '../../game/stageStores';
import { Button } from '../components/Button';

/** Props: the referral code. */
export interface ReferralScreenProps {
  code: string;
}

/** The referral landing; a failed lookup is only logged (spec 1 §8). */
export default function ReferralScreen({ code }: ReferralScreenProps) {
  const [name, setName] = useState('');
  useEffect(() => {
    let live = true;
    $referrerChoice.set({ skinId: null, from: 0 });
    void api.referrer(code).then((r) => {
      if (!live) return;
      if (!r.ok) return console.warn('referrer lookup failed:', r.text);
      setName(r.data.name);
      $referrerChoice.set({ skinId: r.data.investor_skin_id, from: 0 });
    });
    return () => {
      live = false;
    };
  }, [code]);

  return (
    <main className="screen" data-testid="screen-referral">
      <div className="master-band" aria-hidden="true" />
      <h1>The Gamified Basic Income</h1>
      {name && (
        <p className="panel" data-testid="referral-name">
          {name} invites you to become a master of Cryptonomics.
        </p>
      )}
      <Button onClick={() => navigate(`/register/ref/${encodeURIComponent(code)}`)}>Create Account</Button>
    </main>
  );
}
