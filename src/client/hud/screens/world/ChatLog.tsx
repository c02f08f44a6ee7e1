/** The chat log panel of verse mode (spec 3 §2): the entries the player can hear, oldest first, as plain text. */
import { t } from '../../../i18n/t/world';
import { useStore } from '@nanostores/react';
import { $chatLog } from '../../../game/world/worldStores';

/** The panel; new lines are announced politely to screen readers. */
export function ChatLog() {
  const log = useStore($chatLog);
  return (
    <ol className="world-chat" aria-label={t.world.chatLog} aria-live="polite" data-testid="world-chat">
      {log.map((c) => (
        <li key={c.id}>
          <b>
            {c.data.name}
            {c.data.title && <sup className="world-title">{c.data.title}</sup>}
          </b>{' '}
          {c.content}
        </li>
      ))}
    </ol>
  );
}
