import { ButtonLink, CentredStack } from '~/components/Plain/Plain'
import { Text, Title } from '@mantine/core'
import { NOT_FOUND_TEXT } from '~/lib/constants'

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
