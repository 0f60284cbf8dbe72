import { Alert, Anchor, Container, Group, Text } from '@mantine/core'
import { licencePath } from '~/lib/licence-terms'

/**
 * Under the header after a plain (no JavaScript) download: the file starts by itself (the
 * page's meta refresh), and this says under which licence, with the way to prove it.
 */
export function DownloadStarted({ fileUrl, licenceId }: { fileUrl: string; licenceId: string }) {
  return (
    <Container size="xl" pt="md">
      <Alert color="teal" role="status" title="Your download has started" data-testid="download-started">
        <Text size="sm">
          It is licensed to you under licence{' '}
          <Anchor href={licencePath(licenceId)} fw={600}>
            {licenceId}
          </Anchor>
          .
        </Text>
        <Group gap="md" mt={6}>
          <Anchor href={`${licencePath(licenceId)}.pdf`} size="sm">
            Licence certificate (PDF)
          </Anchor>
          <Anchor href={fileUrl} size="sm">
            Download again
          </Anchor>
        </Group>
      </Alert>
    </Container>
  )
}
