import { defineConfig } from 'vite'
import { moduleViteConfig } from '@atende/ui/federation'

// Served by the kernel at /modules/api/ (core/kernel/src/web.ts).
export default defineConfig(moduleViteConfig('api'))
