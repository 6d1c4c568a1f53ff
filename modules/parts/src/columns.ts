/**
 * The spreadsheet's columns in order, as the screen lists them (the plugin
 * checks the same list, PART_COLUMNS in @atende/plugin-parts/api, which the module imports as types only).
 */
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
