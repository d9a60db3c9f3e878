import { resolve } from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { viteFastify } from '@fastify/vite/plugin'
import { precompress } from './scripts/build/precompress.ts'

const projectRoot = import.meta.dirname

export default defineConfig({
  root: resolve(projectRoot, 'client'),
  publicDir: resolve(projectRoot, 'public'),
  plugins: [viteFastify(), react(), tailwindcss(), precompress()],
  build: {
    outDir: resolve(projectRoot, 'dist'),
    emptyOutDir: true,
    // Modern browsers only: smaller output, native module preload.
    target: 'es2022',
    assetsInlineLimit: 0,
  },
  server: { fs: { allow: [projectRoot] } },
})
