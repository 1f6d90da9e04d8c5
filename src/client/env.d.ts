/** Set per build by vite.config.ts `define`; absent in unit tests. */
declare const __BUILD_ID__: string | undefined;
