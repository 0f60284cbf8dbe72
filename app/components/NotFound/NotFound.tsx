import { ButtonLink, CentredStack } from '~/components/Plain/Plain'
import { Text, Title } from '@mantine/core'
import { NOT_FOUND_TEXT, SITE_NAME } from '~/lib/constants'

/** The 404 page's title, whichever route's path was not found. */
export const NOT_FOUND_TITLE = `Page not found | ${SITE_NAME}`

export function NotFound() {
  return (
    <CentredStack>
      <Title order={1} fz={72}>
        404
      </Title>
      <Text size="lg">{NOT_FOUND_TEXT}</Text>
      <ButtonLink to="/">Go back home</ButtonLink>
    </CentredStack>
  )
}
