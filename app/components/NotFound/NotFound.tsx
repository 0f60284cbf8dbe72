import { Link } from 'react-router'
import { Button, Stack, Text, Title } from '@mantine/core'
import { NOT_FOUND_TEXT } from '~/lib/constants'

export function NotFound() {
  return (
    <Stack align="center" gap="md" py={96} px="md">
      <Title order={1} fz={72}>
        404
      </Title>
      <Text size="lg">{NOT_FOUND_TEXT}</Text>
      <Button component={Link} to="/">
        Go back home
      </Button>
    </Stack>
  )
}
