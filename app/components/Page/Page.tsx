import { Container, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** The frame of a simple page: a heading, an optional lead and the content. */
export function Page({
  title,
  lead,
  children,
  size = 'lg',
}: {
  title: string
  lead?: ReactNode
  children?: ReactNode
  size?: 'sm' | 'md' | 'lg' | 'xl'
}) {
  return (
    <Container size={size} py="xl">
      <Title order={1} mb="sm">
        {title}
      </Title>
      {lead ? (
        <Text c="dimmed" size="lg" mb="lg">
          {lead}
        </Text>
      ) : null}
      {children}
    </Container>
  )
}
