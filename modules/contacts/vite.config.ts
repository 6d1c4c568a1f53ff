import { defineConfig } from 'vite'
import { moduleViteConfig } from '@atende/ui/federation'

// Served by the kernel at /modules/contacts/ (core/kernel/src/web.ts). The spreadsheet reader runs in
// a Web Worker (src/import/xlsx.worker.ts), which Vite bundles on its own.
export default defineConfig(moduleViteConfig('contacts'))
