import { defineConfig } from 'vite'
import { moduleViteConfig } from '@atende/ui/federation'

// Served by the kernel at /modules/files/ (core/kernel/src/web.ts).
export default defineConfig(moduleViteConfig('files'))
