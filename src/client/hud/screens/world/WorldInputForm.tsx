/**
 * The verse / yell / scribe input of the world's action area (spec 3 §4, §5). An empty text is not sent:
 * the input stays open and says why (the server's text for the same refusal), so Send is never a button
 * that does nothing.
 */
import { t } from '../../../i18n/t';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';

/** Which text input is open. */
export type WorldInput = 'verse' | 'yell' | 'scribe';

/** Props: the open input, how a text is sent (false when it could not be, e.g. while sending), and close. */
export interface WorldInputFormProps {
  input: WorldInput;
  send: (text: string) => boolean;
  close: () => void;
}

/** The form; mount it with `key={input}` so each input starts empty. */
export function WorldInputForm({ input, send, close }: WorldInputFormProps) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState('');
  const errorId = `${useId()}-error`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = draft.trim();
    if (!text) return setError(t.world.verseRequired);
    if (send(text)) setDraft('');
  };

  return (
    <form className="world-input" onSubmit={submit}>
      <input
        aria-label={input === 'verse' ? t.world.verse : input === 'yell' ? t.world.yell : t.world.scribe}
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          setError('');
        }}
        aria-invalid={error !== '' || undefined}
        aria-describedby={error ? errorId : undefined}
        autoFocus
        data-testid={`world-input-${input}`}
      />
      <Button type="submit" small data-testid="world-input-send">
        {input === 'scribe' ? t.world.inscribe : t.world.send}
      </Button>
      <Button small variant="secondary" onClick={close}>
        {t.common.close}
      </Button>
      {error && (
        <p className="field-error" id={errorId} role="alert" data-testid="world-input-error">
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      )}
    </form>
  );
}
