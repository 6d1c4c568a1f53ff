/**
 * What other modules reuse from contacts: the contact form (the ticket's contact drawer), the
 * add/edit dialog, and the contact picker (new-ticket modal, schedules, "send contact").
 *
 * How another module uses them (the tickets module, for instance):
 *   1. package.json: "@atende/module-contacts": "workspace:*";
 *   2. import { ContactForm, ContactPicker, contactsI18n } from '@atende/module-contacts/components';
 *   3. merge the words into its own definition, so they are there even when the contacts remote
 *      has not loaded: `i18n: { pt: { ...contactsI18n.pt, ...pt }, en: …, es: … }`.
 * The components are bundled into that module's remote; React, the router, i18n, @atende/ui and
 * @atende/client stay the shell's shared singletons, so they see the same session and socket.
 * Every call goes through the API (/api/contacts…): no module reaches another's state.
 */
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'

export { ContactForm, type ContactFormProps } from './ContactForm.tsx'
export { ContactDialog, type ContactDialogProps } from './ContactDialog.tsx'
export { ContactPicker, type ContactPickerProps } from './ContactPicker.tsx'
export { showNumber } from './ContactsTable.tsx'
export type { Contact, ContactSummary, ExtraInfo } from './types.ts'
export type { ContactFormValues } from './validation.ts'

export const contactsI18n = { pt, en, es }
