/**
 * The browser extensions of Pixi this app uses: Application.init loads this module in place of pixi.js's
 * browserAll (vite.config.ts swaps it, src/client/engine/pixi-internals/buildPlugins.ts). browserAll brings pointer events,
 * accessibility, DOM containers and filters (~15 KB gzip on the way to home). None is used: the stage takes
 * no pointer input (real HUD buttons and engine/input.ts do), is hidden from assistive technology (the HUD
 * carries every word and action), and draws no filters or masks. Rendering and sprite sheets come with pixi.js
 * itself. A scene that needs one of them imports it here ('pixi.js/events', 'pixi.js/filters'), so it is
 * registered before the renderer starts.
 */
export {};
