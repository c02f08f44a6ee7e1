/** On a wide desktop screen: a QR code of the current URL inviting the visitor to open the product on a phone. */
import { t } from '../../i18n/t';
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $router } from '../../stores/router';
import { $productName } from '../../stores/config';
import { isDesktopVisitor } from '../../app/device';
import { tabStorage } from '../../stores/deviceStorage';
import { Button } from './Button';

const DISMISSED_KEY = 'qr-invite-dismissed';

/** The invitation; hidden on phones, after "Continue on desktop", and on the designers' desktop gallery. */
export function QrInvite() {
  const page = useStore($router);
  const product = useStore($productName);
  const [wide, setWide] = useState(() => isDesktopVisitor(navigator.userAgent, window.innerWidth, navigator.maxTouchPoints));
  const [dismissed, setDismissed] = useState(() => tabStorage().getItem(DISMISSED_KEY) === '1');
  const [dataUrl, setDataUrl] = useState('');

  useEffect(() => {
    const onResize = () => setWide(isDesktopVisitor(navigator.userAgent, window.innerWidth, navigator.maxTouchPoints));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const url = typeof location !== 'undefined' ? location.href : '';
  useEffect(() => {
    if (!wide || dismissed) return;
    let live = true;
    // Loaded only when a desktop visitor needs it: phones never download the QR library.
    import('qrcode')
      .then((QRCode) => QRCode.toDataURL(url, { margin: 1, width: 400 }))
      .then((d) => live && setDataUrl(d))
      .catch((err: unknown) => console.warn('QR code failed', err));
    return () => {
      live = false;
    };
  }, [wide, dismissed, url, page?.path]);

  if (!wide || dismissed || page?.route === 'gallery') return null;
  return (
    <aside className="qr-invite" data-testid="qr-invite" aria-label={t.components.qr.label}>
      <p>
        {product ? t.components.qr.productForPhones(product) : t.components.qr.forPhones} {t.components.qr.scan}
      </p>
      {dataUrl && <img src={dataUrl} alt={t.components.qr.alt} />}
      <Button
        variant="secondary"
        small
        onClick={() => {
          tabStorage().setItem(DISMISSED_KEY, '1');
          setDismissed(true);
        }}
      >
        {t.components.qr.continueDesktop}
      </Button>
    </aside>
  );
}
