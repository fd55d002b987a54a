import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import preact from '@preact/preset-vite'

const webDir = fileURLToPath(new URL('.', import.meta.url))

// `npx vite --config web/vite.config.ts` proxies the API to a running Litehouse (LITEHOUSE_URL).
export default defineConfig({
  root: webDir,
  base: '/',
  plugins: [preact()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false
  },
  server: {
    proxy: { '/api': process.env.LITEHOUSE_URL ?? 'http://127.0.0.1:3000' }
  }
})
