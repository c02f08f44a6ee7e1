/** The HTTP client reports answers, silence, the server's build id and in-flight writes to netWatch. */
import { beforeEach, describe, expect, it } from 'vitest';
import { createHttp } from '../../../../src/client/net/http';
import { $mutationsInFlight, $noAnswer, $serverBuild, BUILD_HEADER } from '../../../../src/client/net/netWatch';
import { $offline, $browserOnline, watchOnline } from '../../../../src/client/pwa/onlineStatus';

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });

beforeEach(() => {
  $noAnswer.set(false);
  $serverBuild.set(null);
  $mutationsInFlight.set(0);
  $browserOnline.set(true);
});

describe('netWatch', () => {
  it('records the build id of an answer and clears the no-answer flag', async () => {
    $noAnswer.set(true);
    const http = createHttp({ fetch: async () => json({ success: true, data: 1 }, { [BUILD_HEADER]: 'b7' }) });
    await http.get('/api/config');
    expect($serverBuild.get()).toBe('b7');
    expect($noAnswer.get()).toBe(false);
  });

  it('flags a call that got no answer, which shows the offline banner', async () => {
    const http = createHttp({ fetch: async () => Promise.reject(new TypeError('Failed to fetch')) });
    const r = await http.get('/api/config');
    expect(r.ok).toBe(false);
    expect($noAnswer.get()).toBe(true);
    expect($offline.get()).toBe(true);
  });

  it('counts a write as in flight until its answer arrives', async () => {
    let release!: (r: Response) => void;
    const http = createHttp({
      readCookie: () => 'csrf',
      fetch: async (url) =>
        String(url).includes('csrf-cookie') ? new Response(null, { status: 204 }) : new Promise<Response>((r) => (release = r)),
    });
    const pending = http.post('/api/shop/buy', { id: 1 });
    await new Promise((r) => setTimeout(r, 0));
    expect($mutationsInFlight.get()).toBe(1);
    release(json({ success: true, data: null }));
    await pending;
    expect($mutationsInFlight.get()).toBe(0);
  });

  it('follows the browser online/offline events', () => {
    const target = new EventTarget();
    const nav = { onLine: true };
    const stop = watchOnline(target as unknown as Window, nav);
    nav.onLine = false;
    target.dispatchEvent(new Event('offline'));
    expect($offline.get()).toBe(true);
    nav.onLine = true;
    target.dispatchEvent(new Event('online'));
    expect($offline.get()).toBe(false);
    stop();
  });
});
