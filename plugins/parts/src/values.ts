/**
 * The parts plugin's constants a screen shows as they are: browser-safe (no imports), so the module
 * imports these values from `@atende/plugin-parts/values` instead of copying them.
 */

/** The spreadsheet's 11 columns, in order. */
export const PART_COLUMNS = [
  'ID',
  'Peça',
  'Posição',
  'Lado',
  'Ano',
  'Marca',
  'Modelo',
  'Tipo',
  'Peça Específica',
  'Em Estoque?',
  'Filial',
] as const
