import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { transformAsync, type ParserOptions } from '@babel/core';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

const servicePort = Number(process.env.PORT ?? 8080);
const serviceUrl = `http://127.0.0.1:${servicePort}`;

const SOURCE = /\.[cm]?[jt]sx?(?:$|\?)/;
const DEPENDENCY = /[/\\]node_modules[/\\]/;
const MACRO_IMPORT = /@lingui\/(?:[a-z]+\/)?macro/;

function syntaxOf(id: string): NonNullable<ParserOptions['plugins']> {
  const path = id.replace(/\?.*$/, '');
  if (path.endsWith('.tsx')) return ['typescript', 'jsx'];
  if (/\.[cm]?ts$/.test(path)) return ['typescript'];
  return ['jsx'];
}

/**
 * Compiles the Lingui macros with Babel ahead of the React plugin's Oxc transform.
 * In-repo instead of @rolldown/plugin-babel, whose every release declares Node >= 22.12.
 */
function linguiMacros(): Plugin {
  return {
    name: 'lingui-macros',
    enforce: 'pre',
    transform: {
      filter: { id: { include: SOURCE, exclude: DEPENDENCY }, code: MACRO_IMPORT },
      async handler(code, id) {
        const result = await transformAsync(code, {
          filename: id,
          babelrc: false,
          configFile: false,
          sourceMaps: true,
          parserOpts: { sourceType: 'module', allowAwaitOutsideFunction: true, plugins: syntaxOf(id) },
          plugins: ['@lingui/babel-plugin-lingui-macro'],
        });
        return result?.code == null ? null : { code: result.code, map: result.map };
      },
    },
  };
}

/**
 * Keeps the entity lists (src/entities/*.gen.ts, scripts/entities.mjs) in step with the folders:
 * before a build, at dev-server start, and when a file is added to or removed from src/entities/.
 */
function entityLists(): Plugin {
  const script = fileURLToPath(new URL('./scripts/entities.mjs', import.meta.url));
  const generate = () => {
    execFileSync(process.execPath, [script], { stdio: 'inherit' });
  };
  return {
    name: 'entity-lists',
    buildStart: generate,
    configureServer(server) {
      const entities = fileURLToPath(new URL('./src/entities/', import.meta.url));
      const changed = (path: string) => {
        if (!path.startsWith(entities) || path.endsWith('.gen.ts')) return;
        try {
          generate();
        } catch {
          // The script printed why (an incomplete folder); the next change tries again.
        }
      };
      server.watcher.on('add', changed);
      server.watcher.on('unlink', changed);
      server.watcher.on('unlinkDir', changed);
    },
  };
}

/** Plugins the app and the client unit tests share (router codegen, Lingui macros, React). */
export function appPlugins(): PluginOption[] {
  return [
    entityLists(),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/client/routes',
      generatedRouteTree: 'src/client/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    linguiMacros(),
    react(),
    lingui(),
  ];
}

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(process.env.BUILD_ID ?? Date.now().toString(36)) },
  plugins: [
    ...appPlugins(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Safety Console',
        short_name: 'Safety',
        description: 'Connected safety devices and emergencies',
        lang: 'zh-CN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#0b1e3a',
        theme_color: '#1c7ed6',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The offline basemap (about 1.1 MB of GeoJSON) and its glyphs (about 0.4 MB) too, so a map
        // opens offline even on a device that never showed one online.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,json,mp3}', 'map/**/*.{geojson,pbf}'],
        // Agora's SDK (1.5 MB) is fetched only by a console whose service has Agora keys, and Agora
        // needs the network anyway: no console downloads it at install.
        globIgnores: ['assets/agora-*.js'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      includeManifestIcons: false,
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    // Agora's SDK is one 1.5 MB chunk, loaded only with Agora keys (src/client/features/media/agora.ts).
    chunkSizeWarningLimit: 1600,
    modulePreload: {
      // The page's own imports are preloaded from index.html. A lazy screen's scripts are not:
      // each preload was a <link> appended on the main thread (about 150 ms for a list screen's
      // hundred files at an offline start, which measured slower than letting the screen's imports
      // fetch them from the precache); only its styles are fetched ahead, so it never draws unstyled.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
  },
  server: {
    port: 5173,
    proxy: {
      // The voice-broadcast socket lives under /api; it must be matched before the plain /api proxy.
      '/api/voice/ws': { target: serviceUrl.replace('http', 'ws'), ws: true },
      '/api': { target: serviceUrl, changeOrigin: false },
      '/mqtt': { target: serviceUrl.replace('http', 'ws'), ws: true },
    },
  },
});
