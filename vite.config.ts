import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { linguiMacros } from './scripts/vite-lingui-macros';

const servicePort = Number(process.env.PORT ?? 8080);
const serviceUrl = `http://127.0.0.1:${servicePort}`;

/** Plugins the app and the client unit tests share (router codegen, Lingui macros, React). */
export function appPlugins(): PluginOption[] {
  return [
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
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,json,mp3}'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      includeManifestIcons: false,
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
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
