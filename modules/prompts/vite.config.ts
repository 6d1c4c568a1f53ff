import { defineConfig } from 'vite'
import { moduleViteConfig } from '@atende/ui/federation'

// Served by the kernel at /modules/prompts/ (core/kernel/src/web.ts).
export default defineConfig(moduleViteConfig('prompts'))
