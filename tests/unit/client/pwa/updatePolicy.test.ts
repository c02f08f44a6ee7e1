/** When an old client moves to the new build: only at safe moments, never mid-call, never in a loop. */
import { describe, expect, it } from 'vitest';
import { decideUpdate, DEV_BUILD, serverIsNewer, updateAvailable, type UpdateFacts } from '../../../../src/client/pwa/updatePolicy';

const base: UpdateFacts = {
  clientBuild: 'b1',
  serverBuild: 'b1',
  workerWaiting: false,
  controlled: false,
  mutationsInFlight: 0,
  reloadedFor: null,
};
const f = (over: Partial<UpdateFacts>): UpdateFacts => ({ ...base, ...over });

describe('updatePolicy', () => {
  it('sees a newer server only when both ids are known and differ, never on a dev client', () => {
    expect(serverIsNewer(base)).toBe(false);
    expect(serverIsNewer(f({ serverBuild: null }))).toBe(false);
    expect(serverIsNewer(f({ serverBuild: 'b2' }))).toBe(true);
    expect(serverIsNewer(f({ clientBuild: DEV_BUILD, serverBuild: 'b2' }))).toBe(false);
  });

  it('does nothing while client and server agree and no worker waits', () => {
    for (const m of ['route', 'hidden', 'button', 'answer'] as const) expect(decideUpdate(base, m)).toBe('none');
    expect(updateAvailable(base)).toBe(false);
  });

  it('without a worker, reloads for a newer server at a safe moment only, never on the answer itself', () => {
    const stale = f({ serverBuild: 'b2' });
    expect(updateAvailable(stale)).toBe(true);
    expect(decideUpdate(stale, 'answer')).toBe('wait');
    expect(decideUpdate(stale, 'route')).toBe('reload');
    expect(decideUpdate(stale, 'hidden')).toBe('reload');
    expect(decideUpdate(stale, 'button')).toBe('reload');
  });

  it('never reloads while a state-changing call is in flight', () => {
    expect(decideUpdate(f({ serverBuild: 'b2', mutationsInFlight: 1 }), 'route')).toBe('wait');
    expect(decideUpdate(f({ workerWaiting: true, controlled: true, mutationsInFlight: 2 }), 'hidden')).toBe('wait');
    expect(decideUpdate(f({ workerWaiting: true, controlled: true, mutationsInFlight: 1 }), 'button')).toBe('wait');
  });

  it('under the old worker, fetches the new worker first (a reload would get the cached old shell)', () => {
    const stale = f({ serverBuild: 'b2', controlled: true });
    expect(updateAvailable(stale)).toBe(false);
    expect(decideUpdate(stale, 'answer')).toBe('check');
    expect(decideUpdate(stale, 'route')).toBe('check');
  });

  it('lets a waiting worker take over at the next safe moment', () => {
    const waiting = f({ serverBuild: 'b2', controlled: true, workerWaiting: true });
    expect(updateAvailable(waiting)).toBe(true);
    expect(decideUpdate(waiting, 'answer')).toBe('wait');
    expect(decideUpdate(waiting, 'route')).toBe('activate');
    expect(decideUpdate(waiting, 'button')).toBe('activate');
  });

  it('does not reload twice for the same server build', () => {
    const again = f({ serverBuild: 'b2', reloadedFor: 'b2' });
    expect(updateAvailable(again)).toBe(false);
    expect(decideUpdate(again, 'route')).toBe('none');
    expect(decideUpdate(f({ serverBuild: 'b3', reloadedFor: 'b2' }), 'route')).toBe('reload');
  });
});
