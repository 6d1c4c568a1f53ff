import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { moduleViteConfig } from '@atende/ui/federation'

// The kit's federation settings (one React, router, i18n, kit and client with the shell). The module's
// sources live in module/ and its build in dist/module/, the manifest's moduleDir.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))
const settings = moduleViteConfig('__name__', here('./module/src/index.ts'))
export default defineConfig({ ...settings, root: here('./module'), build: { ...settings.build, outDir: here('./dist/module') } })
