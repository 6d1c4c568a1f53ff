import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { moduleViteConfig } from '@atende/ui/federation'

// The module's sources live in module/ and its build in dist/module/, the manifest's moduleDir.
const settings = moduleViteConfig('nps')
export default defineConfig({
  ...settings,
  root: fileURLToPath(new URL('./module', import.meta.url)),
  build: { ...settings.build, outDir: fileURLToPath(new URL('./dist/module', import.meta.url)) },
})
