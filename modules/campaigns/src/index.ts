import { lazy } from 'react'
import { defineModule, menuItems } from '@atende/ui'
import menu from './menu.json'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'
import { withCampaignTexts } from './campaigns/i18n/index.ts'

/**
 * Campaigns: the screens over
 * plugins/campaigns. The shell loads it when the company's plan has useCampaigns; these are cshow
 * pages, so their drawer items show only while the company setting campaignsEnabled is 'true' and
 * the pages check it themselves (access.tsx). Each page is one entry below: /campaigns,
 * /campaigns-config and /campaign/:id/report join the contact-list pages here.
 */
export default defineModule({
  name: 'campaigns',
  routes: [
    { path: '/contact-lists', element: lazy(() => import('./contact-lists/ContactListsPage.tsx')) },
    { path: '/contact-lists/:id/contacts', element: lazy(() => import('./contact-lists/ContactListItemsPage.tsx')) },
    { path: '/campaigns', element: lazy(() => import('./campaigns/CampaignsPage.tsx')) },
    { path: '/campaigns-config', element: lazy(() => import('./campaigns/CampaignsConfigPage.tsx')) },
    { path: '/campaign/:id/report', element: lazy(() => import('./campaigns/CampaignReportPage.tsx')) },
  ],
  menu: menuItems(menu),
  i18n: withCampaignTexts({ pt, en, es }),
})
