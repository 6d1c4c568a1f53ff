import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { moduleViteConfig } from '@atende/ui/federation'

// The module's sources live in module/ and its build in dist/module/, the manifest's moduleDir.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))
const settings = moduleViteConfig('nps', here('./module/src/index.ts'))
export default defineConfig({
  ...settings,
  root: here('./module'),
  build: { ...settings.build, outDir: here('./dist/module') },
})
