// This file runs in Node at build time and is never bundled, so a node: import is fine here.
// eslint-disable-next-line no-restricted-imports
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

const contractEntry = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url))

/**
 * Where the dev server forwards API calls. Defaults to the local Fastify API; override with
 * SINTONIA_API_URL (e.g. to point at a mock or a remote instance).
 */
const apiTarget = process.env.SINTONIA_API_URL ?? 'http://localhost:3000'

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
      treeshake: {
        // The contract package is pure declarations (zod schemas, constants, helpers). Marking it
        // side-effect free lets the bundler drop the schema modules a page does not use.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
})
