/** The spreadsheet's columns in order, as the screen lists them: the plugin's own list. */
export { PART_COLUMNS } from '@atende/plugin-parts/values'
