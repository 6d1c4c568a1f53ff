import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { federation } from '@module-federation/vite'

// Shared singletons (ARCHITECTURE.md §3): every module must declare the same list.
const singleton = (requiredVersion: string) => ({ singleton: true, requiredVersion })
export const shared = {
  react: singleton('19.3.1'),
  'react-dom': singleton('19.3.1'),
  'react-router-dom': singleton('7.18.5'),
  jotai: singleton('2.20.3'),
  i18next: singleton('26.7.2'),
  'react-i18next': singleton('17.1.13'),
  '@atende/ui': singleton('1.0.1'),
  '@atende/client': singleton('1.0.1'),
}

const api = process.env.ATENDE_API ?? 'http://127.0.0.1:8080'

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Remotes are not known at build time: the shell registers them from GET /api/modules.
    federation({ name: 'shell', remotes: {}, shared, dts: false }),
  ],
  build: { target: 'esnext', outDir: 'dist', emptyOutDir: true },
  server: {
    port: 5173,
    proxy: { '/api': api, '/modules': api, '/socket': { target: api, ws: true } },
  },
})
