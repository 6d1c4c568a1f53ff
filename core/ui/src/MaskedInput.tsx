import { MASKS, type MaskKind } from './masks.ts'
import { TextField, type TextFieldProps } from './TextField.tsx'

export interface MaskedInputProps extends TextFieldProps {
  mask: MaskKind
  value: string
}

/** A TextField that formats as the user types; onChange receives the formatted text. */
export function MaskedInput({ mask, value, onChange, ...rest }: MaskedInputProps) {
  const m = MASKS[mask]
  return (
    <TextField
      inputMode="numeric"
      maxLength={m.maxLength}
      value={m.format(value)}
      onChange={(v) => onChange?.(m.format(v))}
      {...rest}
    />
  )
}
