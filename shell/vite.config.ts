import { defineConfig } from 'vite'
import { shellViteConfig } from '@atende/ui/federation'

export default defineConfig(shellViteConfig(process.env.ATENDE_API ?? 'http://127.0.0.1:8080'))
