export { Button, type ButtonProps, type ButtonVariant } from './Button.tsx'
export { TextField, FieldShell, inputClass, inputErrorClass, type TextFieldProps } from './TextField.tsx'
export { MaskedInput, type MaskedInputProps } from './MaskedInput.tsx'
export { Select, type SelectProps, type SelectOption } from './Select.tsx'
export { Dialog, type DialogProps } from './Dialog.tsx'
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.tsx'
export { Toaster, toast, dismissToast, TOAST_MS, type ToastItem, type ToastKind } from './toasts.tsx'
export { Loading, EmptyState, ErrorCard } from './states.tsx'
export { digits, formatCnpj, formatPhone, MASKS, type MaskKind } from './masks.ts'
export { cx } from './cx.ts'
export * as rules from './validation.ts'
export type { Errors, Rule } from './validation.ts'
export {
  defineModule, moduleProblems, isModuleDefinition,
  type ModuleDefinition, type ModuleRoute, type ModuleMenuItem, type ModuleSlots, type SlotDialogProps, type Resources,
} from './module.ts'
export * from './icons.tsx'
