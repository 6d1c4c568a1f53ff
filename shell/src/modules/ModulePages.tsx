import { Component, Suspense, useEffect, type ReactNode } from 'react'
import { useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { Button, ErrorCard, Loading } from '@atende/ui'
import { useModules } from './ModulesProvider.tsx'

/** Keeps a crashing module page from taking the shell down. */
export class ModuleBoundary extends Component<{ name: string; children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null }
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  render() {
    if (this.state.error) return <ModuleErrorCard name={this.props.name} details={this.state.error.message} />
    return this.props.children
  }
}

export function ModuleErrorCard({ name, details, onRetry }: { name: string; details?: string; onRetry?: () => void }) {
  const { t } = useTranslation()
  return (
    <div className="p-6">
      <ErrorCard
        title={t('modules.loadError', { name })}
        details={
          <>
            {t('modules.loadErrorHint')}
            {details && (
              <details className="mt-2">
                <summary className="cursor-pointer">{t('modules.technicalDetails')}</summary>
                <span className="mt-1 block font-mono text-xs">{details}</span>
              </details>
            )}
          </>
        }
        action={
          onRetry && (
            <Button variant="secondary" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          )
        }
      />
    </div>
  )
}

export function ModulePage({ name, children }: { name: string; children: ReactNode }) {
  return (
    <ModuleBoundary name={name}>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </ModuleBoundary>
  )
}

export function FailedModulePage({ name }: { name: string }) {
  const { modules, retry } = useModules()
  const state = modules.find((m) => m.manifest.name === name)
  return (
    <ModuleErrorCard
      name={name}
      details={state?.status === 'failed' ? state.error : undefined}
      onRetry={() => void retry(name)}
    />
  )
}

export const REDIRECT_MS = 1000

/** A page of a module the plan lacks: say so, then go home after 1 s. */
export function PlanDenied() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  useEffect(() => {
    const id = setTimeout(() => navigate('/', { replace: true }), REDIRECT_MS)
    return () => clearTimeout(id)
  }, [navigate])
  return (
    <div className="p-6">
      <ErrorCard title={t('modules.planDenied')} />
    </div>
  )
}

export function NotFound() {
  const { t } = useTranslation()
  return (
    <div className="p-6">
      <ErrorCard title={t('modules.notFound')} />
    </div>
  )
}
