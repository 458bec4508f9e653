// This file runs in Node at build time and is never bundled, so a node: import is fine here.
// eslint-disable-next-line no-restricted-imports
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin, type UserConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { VitePWA } from 'vite-plugin-pwa'

const contractEntry = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url))

/**
 * Two pages: index.html runs the whole app (every route), landing.html runs `/` alone (ADR 014).
 * They differ only in their entry script (src/pages.test.ts holds them together).
 */
const pages = {
  main: fileURLToPath(new URL('./index.html', import.meta.url)),
  landing: fileURLToPath(new URL('./landing.html', import.meta.url)),
}

/**
 * Where the dev server forwards API calls. Defaults to the local Fastify API; override with
 * SINTONIA_API_URL (e.g. to point at a mock or a remote instance).
 */
const apiTarget = process.env.SINTONIA_API_URL ?? 'http://localhost:3000'

/**
 * The installable app (docs/offline.md): our own service worker (src/sw.ts, strategy
 * injectManifest) gets the precache list of the build, and the web app manifest is generated
 * from here. The app registers the worker itself (src/pwa/register.ts, a dynamic import after
 * the page loaded), so nothing is injected into the landing's entry chunk.
 */
/**
 * The landing's first paint is its title, in the display face: its one file is preloaded there, so
 * the title is drawn in it rather than swapped in after (docs/design.md#type).
 */
function preloadDisplayFont(): Plugin {
  return {
    name: 'sintonia-preload-display-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.filename.endsWith('landing.html') || !context.bundle) return html
        const font = Object.keys(context.bundle).find((name) => /fraunces-latin-600-normal-[\w-]+\.woff2$/.test(name))
        if (!font) return html
        return [{ tag: 'link', attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' }]
      },
    },
  }
}

const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
  injectManifest: {
    // The app shell: every chunk (routes are lazy, so all of them), styles, fonts, icons and
    // index.html. The fallback background track is precached too, so music plays offline even
    // before any track was kept.
    globPatterns: ['**/*.{js,css,html,woff2,svg,png,webmanifest,mp3}'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
  manifest: {
    id: '/dashboard',
    name: 'Sintonia — áudios de reprogramação mental',
    short_name: 'Sintonia',
    description: 'Áudios guiados de reprogramação mental para ouvir todos os dias, também sem internet.',
    lang: 'pt-BR',
    dir: 'ltr',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    // The header is white and the boot screen uses the surface colour (src/styles.css).
    theme_color: '#ffffff',
    background_color: '#fbfaff',
    categories: ['health', 'lifestyle'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
})

/** Contract modules are pure declarations (zod schemas, constants, helpers): droppable when unused. */
const contractHasNoSideEffects = { test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }

/**
 * `vite build --ssr src/ssr/render-landing.tsx` (scripts/build.mjs runs it after the browser build):
 * the landing's server render, one self-contained ES module for Node that the API loads at start
 * (ADR 013). Every package is bundled in, so it runs wherever the API runs. React's build follows
 * the build's NODE_ENV (production unless set), as the JSX transform does, whatever NODE_ENV the
 * API later runs with.
 */
const ssrConfig = (): UserConfig => ({
  plugins: [react()],
  resolve: { alias: [{ find: /^@sintonia\/contract$/, replacement: contractEntry }] },
  define: { 'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV ?? 'production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    outDir: 'dist-ssr',
    emptyOutDir: true,
    copyPublicDir: false,
    sourcemap: false,
    target: 'node20',
    rolldownOptions: {
      output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      treeshake: { moduleSideEffects: [contractHasNoSideEffects] },
    },
  },
})

/**
 * The chunk that holds the app's router (app/start-app.tsx and its route table). A dynamic import
 * made by it loads a page the visitor is waiting for; so does the landing's import of it.
 */
const APP_CHUNK = /(^|\/)start-app-[^/]+\.js$/

/**
 * Preload a dynamic import's dependencies (one <link rel="modulepreload"> each, inserted by Vite's
 * helper when the import runs) only when it loads a page: a route, or the whole app from the
 * landing. Lazy parts of a page (icons, the landing's sections below the hero, the toast outlet,
 * analytics, realtime) let the browser find their imports itself: on the landing, inserting a link
 * per dependency cost ~50 ms of main thread while the page was hydrating (docs/performance.md).
 */
function preloadOnlyPages(filename: string, deps: string[], { hostId }: { hostId: string }): string[] {
  if (process.env.DEBUG_PRELOAD) console.log('preload', hostId, '→', filename, deps.length)
  return APP_CHUNK.test(filename) || APP_CHUNK.test(hostId) ? deps : []
}

const browserConfig = defineConfig({
  plugins: [react(), tailwindcss(), pwa, preloadDisplayFont()],
  resolve: {
    // The contract package ships TypeScript sources; point straight at them so dev, build and
    // tests resolve the same file whether or not the workspace symlink exists.
    alias: [{ find: /^@sintonia\/contract$/, replacement: contractEntry }],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // Keep the Host header of the dev server (no changeOrigin) so the API's origin check and
      // cookies behave as they do behind the production same-origin setup.
      '/api': { target: apiTarget, ws: true },
      '/sandbox': { target: apiTarget },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: apiTarget, ws: true },
      '/sandbox': { target: apiTarget },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    assetsDir: 'assets',
    target: 'es2022',
    modulePreload: { resolveDependencies: preloadOnlyPages },
    rolldownOptions: {
      input: pages,
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
      treeshake: {
        // The contract package is pure declarations (zod schemas, constants, helpers). Marking it
        // side-effect free lets the bundler drop the schema modules a page does not use.
        moduleSideEffects: [contractHasNoSideEffects],
      },
    },
  },
})

export default defineConfig((env) => (env.isSsrBuild ? ssrConfig() : browserConfig))
