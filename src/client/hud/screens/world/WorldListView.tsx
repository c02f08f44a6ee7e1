/**
 * The world as a list, for screen readers and keyboard players: the nearest masters and inscriptions by
 * distance from the own avatar (nearbyRows.ts), each with its actions as real buttons (the same actions as
 * a tap on the stage). Closed by default; its toggle is a real button.
 */
import { t } from '../../../i18n/t/world';
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import type { WorldAction } from '../../../machines/worldActionMachine';
import { $worldSelection } from '../../../game/world/worldStores';
import { Button } from '../../components/Button';
import { $isAdminName } from './worldHudStores';
import { $nearbyRows } from './nearbyRows';
import { selectionControls } from './worldView';

/** Props: how an action is sent (through the screen's action machine). */
export interface WorldListViewProps {
  tap: (action?: WorldAction) => void;
}

/** Whether the list is open: kept outside the component, so it stays open across re-renders and visits. */
export const $worldListOpen = atom(false);

/** The toggle and the list. */
export function WorldListView({ tap }: WorldListViewProps) {
  const open = useStore($worldListOpen);
  const setOpen = (v: boolean) => $worldListOpen.set(v);
  return (
    <section className="world-list" aria-label={t.world.nearby}>
      <Button small variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="world-list-toggle">
        {open ? t.world.hideList : t.world.listView}
      </Button>
      {open && <NearbyList tap={tap} />}
    </section>
  );
}

function NearbyList({ tap }: WorldListViewProps) {
  // Rows, not $worldObjects: a forumupd that changes nothing the list says does not re-render it.
  const list = useStore($nearbyRows);
  const selected = useStore($worldSelection);
  const admin = useStore($isAdminName);
  if (list.length === 0) return <p className="dim">{t.world.nobody}</p>;
  return (
    <ul className="world-nearby" data-testid="world-nearby">
      {list.map((o) => (
        <li key={o.id} aria-current={o.id === selected ? 'true' : undefined}>
          <Button
            small
            variant="link"
            aria-pressed={o.id === selected}
            onClick={() => $worldSelection.set(o.id === selected ? null : o.id)}
          >
            {o.type === 'master' ? o.name : t.world.inscriptionWith(o.name, o.verse)}
          </Button>
          <span className="dim"> {t.world.away(o.distance)}</span>
          {selectionControls(o, admin).map((c) =>
            c.kind === 'action' ? (
              <Button
                key={c.label}
                small
                aria-label={t.world.actionOn(c.label, o.name)}
                onClick={() => {
                  $worldSelection.set(o.id);
                  tap(c.action);
                }}
              >
                {c.label}
              </Button>
            ) : null,
          )}
        </li>
      ))}
    </ul>
  );
}
