/**
 * The one Pixi stage of the app, created once behind the React HUD. Scenes are swapped through the
 * SceneManager; the root container is scaled so scenes draw in 1080-wide design pixels.
 */
import { Application, Container } from 'pixi.js';
import { SceneManager, type Scene } from './scene';
import { computeLayout, watchLayout, type Layout } from './resize';

/** The mounted stage. */
export interface Stage {
  app: Application;
  /** Scaled to design pixels. */
  root: Container;
  scenes: SceneManager;
  /** The latest layout. */
  layout(): Layout;
}

let mounting: Promise<Stage | null> | null = null;
let pendingScene: Scene | null = null;
let mounted: Stage | null = null;

/**
 * Creates the stage inside `parent` the first time; later calls (React StrictMode, remounts) move the same
 * canvas into the new parent. Resolves null when WebGL is unavailable: the HUD still works without it.
 */
export function mountStage(parent: HTMLElement): Promise<Stage | null> {
  if (mounted) {
    if (mounted.app.canvas.parentElement !== parent) parent.appendChild(mounted.app.canvas);
    return Promise.resolve(mounted);
  }
  mounting ??= create(parent).catch((err: unknown) => {
    console.error('The stage could not start; continuing without it', err);
    return null;
  });
  return mounting;
}

async function create(parent: HTMLElement): Promise<Stage> {
  const app = new Application();
  let layout = computeLayout(window.innerWidth, window.innerHeight);
  await app.init({
    width: layout.width,
    height: layout.height,
    backgroundAlpha: 0,
    antialias: true,
    autoDensity: true,
    resolution: Math.min(window.devicePixelRatio || 1, 2),
    preference: 'webgl',
  });
  app.canvas.setAttribute('aria-hidden', 'true');
  app.canvas.dataset.testid = 'stage';
  parent.appendChild(app.canvas);
  const root = new Container();
  app.stage.addChild(root);
  const scenes = new SceneManager(root, layout);
  watchLayout((next) => {
    layout = next;
    app.renderer.resize(next.width, next.height);
    root.scale.set(next.scale);
    scenes.resize(next);
  });
  app.ticker.add((ticker) => scenes.update(ticker.deltaMS));
  mounted = { app, root, scenes, layout: () => layout };
  if (pendingScene) void scenes.show(pendingScene);
  return mounted;
}

/** Shows a scene on the stage (remembered until the stage exists). */
export function showScene(scene: Scene | null): void {
  pendingScene = scene;
  if (mounted) void mounted.scenes.show(scene);
}
