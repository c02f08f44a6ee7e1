/**
 * Bench-only page for `npm run bench:frames` (never part of the app bundle): the real Pixi stage and the real
 * EidolScene over FIXTURE data (a round, an eidol, 7 days of history and numbers) so it runs without a
 * server. Frames are driven by hand — scene update + render, timed with performance.now() — while a
 * scripted swipe moves the risk angle up and down. Bids resolve locally: the bench measures drawing only.
 * The forum scenario: the real WorldScene with 500 masters (and a few inscriptions) that all walk in
 * forumupd-sized batches every 200 ms, while the own avatar swipes back and forth through the inertia law.
 * The bare-Pixi baseline: as many plain Sprites as the forum draws (counted after its warm-up: sprites and
 * particles, the atlas frames it drew and as many labels on one canvas page), in one container that scrolls,
 * every sprite moved each frame as a walker would be; no scene code at all.
 */
import { Application, CanvasSource, Container, ParticleContainer, Rectangle, Sprite, Texture, type Particle } from 'pixi.js';
import { SceneManager } from '../../../src/client/engine/scene';
import { computeLayout, DESIGN_WIDTH } from '../../../src/client/engine/resize';
import { loadAtlases } from '../../../src/client/engine/atlas';
import { EidolScene } from '../../../src/client/game/eidol/eidolScene';
import { RiskAngleControl } from '../../../src/client/game/eidol/riskAngleControl';
import { $eidolBands, $eidolHistory, $numberSamples } from '../../../src/client/game/eidol/eidolStores';
import { $game, $selectedEidolId } from '../../../src/client/stores/game';
import { $session } from '../../../src/client/stores/session';
import type { User } from '../../../src/shared/api/user';
import type { EidolTransaction, EidolView, GameView } from '../../../src/shared/api/game';
import type { WorldObject } from '../../../src/shared/api/rooms';
import { FORUM } from '../../../src/shared/rules/world';
import { WorldScene } from '../../../src/client/game/world/worldScene';
import { WorldControl } from '../../../src/client/game/world/worldControl';
import { $ownObjectId, $ownPosition, $worldObjects } from '../../../src/client/game/world/worldStores';
import { setOption } from '../../../src/client/stores/options';
import { registerStageUploads } from '../../../src/client/engine/stageUploads';

/** A measured scenario: the eidol scene swiping or idle, the forum walking or idle, or the empty stage. */
export type Mode = 'scene' | 'idle' | 'empty' | 'forum' | 'forum-idle' | 'bare';

/** What the bench runner calls. */
export interface FramesBench {
  /**
   * Runs `frames` frames with the eidol scene during the scripted swipe ('scene'), the eidol scene with no
   * finger down ('idle'), the forum with 500 walking masters and the own avatar swiping ('forum'), the
   * forum with nobody moving ('forum-idle'), the bare-Pixi crowd ('bare', after `countForum`), or the empty
   * stage ('empty'); returns JS ms per frame.
   */
  run(mode: Mode, frames: number): Promise<{ total: number[]; update: number[] }>;
  /** Counts what the forum draws now (it must be shown) and builds the bare-Pixi crowd of as many sprites. */
  countForum(): { sprites: number; labels: number };
  /** Runs `frames` frames of `mode` counting the WebGL calls made (by name; `bufferSubData` also in bytes). */
  glCalls(mode: Mode, frames: number): Promise<Record<string, number>>;
}

declare global {
  interface Window {
    framesBench?: FramesBench;
  }
}

const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

