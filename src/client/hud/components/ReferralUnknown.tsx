/** What a referral link whose code the server does not know shows, instead of an empty invitation. */
import { t } from '../../i18n/t';
import { Button } from './Button';

/** Props: the code from the link, the lookup's HTTP status (404 = unknown, else it could not be checked). */
export interface ReferralUnknownProps {
  code: string;
  status: number;
  onRegisterWithout: () => void;
}

/** The notice and a way on without the code. */
export function ReferralUnknown({ code, status, onRegisterWithout }: ReferralUnknownProps) {
  const text = status === 404 ? t.components.referral.unknown(code) : t.components.referral.unchecked;
  return (
    <div className="panel" role="status" data-testid="referral-unknown" data-status={status}>
      <p className="warning">{text}</p>
      <Button variant="secondary" small onClick={onRegisterWithout} data-testid="referral-without">
        {t.components.referral.without}
      </Button>
    </div>
  );
}
