/** The frame of every item-action screen: the area countdown (spec 2 §2), the title, a loading line, Return. */
import { t } from '../../../i18n/t';
import type { ReactNode } from 'react';
import { navigate } from '../../../stores/router';
import { Button } from '../../components/Button';
import { RoundCountdown } from '../../components/RoundCountdown';
import './ItemScreens.css';

/** Props: test id, title, whether the game is still loading, the content. */
export interface ItemScreenShellProps {
  testId: string;
  title: string;
  loading: boolean;
  children: ReactNode;
  /** Where Return leads (default: back one step, or / when there is no step to go back to). */
  returnTo?: string;
}

/** Back one step in the app's history, or home when the screen was opened directly. */
export function goBack(): void {
  if (typeof history !== 'undefined' && history.length > 1) history.back();
  else navigate('/');
}

/** The shell. */
export function ItemScreenShell({ testId, title, loading, children, returnTo }: ItemScreenShellProps) {
  return (
    <main className="screen item-screen" data-testid={testId}>
      <RoundCountdown place="area" />
      <section className="panel" aria-label={title}>
        <h2>{title}</h2>
        {loading ? <p className="muted">{t.common.fetchingAeonData}</p> : children}
      </section>
      <Button variant="secondary" onClick={() => (returnTo ? navigate(returnTo) : goBack())} data-testid="item-return">
        {t.common.return}
      </Button>
    </main>
  );
}
