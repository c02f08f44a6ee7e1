/**
 * Dev preview of a world zone drawn only from the atlases: parallax, rear and front layers, the zone's
 * props, a few masters with titles, pipe, ring and hearts, incense smoke animating. Open
 * `/scripts/art/preview/forum.html?x=8300` (map coordinate at the screen centre; `&world=ditch`).
 */
import { AnimatedSprite, Application, Container, Sprite, type Texture } from 'pixi.js';
import { loadAtlases, texture } from '../../../src/client/engine/atlas';
import {
  INCENSE_SMOKE_FRAMES,
  LIKE_HEART_FRAMES,
  PIPE_FRAME,
  PIPE_SMOKE_FRAMES,
  SELECTION_RING_FRAME,
  WORLD_LAYERS,
  masterFrame,
  titleFrame,
  worldLayerFrame,
  type WorldName,
} from '../../../src/client/engine/frameNames';
import { DITCH_PROPS, FORUM_PROPS } from './forumLayout';

const DESIGN_W = 1080;
const DESIGN_H = 1920;
const GROUND = 1500; // design y of the walking line
const PARALLAX = { parallax: 0.2, rear: 0.6, front: 1 } as const;

function tiled(tex: Texture, camera: number, speed: number, bottom: number): Container {
  const layer = new Container();
  const offset = -((camera * speed) % tex.width) - tex.width;
  for (let x = offset; x < DESIGN_W + tex.width; x += tex.width) {
    const s = new Sprite(tex);
    s.position.set(Math.round(x), bottom - tex.height);
    layer.addChild(s);
  }
  return layer;
}

async function main(): Promise<void> {
  const q = new URLSearchParams(location.search);
  const world = (q.get('world') === 'ditch' ? 'ditch' : 'forum') as WorldName;
  const camera = Number(q.get('x') ?? (world === 'forum' ? 8300 : 300));
  const app = new Application();
  const scale = Math.min(innerWidth / DESIGN_W, innerHeight / DESIGN_H);
  await app.init({ width: DESIGN_W * scale, height: DESIGN_H * scale, background: '#07060b', antialias: false });
  document.body.appendChild(app.canvas);
  await loadAtlases();
  const root = new Container();
  root.scale.set(scale);
  app.stage.addChild(root);
  const left = camera - DESIGN_W / 2;
  for (const layer of WORLD_LAYERS) {
    const tex = texture(worldLayerFrame(world, layer));
    root.addChild(tiled(tex, left, PARALLAX[layer], layer === 'front' ? GROUND + tex.height : layer === 'rear' ? GROUND : GROUND - 40));
  }
  // The front layer is drawn first (as the floor), then props and masters stand on it.
  const props = world === 'forum' ? FORUM_PROPS : DITCH_PROPS;
  for (const p of props) {
    const s = new Sprite(texture(p.frame));
    s.anchor.set(0.5, 1);
    s.position.set(p.x - left, GROUND + 8);
    if (s.x > -400 && s.x < DESIGN_W + 400) root.addChild(s);
    if (p.frame.includes('incense') && p.frame.endsWith('-lit')) {
      const smoke = new AnimatedSprite(INCENSE_SMOKE_FRAMES.map((f) => texture(f)));
      smoke.anchor.set(0.5, 1);
      smoke.position.set(s.x, s.y - s.height + 40);
      smoke.animationSpeed = 0.1;
      smoke.play();
      root.addChild(smoke);
    }
  }
  const masters = [
    { skin: 3, x: camera - 380, flip: false, title: 'S' as const, selected: false, puff: false },
    { skin: 1, x: camera - 40, flip: false, title: null, selected: true, puff: true },
    { skin: 5, x: camera + 420, flip: true, title: 'SP' as const, selected: false, puff: false },
  ];
  for (const m of masters) {
    if (m.selected) {
      const ring = new Sprite(texture(SELECTION_RING_FRAME));
      ring.anchor.set(0.5, 0.5);
      ring.position.set(m.x - left, GROUND + 4);
      root.addChild(ring);
    }
    const s = new Sprite(texture(masterFrame(m.skin)));
    s.anchor.set(0.5, 1);
    s.scale.x = m.flip ? -1 : 1;
    s.position.set(m.x - left, GROUND + 10);
    root.addChild(s);
    if (m.puff) {
      const pipe = new Sprite(texture(PIPE_FRAME));
      pipe.position.set(s.x + 8, s.y - 150);
      root.addChild(pipe);
      const smoke = new AnimatedSprite(PIPE_SMOKE_FRAMES.map((f) => texture(f)));
      smoke.position.set(pipe.x + 40, pipe.y - 90);
      smoke.animationSpeed = 0.08;
      smoke.play();
      root.addChild(smoke);
    }
    if (m.title) {
      const t = new Sprite(texture(titleFrame(m.title)));
      t.anchor.set(0.5, 1);
      t.position.set(s.x, s.y - 260);
      root.addChild(t);
    }
  }
  const heart = new Sprite(texture(LIKE_HEART_FRAMES[2]));
  heart.anchor.set(0.5);
  heart.position.set(camera - 40 - left, GROUND - 320);
  root.addChild(heart);
  document.title = `ready ${world} ${camera}`;
}

main().catch((err: unknown) => {
  document.body.textContent = String(err);
  console.error(err);
});
