/** The pixi.js release every patch in this folder was written for and is tested against (no imports: the build reads it too). */
export const PIXI_WRITTEN_FOR = '8.22.0';
