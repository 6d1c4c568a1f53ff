import { useTranslation } from 'react-i18next'
import { useSession } from '@atende/client'
import { CopyButton } from './CopyButton.tsx'
import { curlExamples } from './endpoints.ts'

/** curl commands for the main calls, each with a copy button. */
export function UsageExamples({ base }: { base: string }) {
  const { t } = useTranslation()
  const { companyId } = useSession()
  const placeholder = t('apiTokens.examples.token')
  return (
    <section aria-labelledby="api-examples-title" className="flex flex-col gap-3">
      <h2 id="api-examples-title" className="text-base font-semibold">
        {t('apiTokens.examples.title')}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t('apiTokens.examples.hint', { token: placeholder })}
      </p>
      {curlExamples(base, companyId, placeholder).map((ex) => (
        <Example key={ex.key} title={t(`apiTokens.examples.${ex.key}`)} command={ex.command} />
      ))}
    </section>
  )
}

/** A ready command with its title and a copy button. */
export function Example({ title, command }: { title: string; command: string }) {
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="flex items-center justify-between gap-2 text-sm font-medium">
        {title}
        <CopyButton text={command} />
      </figcaption>
      <pre className="overflow-x-auto rounded-md bg-slate-900 p-3 font-mono text-xs text-slate-100">{command}</pre>
    </figure>
  )
}
