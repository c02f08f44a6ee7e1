/**
 * The stage's WebGL context, made before Pixi starts, one piece a task. Left to Pixi's init, the context's
 * creation, the throwaway contexts it checks support and reads shader precision from and the rest of its start
 * made one task of ~50 ms observed (~200 ms on a phone's CPU), the longest of home's load (issue #8); Pixi takes
 * a context it is given (`context` option) as it would its own.
 */
import { nextTask } from './nextTask';

/** The options of the stage that decide the context's attributes (engine/stage.ts `stageOptions`). */
export interface StageContextOptions {
  backgroundAlpha: number;
  antialias: boolean;
  /** The stage's size in CSS pixels and its resolution: the canvas is sized as Pixi will size it. */
  width: number;
  height: number;
  resolution: number;
}

/** The attributes Pixi's WebGL renderer asks a context for with these options (GlContextSystem's defaults). */
export function stageContextAttributes(options: StageContextOptions): WebGLContextAttributes {
  return {
    alpha: options.backgroundAlpha < 1,
    premultipliedAlpha: true,
    antialias: options.antialias,
    stencil: true,
    preserveDrawingBuffer: false,
    powerPreference: 'default',
  };
}

/**
 * Readies WebGL for the stage on `canvas` in a task of its own: the canvas's WebGL 2 context; returns the
 * context, or null where there is none (Pixi then chooses as it would alone).
 */
export async function prepareStageContext(
  canvas: HTMLCanvasElement,
  options: StageContextOptions,
  yieldTask: () => Promise<void> = nextTask,
): Promise<WebGL2RenderingContext | null> {
  await yieldTask();
  // Sized first, as Pixi's view will size it: a context made at the default 300×150 had its drawing buffer
  // made again when Pixi resized the canvas, inside its start.
  canvas.width = options.width * options.resolution;
  canvas.height = options.height * options.resolution;
  const gl = canvas.getContext('webgl2', stageContextAttributes(options));
  return gl;
}
