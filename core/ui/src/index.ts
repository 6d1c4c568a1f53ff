export { Button, type ButtonProps, type ButtonVariant } from './Button.tsx'
export {
  TextField,
  TextAreaField,
  CheckboxField,
  FieldShell,
  inputClass,
  inputErrorClass,
  type TextFieldProps,
  type TextAreaFieldProps,
  type CheckboxFieldProps,
} from './TextField.tsx'
export {
  columnsOf,
  useColumns,
  type ColumnSpec,
  type ColumnKit,
  type FlagSpec,
  type Breakpoint,
  type EditableRowsProps,
} from './columns.tsx'
export { MaskedInput, type MaskedInputProps } from './MaskedInput.tsx'
export { Select, type SelectProps, type SelectOption } from './Select.tsx'
export { ChoicePicker, useChoices, type Choice, type Choices, type ChoicePickerProps } from './ChoicePicker.tsx'
export { BotPickers, type BotPickersProps } from './BotPickers.tsx'
export { UsersSelect, useUserChoices, type UsersSelectProps } from './UsersSelect.tsx'
export { Dialog, type DialogProps } from './Dialog.tsx'
export { Sheet, type SheetProps } from './Sheet.tsx'
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.tsx'
export { Toaster, toast, dismissToast, TOAST_MS, type ToastItem, type ToastKind } from './toasts.tsx'
export { Loading, EmptyState, ErrorCard } from './states.tsx'
export { Avatar, initials, avatarColor, type AvatarProps } from './Avatar.tsx'
export { Badge, type BadgeTone } from './Badge.tsx'
export { Tabs, TabPanel, type TabItem, type TabsProps } from './Tabs.tsx'
export { SearchField, type SearchFieldProps } from './SearchField.tsx'
export { VirtualTable, type Column, type VirtualTableProps } from './VirtualTable.tsx'
export {
  useDebounced,
  useInfiniteScroll,
  useMediaQuery,
  SM_UP,
  isNearBottom,
  SEARCH_DEBOUNCE_MS,
  SCROLL_THRESHOLD_PX,
  type InfiniteScrollOptions,
} from './hooks.ts'
export { useErrorToast } from './useErrorToast.ts'
export { digits, displayPhone, formatCnpj, formatPhone, MASKS, type MaskKind } from './masks.ts'
export { cx } from './cx.ts'
export * as rules from './validation.ts'
export type { Errors, Problem, Rule } from './validation.ts'
export { say, sayAll } from './validation.ts'
export { guardCuts, overflows } from './cutGuard.ts'
export {
  defineModule,
  moduleProblems,
  isModuleDefinition,
  type ModuleDefinition,
  type ModuleRoute,
  type ModuleMenuItem,
  type ModuleSlots,
  type SlotDialogProps,
  type Resources,
} from './module.ts'
export {
  ExtensionSlot,
  ExtensionsProvider,
  useExtensions,
  collectExtensions,
  type Extension,
  type ExtensionComponent,
  type ExtensionMap,
  type ExtensionSlotProps,
} from './extensions.tsx'
export * from './icons.tsx'
export { markupIcon, menuItems, type MenuEntry, type MenuJson } from './menu.tsx'
export * from './useCollection.ts'
export { Switch, type SwitchProps } from './Switch.tsx'
export * from './usePagedList.ts'
export { WhatsAppText, parseWhatsApp, plainWhatsApp, type WaNode, type WhatsAppTextProps } from './whatsapp.tsx'
export { formatMoney, numberLocale } from './money.ts'
export { CONTRAST_PAIRS, type ContrastPair } from './contrastPairs.ts'
export { CopyButton, type CopyButtonProps } from './CopyButton.tsx'
export { copyText } from './copy.ts'
export { IconAction, actionsColumn, type IconActionProps, type ActionsColumnOptions } from './RowActions.tsx'
export { PagedTable, type PagedRows, type PagedTableProps } from './PagedTable.tsx'
export { ListPage, ListState, type ListPageList, type ListPageProps, type ListStateProps } from './ListPage.tsx'
export {
  useConfirmDelete,
  useConfirmAction,
  type ConfirmDeleteOptions,
  type ConfirmActionOptions,
} from './useConfirmDelete.tsx'
export {
  FormDialog,
  useFormState,
  useRefusal,
  fieldBinder,
  useErrorMessage,
  type FormDialogProps,
  type EditDialogProps,
  type FieldErrors,
} from './FormDialog.tsx'
export { TopBarPopover, PreviewLine, HeadingLine, popoverItemClass, type TopBarPopoverProps } from './TopBarPopover.tsx'
export { useRemoteFlag, FlagGate, type RemoteFlagState, type FlagGateProps } from './useRemoteFlag.tsx'
export { useSaveRecord, type SaveRecordOptions } from './useSaveRecord.ts'
export { ChipsField, type ChipsFieldProps, type Chip } from './ChipsField.tsx'
export { bindBotPickers } from './bindBotPickers.ts'
export {
  GO_HOME_MS,
  isPlanDenied,
  useGoHomeNotice,
  usePlanDenied,
  DeniedCard,
  NoAccessNotice,
  type GoHomeNotice,
} from './usePlanDenied.tsx'
export { useEditing, useSearchTerm, useAuthorOrAdmin, type Editing } from './useEditing.ts'
export { PlainTable, type PlainTableProps } from './PlainTable.tsx'
export { AdminOnly, type AdminOnlyProps } from './AdminOnly.tsx'
