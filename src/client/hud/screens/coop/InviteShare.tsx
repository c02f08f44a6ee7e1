/**
 * The invite link shared through the device share sheet (Web Share API), with the copy fallback reading
 * t.common.copied for 1 s. Editable on the Invite screen (the player may change what is shared), a tappable link
 * on the income ledger.
 */
import { t } from '../../../i18n/t/coop';
import { useEffect, useState } from 'react';
import { COPIED_MS } from '../../components/AddressCopy';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { shareOrCopy, type ShareDevice, type SharePayload } from './coopView';

/** Props: the share-sheet payload (its url is the starting link), whether the link is editable, the device (tests pass one). */
export interface InviteShareProps {
  payload: SharePayload;
  editable?: boolean;
  testId: string;
  device?: ShareDevice;
}

/** Shown when neither the share sheet nor the clipboard is available. */
export const SHARE_FAILED_TEXT = t.coop.shareFailed;

/** The link and its share action. */
export function InviteShare({ payload, editable = false, testId, device }: InviteShareProps) {
  const [link, setLink] = useState(payload.url);
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  // The player's link arrives with the user; a later change of it (a refresh) replaces what was shown.
  useEffect(() => setLink(payload.url), [payload.url]);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(t);
  }, [copied]);

  const share = async () => {
    setFailed(false);
    const outcome = await shareOrCopy({ ...payload, url: link }, device ?? (navigator as ShareDevice));
    if (outcome === 'copied') setCopied(true);
    if (outcome === 'failed') setFailed(true);
  };

  return (
    <div className="stack invite-share" data-testid={testId}>
      {editable ? (
        <>
          <Field
            label={t.coop.inviteLink}
            value={link}
            onValue={setLink}
            autoComplete="off"
            spellCheck={false}
            data-testid={`${testId}-link`}
          />
          <Button variant="secondary" small disabled={!link} onClick={() => void share()} data-testid={`${testId}-button`}>
            {copied ? t.common.copied : t.coop.shareInvite}
          </Button>
        </>
      ) : (
        <button
          type="button"
          className="address"
          aria-label={t.coop.shareLabel}
          disabled={!link}
          onClick={() => void share()}
          data-testid={`${testId}-button`}
        >
          {copied ? t.common.copied : link || t.coop.noInviteLink}
        </button>
      )}
      {failed && (
        <p className="muted" role="status" data-testid={`${testId}-failed`}>
          {SHARE_FAILED_TEXT}
        </p>
      )}
    </div>
  );
}
