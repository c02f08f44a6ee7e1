/**
 * The fixed stack's floor (issue #33, "Home's start against the fixed stack's floor"): a React root and a
 * Pixi Application drawing one sprite from one atlas sheet, nothing else. `bench:lighthouse` loads it beside
 * home, from the same server, and prints home's TBT and script time as a ratio to it. Plain Pixi as it
 * ships (no warm-up, no render on demand): one frame drawn, then the ticker stopped, so the page goes quiet.
 */
// The server's CSP has no 'unsafe-eval': Pixi's eval-free shader code, as the app's stage imports it.
import 'pixi.js/unsafe-eval';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { Application, Assets, Sprite, type Spritesheet } from 'pixi.js';

createRoot(document.getElementById('root')!).render(createElement('p', null, 'The fixed stack'));

async function start(): Promise<void> {
  const app = new Application();
  await app.init({
    width: window.innerWidth,
    height: window.innerHeight,
    backgroundAlpha: 0,
    resolution: Math.min(window.devicePixelRatio || 1, 2),
    autoDensity: true,
    preference: 'webgl',
    autoStart: false,
  });
  document.body.appendChild(app.canvas);
  const sheet = await Assets.load<Spritesheet>('/atlases/full/home.json');
  const sprite = new Sprite(Object.values(sheet.textures)[0]);
  sprite.anchor.set(0.5);
  sprite.position.set(window.innerWidth / 2, window.innerHeight / 3);
  sprite.scale.set(Math.min(1, (window.innerWidth * 0.6) / sprite.texture.width));
  app.stage.addChild(sprite);
  app.render();
}

void start();
