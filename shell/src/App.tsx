import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom'
import { ClientProvider } from '@atende/client'
import { client, setLoginNavigator } from './client.ts'
import { guardCuts, Loading, toast, Toaster } from '@atende/ui'
import { useSession } from '@atende/client'
import { Layout } from './layout/Layout.tsx'
import { CompanySettingsProvider } from './layout/CompanySettings.tsx'
import { ModulesProvider, useModules } from './modules/ModulesProvider.tsx'
import { FailedModulePage, ModulePage, NotFound, PlanDenied } from './modules/ModulePages.tsx'
import { planGated } from './modules/planRoutes.ts'
import Login from './pages/Login.tsx'
import { useSessionLapsed } from './session.ts'

const Signup = lazy(() => import('./pages/Signup.tsx'))
const ForgotPassword = lazy(() => import('./pages/ForgotPassword.tsx'))

/** Signed-in users on a public page go to /. */
function PublicOnly({ children }: { children: ReactNode }) {
  return useSession().user ? <Navigate to="/" replace /> : <>{children}</>
}

/**
 * Unknown private paths: wait for the modules, then pages the plan (or the cshow flag) lacks say so
 * and go home; the rest — a module not installed yet, a mistyped address — are a plain 404.
 */
function Fallback({ lapsed }: { lapsed: boolean }) {
  const { status, deniedRoutes, cshowRoutes, routes } = useModules()
  const { pathname } = useLocation()
  if (status === 'loading' || status === 'idle') return <Loading />
  // A restricted session (an expired company's admin) only renews: its other pages go to billing.
  if (lapsed && routes.length) return <Navigate to={routes[0].path} replace />
  const cshow = client.session.getPreference('cshow') != null
  return planGated(pathname, { deniedRoutes, cshowRoutes, cshow }) ? <PlanDenied /> : <NotFound />
}

function PrivateArea() {
  const { user } = useSession()
  const { routes, modules } = useModules()
  const lapsed = useSessionLapsed(user)
  if (!user) return <Navigate to="/login" replace />
  return (
    <CompanySettingsProvider companyId={user.companyId}>
      <Routes>
        <Route element={<Layout user={user} lapsed={lapsed} />}>
          <Route index element={lapsed ? <Fallback lapsed /> : <Navigate to="/tickets" replace />} />
          {routes.map((r) => (
            <Route
              key={`${r.module}:${r.path}`}
              path={r.path}
              element={
                <ModulePage name={r.module}>
                  <r.element />
                </ModulePage>
              }
            />
          ))}
          {modules
            .filter((m) => m.status === 'failed')
            .map((m) => (
              <Route
                key={`failed:${m.manifest.name}`}
                path={`/${m.manifest.name}/*`}
                element={<FailedModulePage name={m.manifest.name} />}
              />
            ))}
          <Route path="*" element={<Fallback lapsed={lapsed} />} />
        </Route>
      </Routes>
    </CompanySettingsProvider>
  )
}

/** Lets the client's session-end handler reach /login without a page reload. */
function LoginNavigator() {
  const navigate = useNavigate()
  useEffect(() => setLoginNavigator(() => navigate('/login', { replace: true })), [navigate])
  return null
}

/** Says so whenever a box's limit cuts what was pasted or typed (nothing is cut silently). */
function CutNotice() {
  const { t } = useTranslation()
  useEffect(() => guardCuts(document, (max) => toast.warning(t('validation.cut', { max }), 4000)), [t])
  return null
}

export function App() {
  return (
    <ClientProvider client={client}>
      <BrowserRouter>
        <LoginNavigator />
        <CutNotice />
        <ModulesProvider>
          <Suspense fallback={<Loading />}>
            <Routes>
              <Route
                path="/login"
                element={
                  <PublicOnly>
                    <Login />
                  </PublicOnly>
                }
              />
              <Route
                path="/signup"
                element={
                  <PublicOnly>
                    <Signup />
                  </PublicOnly>
                }
              />
              <Route
                path="/forgetpsw"
                element={
                  <PublicOnly>
                    <ForgotPassword />
                  </PublicOnly>
                }
              />
              <Route path="/*" element={<PrivateArea />} />
            </Routes>
          </Suspense>
          <Toaster />
        </ModulesProvider>
      </BrowserRouter>
    </ClientProvider>
  )
}
