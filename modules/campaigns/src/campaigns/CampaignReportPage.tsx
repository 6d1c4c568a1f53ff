import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router-dom'
import { errorMessage } from '@atende/client'
import { Badge, Button, ErrorCard, Loading } from '@atende/ui'
import { CampaignsGate, NoAccess, isPlanDenied } from '../access.tsx'
import { BackIcon } from '../icons.tsx'
import { STATUS_TONE, deliveredOf, formatDate, pauseReasonOf, progress, validOf } from './types.ts'
import { useCampaign } from './useCampaigns.ts'
import '../index.css'

function Card({ label, value, testId, tone }: { label: string; value: ReactNode; testId: string; tone?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-800">
      <div className="text-sm text-slate-600 dark:text-slate-300">{label}</div>
      <div className={`mt-1 text-2xl font-semibold ${tone ?? ''}`} data-testid={testId}>
        {value}
      </div>
    </div>
  )
}

function Field({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</dt>
      <dd className="text-sm" data-testid={testId}>
        {value}
      </dd>
    </div>
  )
}

/**
 * /campaign/:id/report: a progress bar of the
 * recipients dealt with, the counters (valid contacts, delivered, failed, pending), the connection,
 * list and dates, and why the engine holds it when it does; live while it runs, read again 5 s
 * after a live update shows it finished.
 */
function Report({ id }: { id: number }) {
  const { t, i18n } = useTranslation()
  const report = useCampaign(id)
  const { campaign } = report
  const back = (
    <Link
      to="/campaigns"
      className="inline-flex items-center gap-1 text-sm text-primary hover:underline dark:text-sky-300"
      data-testid="campaign-report-back"
    >
      <BackIcon className="h-4 w-4" />
      {t('campaignReport.back')}
    </Link>
  )
  if (report.status === 'error' && isPlanDenied(report.error)) return <NoAccess testId="campaign-report-plan-denied" />
  if (!campaign) {
    if (report.status === 'loading') return <Loading label={t('campaignList.loading')} />
    return (
      <section className="flex flex-col gap-3 p-3 sm:p-6">
        {back}
        <ErrorCard
          title={t('campaignReport.loadError')}
          details={errorMessage(report.error, t, { exists: (k: string) => i18n.exists(k) })}
          action={
            report.deleted ? undefined : (
              <Button variant="secondary" onClick={report.reload}>
                {t('campaignList.retry')}
              </Button>
            )
          }
        />
      </section>
    )
  }
  const counts = campaign.counts
  const p = progress(counts)
  const pause = pauseReasonOf(campaign.pause)
  const date = (iso: string | null) => formatDate(iso, i18n.language) || t('campaignReport.notYet')
  return (
    <section className="flex flex-col gap-4 p-3 sm:p-6" data-testid="campaign-report" data-status={campaign.status}>
      {back}
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-xl font-semibold">{t('campaignReport.title', { name: campaign.name })}</h1>
        <Badge tone={STATUS_TONE[campaign.status]}>
          <span data-testid="campaign-report-status">{t(`campaignStatus.${campaign.status}`)}</span>
        </Badge>
      </header>
      {report.deleted && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t('errors.ERR_NO_CAMPAIGN_FOUND')}
        </p>
      )}
      {campaign.pauseReason && (campaign.status === 'EM_ANDAMENTO' || campaign.status === 'CANCELADA') && (
        <p
          role="status"
          data-testid="campaign-report-pause"
          className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          <strong>{t(campaign.status === 'CANCELADA' ? 'campaignReport.stopped' : 'campaignReport.paused')}: </strong>
          {pause ? t(pause.key, pause.values) : campaign.pauseReason}
        </p>
      )}
      <div className="flex flex-col gap-1">
        <div className="flex justify-between text-sm">
          <span>{t('campaignReport.progress')}</span>
          <span data-testid="campaign-report-progress">
            {t('campaignReport.progressLabel', { done: p.done, total: p.total })} ({p.percent}%)
          </span>
        </div>
        <div
          role="progressbar"
          aria-label={t('campaignReport.progress')}
          aria-valuemin={0}
          aria-valuemax={p.total}
          aria-valuenow={p.done}
          className="h-3 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        >
          <div className="h-full bg-primary transition-all dark:bg-sky-400" style={{ width: `${p.percent}%` }} />
        </div>
      </div>
      {/* Each counter's label agrees in number with its value (i18next plurals). */}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Card
          label={t('campaignReport.validContacts', { count: validOf(counts) })}
          value={validOf(counts)}
          testId="campaign-report-valid"
        />
        <Card
          label={t('campaignReport.delivered', { count: deliveredOf(counts) })}
          value={deliveredOf(counts)}
          testId="campaign-report-delivered"
          tone="text-green-700 dark:text-green-300"
        />
        <Card
          label={t('campaignReport.failed', { count: counts.failed })}
          value={counts.failed}
          testId="campaign-report-failed"
          tone="text-red-700 dark:text-red-300"
        />
        <Card
          label={t('campaignReport.pending', { count: counts.pending })}
          value={counts.pending}
          testId="campaign-report-pending"
        />
      </div>
      <dl className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-3 dark:border-slate-700">
        <Field
          label={t('campaignReport.whatsapp')}
          value={campaign.whatsapp?.name ?? t('campaignList.none')}
          testId="campaign-report-whatsapp"
        />
        <Field
          label={t('campaignReport.contactList')}
          value={campaign.contactList?.name ?? t('campaignList.none')}
          testId="campaign-report-list"
        />
        <Field
          label={t('campaignReport.schedule')}
          value={date(campaign.scheduledAt)}
          testId="campaign-report-schedule"
        />
        <Field label={t('campaignReport.start')} value={date(campaign.startedAt)} testId="campaign-report-start" />
        <Field
          label={t('campaignReport.conclusion')}
          value={date(campaign.completedAt)}
          testId="campaign-report-conclusion"
        />
      </dl>
    </section>
  )
}

export default function CampaignReportPage() {
  const { id } = useParams()
  const n = Number(id)
  return <CampaignsGate>{Number.isInteger(n) && n > 0 ? <Report key={n} id={n} /> : <NoReport />}</CampaignsGate>
}

function NoReport() {
  const { t } = useTranslation()
  return (
    <div className="p-6">
      <ErrorCard title={t('errors.ERR_NO_CAMPAIGN_FOUND')} />
    </div>
  )
}
