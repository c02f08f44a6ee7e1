/**
 * The wallet's left menu (spec 1 §2): About, Buy/Sell the coin, Help And Support, Website, News Board,
 * Community Chat and Logout. The external entries come from the server's configuration (`links` of
 * GET /api/config) and open in a new tab; an entry the operator did not configure is left out.
 */
import { t } from '../../i18n/t/home';
import { useStore } from '@nanostores/react';
import { $config } from '../../stores/config';
import { navigate } from '../../stores/router';
import { logout } from '../../app/logout';
import { Button } from './Button';

/** The external entries in the spec's order: config key and label. */
export const EXTERNAL_ENTRIES = [
  ['buy_sell', t.menu.buySell],
  ['help', t.menu.help],
  ['website', t.menu.website],
  ['news', t.menu.news],
  ['chat', t.menu.chat],
] as const;

/** The menu. */
export function LeftMenu() {
  const links = useStore($config)?.links ?? {};
  return (
    <nav className="left-menu" aria-label={t.menu.label} data-testid="left-menu">
      <Button variant="link" onClick={() => navigate('/onboarding')}>
        {t.common.about}
      </Button>
      {EXTERNAL_ENTRIES.map(([key, label]) =>
        links[key] ? (
          <a key={key} href={links[key]} target="_blank" rel="noopener noreferrer" data-testid={`menu-${key}`}>
            {label}
          </a>
        ) : null,
      )}
      <Button variant="link" onClick={() => void logout()}>
        {t.common.logout}
      </Button>
    </nav>
  );
}
