/** /hello: the landing with Create Account and Log In. */
import { t } from '../../i18n/t';
import { useStore } from '@nanostores/react';
import { $productName } from '../../stores/config';
import { navigate } from '../../stores/router';
import { Button } from '../components/Button';

/** The landing. */
export default function HelloScreen() {
  const product = useStore($productName);
  return (
    <main className="screen centered" data-testid="screen-hello">
      {product && <p className="brand">{product}</p>}
      <h1>{t.common.tagline}</h1>
      <div className="stack">
        <Button onClick={() => navigate('/register')}>{t.common.createAccount}</Button>
        <Button variant="secondary" onClick={() => navigate('/login')}>
          {t.common.logIn}
        </Button>
      </div>
    </main>
  );
}
