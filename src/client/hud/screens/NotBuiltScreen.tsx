/** Every route whose screen comes in a later issue: a clear panel naming it, with a way back home. */
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
        <p>This screen is not built yet. It arrives in a later update.</p>
      </section>
      <Button onClick={() => navigate('/')}>Back to Home</Button>
    </main>
  );
}