function fixtures(now: number) {
  const eidol: EidolView = {
    id: 3,
    value: '412.5',
    maxValue: '400',
    top_value: '480',
    no_loss_value: '400',
    multiplier: 1.3,
    risk: '0.300',
    level: 4,
    experience: 40,
    next_level_experience: 144,
    type: 'ogle',
    rarity: 'rare',
    collection: 'basic',
    skin: { collection: 'basic', image: '', name: '' },
    data: { greedy: 3, precise: 1, apple: null },
    is_locked: false,
  };
  const game: GameView = {
    id: 2000,
    ends_at: utc(now + 3_600_000),
    can_act_before: utc(now + 3_500_000),
    is_joined: false,
    my_multiplier: 1.3,
    investor_skin_id: 1,
    senator: null,
    patricius: null,
    incense_1: '',
    incense_2: '',
    incense_3: '',
    gdao_chest_supply: '0',
    caravan: '',
    caravan_items: 0,
    chest_locked: false,
    oogles: [eidol],
    items: [],
    server_time: now,
  };
  // A round every 10 minutes for 7 days, newest first: a bet, and a win on two rounds out of three.
  const txs: EidolTransaction[] = [];
  const numbers: { amount: string; created_at: string }[] = [];
  for (let i = 0; i < 7 * 24 * 6; i++) {
    const at = now - i * 600_000;
    if (i % 3 !== 0) txs.push({ id: `w${i}`, type: 'win', amount: '1.2', game_id: 2000 - i, zone: 'top', created_at: utc(at + 1000) });
    txs.push({ id: `b${i}`, type: 'bet', amount: '-1', game_id: 2000 - i, zone: i % 3 ? 'top' : 'bot', created_at: utc(at) });
    numbers.push({ amount: (((i * 7919) % 1000) / 1000).toFixed(4), created_at: utc(at) });
  }
  return { eidol, game, txs, numbers };
}

/** Forum avatars: 500 masters around the own avatar (about a hundred on screen at once), 20 inscriptions. */
const FORUM_MASTERS = 500;
const FORUM_SCRIBES = 20;
const OWN_START = 16000;

/** Names as players choose them: mostly Latin, a tenth Cyrillic and a tenth CJK (glyphs no fixed font set holds). */
const masterName = (i: number) => (i % 10 === 3 ? `Мастер ${i}` : i % 10 === 7 ? `大师 ${i}` : `Master ${i}`);

function forumObjects(step: number): WorldObject[] {
  const list: WorldObject[] = [];
  for (let i = 0; i < FORUM_MASTERS; i++) {
    // Each master paces ±150 around its spot; a batch moves every one of them.
    const home = OWN_START - 3000 + ((i * 7919) % 6000);
    const swing = Math.round(150 * Math.sin(step * 0.7 + i));
    list.push({
      id: 10 + i,
      user_id: 1000 + i,
      type: 'master',
      name: masterName(i),
      coordinate: home + swing,
      flip: Math.cos(step * 0.7 + i) < 0,
      skin_id: 1 + (i % 6),
      puff: i % 5 === 0,
      senator: i % 7 === 0,
      patricius: i % 11 === 0,
      data: { verse: '', votes: [], limit: '' },
    });
  }
  for (let i = 0; i < FORUM_SCRIBES; i++) {
    list.push({
      id: 5000 + i,
      user_id: 1000 + i,
      type: 'scribe',
      name: `Master ${i}`,
      coordinate: OWN_START - 2000 + i * 200,
      flip: false,
      skin_id: 1,
      puff: false,
      senator: false,
      patricius: false,
      data: { verse: `Inscription number ${i} stands here`, votes: [], limit: '2030-01-01 00:00:00' },
    });
  }
  return list;
}

/** The textures of every sprite and particle drawn under `c`. */
function drawnTextures(c: Container, out: Texture[] = []): Texture[] {
  if (!c.visible) return out;
  if (c instanceof ParticleContainer) for (const p of c.particleChildren as Particle[]) out.push(p.texture);
  else if (c instanceof Sprite) out.push(c.texture);
  for (const child of c.children) drawnTextures(child, out);
  return out;
}

/** A bare Pixi crowd: one Sprite per texture (labels as frames of one canvas page of names), spread over a screen. */
function bareCrowd(atlas: Texture[], labels: number, width: number, ground: number): Container {
  const view = new Container();
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1024;
  const ctx = canvas.getContext('2d')!;
  ctx.font = '600 30px sans-serif';
  ctx.fillStyle = '#ffffff';
  const source = new CanvasSource({ resource: canvas });
  const names: Texture[] = [];
  for (let i = 0; i < 150; i++) {
    const x = (i % 5) * 200;
    const y = Math.floor(i / 5) * 34;
    ctx.fillText(masterName(i), x + 4, y + 28);
    names.push(new Texture({ source, frame: new Rectangle(x, y, 200, 34) }));
  }
  source.update();
  const all = [...atlas, ...Array.from({ length: labels }, (_, i) => names[i % names.length]!)];
  all.forEach((t, i) => {
    const s = new Sprite(t);
    s.anchor.set(0.5, 1);
    s.position.set((i * 7919) % width, ground);
    view.addChild(s);
  });
  return view;
}

