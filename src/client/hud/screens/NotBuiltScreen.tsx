/** Every route whose screen comes in a later issue: a clear panel naming it, with a way back home. */
import { t } from '../../i18n/t';
import { navigate } from '../../stores/router';
import { Button } from '../components/Button';

/** Props: the path shown. */
export interface NotBuiltScreenProps {
  path: string;
}

/** The placeholder panel. */
export default function NotBuiltScreen({ path }: NotBuiltScreenProps) {
  return (
    <main className="screen centered" data-testid="screen-not-built" data-path={path}>
      <section className="panel">
        <h2>{path}</h2>
        <p>{t.notBuilt.text}</p>
      </section>
      <Button onClick={() => navigate('/')}>{t.notBuilt.home}</Button>
    </main>
  );
}
