import { defineConfig } from 'vite'
import { moduleViteConfig } from '@atende/ui/federation'

// Served by the kernel at /modules/audit/ (core/kernel/src/web.ts).
export default defineConfig(moduleViteConfig('audit'))
