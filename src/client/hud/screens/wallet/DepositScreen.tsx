/**
 * /deposit (spec 2 §2 names it; its content is ours): the deposit address as text (tap copies) and as a QR
 * code (qrcode loads only when this screen opens), and on the dev chain a Test Coin button.
 */
import { t } from '../../../i18n/t/home';
import { useEffect, useState } from 'react';
import { navigate } from '../../../stores/router';
import { walletApi, type WalletApi } from '../../../net/walletApi';
import { Button } from '../../components/Button';
import { RoundCountdown } from '../../components/RoundCountdown';
import { AddressCopy } from '../../components/AddressCopy';
import { useWalletAddress } from './useWalletAddress';

/** Props: the endpoints (tests pass fakes) and the QR renderer (tests skip the library). */
export interface DepositScreenProps {
  api?: Pick<WalletApi, 'wallet' | 'testCoin'>;
  qr?: (text: string) => Promise<string>;
}

/** Renders a QR data URL with the lazily loaded qrcode library. */
async function qrDataUrl(text: string): Promise<string> {
  const QRCode = await import('qrcode');
  return QRCode.toDataURL(text, { margin: 1, width: 360 });
}

/** The screen. */
export default function DepositScreen({ api = walletApi, qr = qrDataUrl }: DepositScreenProps) {
  const address = useWalletAddress(api);
  const [image, setImage] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!address) return;
    let live = true;
    qr(address)
      .then((url) => live && setImage(url))
      .catch((err: unknown) => console.warn('QR code failed', err));
    return () => {
      live = false;
    };
  }, [address, qr]);

  const testCoin = () => {
    setBusy(true);
    void api.testCoin().then((r) => {
      setBusy(false);
      setNote(r.ok ? r.message || t.wallet.testCoinSent : r.text);
    });
  };

  return (
    <main className="screen" data-testid="screen-deposit">
      <RoundCountdown place="area" />
      <section className="panel">
        <h2>{t.wallet.deposit}</h2>
        <p className="muted">{t.wallet.depositIntro}</p>
        <AddressCopy address={address} testId="deposit-address" />
        {image ? <img src={image} alt={t.wallet.depositQr} data-testid="deposit-qr" width={240} height={240} /> : null}
        <Button variant="secondary" small onClick={testCoin} disabled={busy} data-testid="test-coin">
          {busy ? t.common.processingTransaction : t.wallet.getTestCoin}
        </Button>
        <p className="muted" role={note ? 'status' : undefined} data-testid="deposit-note">
          {note}
        </p>
      </section>
      <Button variant="secondary" onClick={() => navigate('/')}>
        {t.common.return}
      </Button>
    </main>
  );
}
