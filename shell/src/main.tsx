import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './index.css'
import './i18n/index.ts'
import './theme.ts'
import { App } from './App.tsx'
import { client } from './client.ts'
import { cachedManifests, preloadRemotes } from './modules/loader.ts'

// An expired (or nearly expired) token is refreshed before the first load.
async function start() {
  // The remotes of the last visit start downloading now, alongside the session refresh and the modules list.
  preloadRemotes(cachedManifests(client.session.getCompanyId()))
  await client.api.restoreSession()
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}
void start()
