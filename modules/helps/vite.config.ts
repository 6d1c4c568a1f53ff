import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { federation } from '@module-federation/vite'

const NAME = 'helps'

// Must match the shell's shared list (shell/vite.config.ts): one React, router, i18n, ui and client.
const singleton = (requiredVersion: string) => ({ singleton: true, requiredVersion })
const shared = {
  react: singleton('19.3.1'),
  'react-dom': singleton('19.3.1'),
  'react-router-dom': singleton('7.18.5'),
  jotai: singleton('2.20.3'),
  i18next: singleton('26.7.2'),
  'react-i18next': singleton('17.1.13'),
  '@atende/ui': singleton('1.0.1'),
  '@atende/client': singleton('1.0.1'),
}

// Served by the kernel at /modules/<name>/ (core/kernel/src/web.ts).
export default defineConfig({
  base: `/modules/${NAME}/`,
  plugins: [
    react(),
    tailwindcss(),
    federation({ name: NAME, filename: 'remoteEntry.js', exposes: { './module': './src/index.ts' }, shared, dts: false }),
  ],
  build: { target: 'esnext', outDir: 'dist', emptyOutDir: true },
})