async function main(): Promise<void> {
  const layout = computeLayout(window.innerWidth, window.innerHeight);
  // As the app's stage does before its renderer is made (PixiStage.tsx).
  registerStageUploads();
  const app = new Application();
  await app.init({
    width: layout.width,
    height: layout.height,
    backgroundAlpha: 0,
    antialias: true,
    autoDensity: true,
    resolution: Math.min(window.devicePixelRatio || 1, 2),
    preference: 'webgl',
    autoStart: false,
  });
  document.body.appendChild(app.canvas);
  app.ticker.stop();
  const root = new Container();
  root.scale.set(layout.scale);
  app.stage.addChild(root);
  // The bare crowd's own root: the scene manager empties `root` whenever it swaps scenes (the bare crowd was
  // added there once and silently dropped at the next swap, so the baseline drew nothing).
  const bareRoot = new Container();
  bareRoot.scale.set(layout.scale);
  app.stage.addChild(bareRoot);
  await loadAtlases();

  const now = Date.now();
  const f = fixtures(now);
  $session.set({ status: 'user', user: { level: 1 } as User, authError: false });
  $game.set({ status: 'ready', game: f.game, clockOffsetMs: 0 });
  $selectedEidolId.set(f.eidol.id);
  $eidolHistory.set({ eidolId: f.eidol.id, txs: f.txs });
  $numberSamples.set(f.numbers);
  // The bands the HUD would measure on a phone: eidol on top, then the candles, then the number chart.
  const h = layout.designHeight;
  $eidolBands.set({
    eidol: { top: 0, height: h * 0.36 },
    candles: { top: h * 0.62, height: h * 0.22 },
    numbers: { top: h * 0.85, height: h * 0.14 },
  });

  const control = new RiskAngleControl({ now: () => performance.now(), bid: () => {} });
  const scene = new EidolScene(control, { now: () => Date.now() });
  const scenes = new SceneManager(root, layout);

  const walk = new WorldControl(() => ({ titled: false, puff: true }));
  const chartApi = {
    chart: async () => ({
      ok: true as const,
      status: 200,
      data: f.numbers.map((n) => ({ amount: String(1000 + Number(n.amount) * 50), created_at: n.created_at })),
      message: '',
    }),
    numbers: async () => ({ ok: true as const, status: 200, data: f.numbers, message: '' }),
  };
  const forum = new WorldScene(FORUM, { control: walk, chartApi, clock: { now: () => Date.now() } });
  setOption('chart_mode', 4);
  $ownObjectId.set(null);
  let forumStep = 0;
  const forumBatch = () => $worldObjects.set({ ts: ++forumStep, byId: new Map(forumObjects(forumStep).map((o) => [o.id, o])) });

  let bare: Container | null = null;
  const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
  const FRAME_MS = 1000 / 60;
  const SWIPE_FRAMES = 90;

  const glCounts: Record<string, number> = {};
  let counting = false;
  /** Wraps the stage's WebGL context once: each call counted while `counting` (the wrappers cost a little). */
  const countGl = () => {
    const gl = (app.renderer as unknown as { gl: WebGL2RenderingContext }).gl as unknown as Record<string, unknown>;
    if (gl.__counted) return;
    gl.__counted = true;
    for (let proto = Object.getPrototypeOf(gl); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
      for (const key of Object.getOwnPropertyNames(proto)) {
        const d = Object.getOwnPropertyDescriptor(proto, key);
        if (!d || typeof d.value !== 'function' || key === 'constructor' || key in glCounts || Object.hasOwn(gl, key)) continue;
        const fn = d.value as (...a: unknown[]) => unknown;
        gl[key] = function (this: unknown, ...args: unknown[]) {
          if (counting) {
            glCounts[key] = (glCounts[key] ?? 0) + 1;
            if (key === 'bufferSubData' || key === 'bufferData') {
              const data = args[2] as ArrayBufferView | undefined;
              const len = args.length >= 5 ? (args[4] as number) * ((data as Float32Array)?.BYTES_PER_ELEMENT ?? 1) : data?.byteLength;
              glCounts[`${key} bytes`] = (glCounts[`${key} bytes`] ?? 0) + (len ?? 0);
            }
          }
          return fn.apply(this, args);
        };
      }
    }
  };

  window.framesBench = {
    async glCalls(mode, frames) {
      countGl();
      for (const k of Object.keys(glCounts)) delete glCounts[k];
      counting = true;
      try {
        await this.run(mode, frames);
      } finally {
        counting = false;
      }
      return { ...glCounts };
    },
    countForum() {
      const textures = drawnTextures(root);
      // Label pages are canvases of the scene (released with it); the atlases' frames outlive it.
      const atlas = textures.filter((t) => !(t.source instanceof CanvasSource));
      const labels = textures.length - atlas.length;
      bare?.destroy({ children: true });
      bare = bareCrowd(atlas, labels, DESIGN_WIDTH, layout.designHeight * 0.68);
      bare.visible = false;
      bareRoot.addChild(bare);
      return { sprites: textures.length, labels };
    },
    async run(mode, frames) {
      const isForum = mode === 'forum' || mode === 'forum-idle';
      if (isForum) {
        $ownPosition.set({ coordinate: OWN_START, flip: false, moving: false });
        forumBatch();
      }
      await scenes.show(mode === 'empty' || mode === 'bare' ? null : isForum ? forum : scene);
      if (bare) bare.visible = mode === 'bare';
      const total: number[] = [];
      const update: number[] = [];
      let y = 600;
      let x = 700;
      for (let i = 0; i < frames; i++) {
        await frame();
        const phase = i % (2 * SWIPE_FRAMES);
        const at = i * FRAME_MS;
        if (mode === 'forum') {
          // The own avatar: a finger drags left for 30 frames, lifts, then right; the rest of the cycle glides.
          if (phase === 0 || phase === SWIPE_FRAMES) {
            x = 700;
            walk.pointerDown(1, x, 1200, at);
          }
          if (phase < 30 || (phase >= SWIPE_FRAMES && phase < SWIPE_FRAMES + 30)) {
            x += phase < SWIPE_FRAMES ? -6 : 6;
            walk.pointerMove(1, x, 1200, at);
          }
          if (phase === 30 || phase === SWIPE_FRAMES + 30) walk.pointerUp(1, x, 1200, at);
        }
        // The scripted swipe: a finger goes up for 90 frames, then down for 90 frames, and so on.
        if (mode === 'scene') {
          if (phase === 0 || phase === SWIPE_FRAMES) {
            control.touchEnd(1);
            y = 600;
            // The drag is positional: a control as high as one swipe's travel takes it across the whole 0–90°.
            control.touchStart(1, y, SWIPE_FRAMES * 4);
          }
          y += phase < SWIPE_FRAMES ? -4 : 4;
          control.touchMove(1, y);
        }
        const t0 = performance.now();
        // forumupd arrives about every 200 ms (12 frames) with every master moved: applied inside the frame
        // (building the new objects map included, as the world sync would).
        if (mode === 'forum' && i % 12 === 0) forumBatch();
        if (mode === 'bare' && bare) {
          // The camera glides and every sprite walks a step: the plain way, a write to each sprite's x.
          bare.x = -40 * Math.sin(i / 30);
          const step = phase < SWIPE_FRAMES ? 1 : -1;
          for (const c of bare.children) c.x += step;
        }
        scenes.update(FRAME_MS);
        const t1 = performance.now();
        app.renderer.render(app.stage);
        const t2 = performance.now();
        update.push(t1 - t0);
        total.push(t2 - t0);
      }
      control.touchEnd(1);
      walk.pointerCancel(1);
      return { total, update };
    },
  };
  document.body.dataset.ready = '1';
}

void main().catch((err: unknown) => {
  document.body.dataset.error = String(err);
  console.error(err);
});
