/** Watches the page's live socket on both Socket.IO transports (HTTP long-polling first, then websocket). */
import type { Page } from '@playwright/test';

/** Resolves with the first server frame that carries `"event":"<event>"`, from either transport. */
export function nextSocketEvent(page: Page, event: string): Promise<string> {
  const marker = `"event":"${event}"`;
  return new Promise((resolve) => {
    page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.includes(marker)) resolve(payload);
      }),
    );
    page.on('response', async (res) => {
      if (!res.url().includes('/socket.io/') || res.request().method() !== 'GET') return;
      const body = await res.text().catch(() => '');
      if (body.includes(marker)) resolve(body);
    });
  });
}
