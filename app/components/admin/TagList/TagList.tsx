import { Badge, Group, VisuallyHidden } from '@mantine/core'
import { DIALOG_TAGS } from '~/lib/constants'

/** Table and dialog tags: the first five, then '+N' for the rest. */
export function visibleTags(tags: string[], limit = DIALOG_TAGS): { shown: string[]; more: number } {
  return { shown: tags.slice(0, limit), more: Math.max(0, tags.length - limit) }
}

/** An asset's tags in a table: the first five, then '+N' for the rest. */
export function TagList({ tags }: { tags: string[] }) {
  const { shown, more } = visibleTags(tags, DIALOG_TAGS)
  // A dash for the eye, words for a screen reader (aria-label is not allowed on a plain span).
  if (tags.length === 0)
    return (
      <>
        <span aria-hidden="true">–</span>
        <VisuallyHidden>No tags</VisuallyHidden>
      </>
    )
  return (
    <Group gap={4} wrap="wrap">
      {shown.map((tag) => (
        <Badge key={tag} variant="light" color="gray" size="sm" tt="none">
          {tag}
        </Badge>
      ))}
      {more > 0 ? (
        <Badge variant="outline" color="gray" size="sm" title={tags.slice(DIALOG_TAGS).join(', ')}>
          +{more}
        </Badge>
      ) : null}
    </Group>
  )
}

/** An asset's publication state: Published, or Pending while it is a draft. */
export function PublicationBadge({ isActive }: { isActive: boolean }) {
  return (
    // max-content: a narrow table column must not cut the word short.
    <Badge color={isActive ? 'green' : 'yellow'} variant="light" miw="max-content">
      {isActive ? 'Published' : 'Pending'}
    </Badge>
  )
}
