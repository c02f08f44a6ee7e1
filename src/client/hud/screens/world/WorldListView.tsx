/**
 * The world as a list, for screen readers and keyboard players: the nearest masters and inscriptions by
 * distance from the own avatar, each with its actions as real buttons (the same actions as a tap on the
 * stage). Closed by default; its toggle is a real button.
 */
import { t } from '../../../i18n/t/world';
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import type { WorldObject } from '../../../../shared/api/rooms';
import type { WorldAction } from '../../../machines/worldActionMachine';
import { $ownObjectId, $worldObjects, $worldSelection } from '../../../game/world/worldStores';
import { Button } from '../../components/Button';
import { $coarseCoordinate, $isAdminName } from './worldHudStores';
import { selectionControls } from './worldView';

/** How many objects the list shows. */
export const LIST_MAX = 20;

/** The objects other than the own master, nearest first (ties: by id), at most LIST_MAX. */
export function nearestObjects(objects: Iterable<WorldObject>, ownId: number | null, coordinate: number): WorldObject[] {
  return [...objects]
    .filter((o) => o.id !== ownId)
    .sort((a, b) => Math.abs(a.coordinate - coordinate) - Math.abs(b.coordinate - coordinate) || a.id - b.id)
    .slice(0, LIST_MAX);
}

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
  const objects = useStore($worldObjects);
  const own = useStore($ownObjectId);
  const coordinate = useStore($coarseCoordinate);
  const selected = useStore($worldSelection);
  const admin = useStore($isAdminName);
  const list = nearestObjects(objects.byId.values(), own, coordinate);
  if (list.length === 0) return <p className="dim">{t.world.nobody}</p>;
  return (
    <ul className="world-nearby" data-testid="world-nearby">
      {list.map((o) => (
        <li key={o.id} aria-current={o.id === selected ? 'true' : undefined}>
          <Button small variant="link" aria-pressed={o.id === selected} onClick={() => $worldSelection.set(o.id === selected ? null : o.id)}>
            {o.type === 'master' ? o.name : t.world.inscriptionWith(o.name, o.data.verse)}
          </Button>
          <span className="dim"> {t.world.away(Math.abs(o.coordinate - coordinate))}</span>
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
