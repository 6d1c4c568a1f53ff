import { Type, type Static } from '@sinclair/typebox'
import { ListResponse, Nullable, errorResponses } from '@atende/sdk'

export const PROVIDERS = ['pix-static', 'asaas'] as const
export type ProviderName = (typeof PROVIDERS)[number]
const Provider = Type.Union(PROVIDERS.map((p) => Type.Literal(p)))

/** An invoice and its status (paid; expired: due before today and unpaid; open). */
export const InvoiceView = Type.Object({
  id: Type.Integer(),
  detail: Type.String(),
  value: Type.Number({ description: 'BRL, 2 decimals' }),
  dueDate: Type.String({ description: 'YYYY-MM-DD' }),
  status: Type.Union([Type.Literal('paid'), Type.Literal('open'), Type.Literal('expired')]),
  paidAt: Nullable(Type.String()),
  planId: Nullable(Type.Integer()),
})
export type InvoiceView = Static<typeof InvoiceView>

export const InvoicesQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
})
export type InvoicesQuery = Static<typeof InvoicesQuery>
export const InvoicesPage = ListResponse('list', InvoiceView)

export const PLATFORM_FILTERS = ['unpaid', 'paid', 'all'] as const
/** The super user's list of every company's invoices (unpaid: open and expired, oldest due first). */
export const PlatformInvoicesQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200, description: "the company's name, or an invoice id" })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  status: Type.Optional(
    Type.Union(
      PLATFORM_FILTERS.map((f) => Type.Literal(f)),
      { default: 'unpaid' },
    ),
  ),
})
export type PlatformInvoicesQuery = Static<typeof PlatformInvoicesQuery>
export const PlatformInvoiceView = Type.Object({
  ...InvoiceView.properties,
  companyId: Type.Integer(),
  companyName: Type.String(),
  /** The provider of its checkout (pix-static, asaas), null before any; and how it was confirmed. */
  provider: Nullable(Type.String()),
  paidVia: Nullable(Type.String()),
})
export type PlatformInvoiceView = Static<typeof PlatformInvoiceView>
export const PlatformInvoicesPage = ListResponse('list', PlatformInvoiceView)

const text = (max: number) => Type.String({ maxLength: max })
/**
 * The subscription (checkout) payload. Required fields are checked by the service (400 naming
 * the field, also when blank). Card fields are accepted and ignored, never stored: payment is by Pix.
 * planId chooses the invoice's plan, a public one or the company's own (another: 403
 * ERR_PLAN_NOT_AVAILABLE); the company switches to it when the invoice is paid. price,
 * users and connections are informative: the chosen plan's own value is what is charged.
 */
export const SubscriptionBody = Type.Object({
  firstName: Type.Optional(text(100)),
  lastName: Type.Optional(text(100)),
  address1: Type.Optional(text(200)),
  city: Type.Optional(text(100)),
  state: Type.Optional(text(100)),
  zipcode: Type.Optional(text(20)),
  country: Type.Optional(text(10)),
  useAddressForPaymentDetails: Type.Optional(Type.Boolean()),
  nameOnCard: Type.Optional(text(200)),
  cardNumber: Type.Optional(text(40)),
  cvv: Type.Optional(text(10)),
  planId: Type.Optional(Nullable(Type.Integer())),
  price: Type.Optional(Nullable(Type.Number())),
  users: Type.Optional(Nullable(Type.Integer())),
  connections: Type.Optional(Nullable(Type.Integer())),
  invoiceId: Type.Integer({ minimum: 1 }),
})
export type SubscriptionBody = Static<typeof SubscriptionBody>

export const PixCharge = Type.Object({
  invoiceId: Type.Integer(),
  valor: Type.Object({ original: Type.String({ description: 'BRL, 2 decimals' }) }),
  qrcode: Type.Object({
    qrcode: Type.String({ description: 'the copy-and-paste BR Code' }),
    imagemQrcode: Type.String({ description: 'the QR image as a data URL' }),
  }),
  txid: Type.String(),
  expiresAt: Nullable(Type.String()),
  provider: Provider,
})
export type PixCharge = Static<typeof PixCharge>

export const SubscriptionInfo = Type.Object({
  trialDaysLeft: Nullable(Type.Integer()),
  trialExpiration: Nullable(Type.String()),
  billingEmail: Type.String(),
  dueDate: Nullable(Type.String()),
  recurrence: Type.String(),
  planId: Nullable(Type.Integer()),
  planName: Type.String(),
})

export const BillingConfigView = Type.Object({
  provider: Provider,
  pixKey: Type.String(),
  merchantName: Type.String(),
  merchantCity: Type.String(),
  asaasApiKeySet: Type.Boolean({ description: 'an Asaas API key is stored (never answered)' }),
  asaasWebhookTokenSet: Type.Boolean({ description: 'an Asaas webhook token is stored (never answered)' }),
})
export type BillingConfigView = Static<typeof BillingConfigView>

export const BillingConfigBody = Type.Object({
  provider: Type.Optional(Provider),
  pixKey: Type.Optional(text(77)),
  merchantName: Type.Optional(text(100)),
  merchantCity: Type.Optional(text(100)),
  asaasApiKey: Type.Optional(Type.String({ maxLength: 500, description: 'write-only; "" clears it' })),
  asaasWebhookToken: Type.Optional(Type.String({ maxLength: 500, description: 'write-only; "" clears it' })),
})
export type BillingConfigBody = Static<typeof BillingConfigBody>

/** Asaas's webhook body, the part we read (the rest is kept in billing_events.payload). */
export const AsaasWebhookBody = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: 120 })),
    event: Type.String({ maxLength: 60 }),
    payment: Type.Optional(Type.Object({ id: Type.String({ maxLength: 100 }) }, { additionalProperties: true })),
  },
  { additionalProperties: true },
)
export type AsaasWebhookBody = Static<typeof AsaasWebhookBody>

export const WebhookAnswer = Type.Object({ received: Type.Boolean(), settled: Type.Boolean() })

export const errors = errorResponses(400, 401, 403, 404, 409, 502)
