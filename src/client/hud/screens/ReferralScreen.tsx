/** /register/code/:code: the referral landing: the referrer's name and master, and Create Account. */
import { t } from '../../i18n/t';
import { useEffect, useState } from 'react';
import { api } from '../../net/api';
import { navigate } from '../../stores/router';
import { $referrerArt, $referrerChoice, MASTER_FRAMES } from '../../game/stageStores';
import { BandArtView } from '../components/BandArtView';
import { Button } from '../components/Button';
import { ReferralUnknown } from '../components/ReferralUnknown';

/** Props: the referral code. */
export interface ReferralScreenProps {
  code: string;
}

/** The referral landing; a failed lookup is logged (spec 1 §8) and, instead of an empty halo, says the code is unknown. */
export default function ReferralScreen({ code }: ReferralScreenProps) {
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<{ status: number } | null>(null);
  useEffect(() => {
    let live = true;
    $referrerChoice.set({ skinId: null, from: 0 });
    setFailure(null);
    void api.referrer(code).then((r) => {
      if (!live) return;
      if (!r.ok) {
        console.warn('referrer lookup failed:', r.text);
        setFailure({ status: r.status });
        return;
      }
      setName(r.data.name);
      $referrerChoice.set({ skinId: r.data.investor_skin_id, from: 0 });
    });
    return () => {
      live = false;
    };
  }, [code]);

  return (
    <main className="screen" data-testid="screen-referral">
      {!failure && (
        <div className="master-band" aria-hidden="true">
          <BandArtView art={$referrerArt} frames={MASTER_FRAMES} />
        </div>
      )}
      <h1>{t.common.tagline}</h1>
      {name && (
        <p className="panel" data-testid="referral-name">
          {t.referral.invites(name)}
        </p>
      )}
      {failure ? (
        <ReferralUnknown code={code} status={failure.status} onRegisterWithout={() => navigate('/register')} />
      ) : (
        <Button onClick={() => navigate(`/register/ref/${encodeURIComponent(code)}`)}>{t.common.createAccount}</Button>
      )}
    </main>
  );
}
