import { Table, type TableScrollContainerProps } from '@mantine/core'

/**
 * A table that may be wider than its place: it scrolls sideways with the browser's own
 * scrolling (Mantine's ScrollArea hides that scrollbar and draws its own only once JavaScript
 * runs, and then on hover: without JavaScript a mouse could not scroll the table), with a shade
 * at the edge it goes on past (app.css). Not a theme default: the theme is in every page's
 * JavaScript, tables are on few.
 */
export function WideTable(props: TableScrollContainerProps) {
  return <Table.ScrollContainer type="native" {...props} />
}
