// @vitest-environment jsdom
/** The worker glue: reload once at a safe moment, wait out writes, and let a new worker take over first. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { $mutationsInFlight, $serverBuild, trackMutation } from '../../../../src/client/net/netWatch';
import {
  $updateAvailable,
  $workerWaiting,
  considerUpdate,
  RELOADED_FOR_KEY,
  startServiceWorker,
} from '../../../../src/client/pwa/serviceWorker';

/** A service worker registration with what the glue touches. */
class FakeRegistration extends EventTarget {
  waiting: { postMessage: (m: unknown) => void } | null = null;
  installing: (EventTarget & { state: string }) | null = null;
  updates = 0;
  messages: unknown[] = [];
  async update() {
    this.updates += 1;
  }
  /** A new worker downloads and installs. */
  install() {
    const worker = Object.assign(new EventTarget(), { state: 'installing' });
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    worker.state = 'installed';
    this.waiting = { postMessage: (m) => this.messages.push(m) };
    worker.dispatchEvent(new Event('statechange'));
  }
}

function fakeContainer(controlled: boolean) {
  const reg = new FakeRegistration();
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? {} : null,
    register: async () => reg,
  });
  return { reg, container: container as unknown as ServiceWorkerContainer };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
let stop: (() => void) | undefined;
let reloads = 0;

beforeEach(() => {
  reloads = 0;
  sessionStorage.clear();
  $serverBuild.set(null);
  $mutationsInFlight.set(0);
  $workerWaiting.set(false);
  $updateAvailable.set(false);
});
afterEach(() => stop?.());

describe('service worker glue', () => {
  it('without a worker in control, reloads for a newer server at the next safe moment, once', async () => {
    const { container } = fakeContainer(false);
    stop = startServiceWorker({ clientBuild: 'b1', container, reload: () => (reloads += 1) });
    await tick();
    $serverBuild.set('b2');
    expect(reloads).toBe(0);
    expect($updateAvailable.get()).toBe(true);
    considerUpdate('route');
    expect(reloads).toBe(1);
    expect(sessionStorage.getItem(RELOADED_FOR_KEY)).toBe('b2');
    considerUpdate('route');
    expect(reloads).toBe(1);
  });

  it('waits for a purchase in flight to get its answer', async () => {
    const { container } = fakeContainer(false);
    stop = startServiceWorker({ clientBuild: 'b1', container, reload: () => (reloads += 1) });
    await tick();
    const done = trackMutation();
    $serverBuild.set('b2');
    considerUpdate('hidden');
    expect(reloads).toBe(0);
    done();
    considerUpdate('hidden');
    expect(reloads).toBe(1);
  });

  it('under the old worker: fetches the new one, lets it take over at a safe moment, then reloads', async () => {
    const { reg, container } = fakeContainer(true);
    stop = startServiceWorker({ clientBuild: 'b1', container, reload: () => (reloads += 1) });
    await tick();
    $serverBuild.set('b2');
    expect(reg.updates).toBe(1);
    considerUpdate('route');
    expect(reloads).toBe(0);
    reg.install();
    expect($workerWaiting.get()).toBe(true);
    expect($updateAvailable.get()).toBe(true);
    expect(reg.messages).toEqual([]);
    considerUpdate('route');
    expect(reg.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reloads).toBe(0);
    container.dispatchEvent(new Event('controllerchange'));
    expect(reloads).toBe(1);
  });

  it('never registers or reloads on a dev client', async () => {
    let registered = 0;
    const { container } = fakeContainer(false);
    (container as unknown as { register: () => Promise<unknown> }).register = async () => (registered += 1);
    stop = startServiceWorker({ clientBuild: 'dev', container, reload: () => (reloads += 1) });
    await tick();
    $serverBuild.set('b2');
    considerUpdate('route');
    expect(registered).toBe(0);
    expect(reloads).toBe(0);
  });
});
