/** Types of serverBuild.mjs (plain JavaScript so `npm start` runs it without a TypeScript loader). */
export declare const SERVER_OUT: string;
/** True when the compiled server is missing or older than any of its sources. */
export declare function serverBuildStale(): boolean;
/** Pure ES-module packages compiled into the bundle. */
export declare const INLINED_PACKAGES: readonly string[];
/** Bundles `entry` into `outfile` as the server is bundled. */
export declare function bundleServer(entry: string, outfile: string): Promise<void>;
/** Compiles the server. */
export declare function buildServer(): Promise<void>;
/** Builds the server when stale. */
export declare function ensureServerBuild(): Promise<void>;
