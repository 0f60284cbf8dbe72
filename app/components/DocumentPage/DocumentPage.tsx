import { Anchor, Container, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import classes from './DocumentPage.module.css'

export interface DocumentSection {
  /** The anchor of the section: /terms#accounts. */
  id: string
  title: string
  content: ReactNode
}

interface DocumentPageProps {
  title: string
  /** 'Effective 23 March 2025', 'Last updated 22 May 2025'. */
  dated?: string
  intro?: ReactNode
  sections: DocumentSection[]
  /** Shown after the last section, e.g. a closing contact line. */
  footer?: ReactNode
}

/**
 * A long page (legal texts, help) with a table of contents: plain anchor links, so it works
 * without JavaScript; on wide screens the contents stay beside the text.
 */
export function DocumentPage({ title, dated, intro, sections, footer }: DocumentPageProps) {
  return (
    <Container size="lg" py="xl">
      <div className={classes.header}>
        <Title order={1}>{title}</Title>
        {dated ? (
          <Text c="dimmed" mt={6} className={classes.dated}>
            {dated}
          </Text>
        ) : null}
        {intro ? <div className={classes.intro}>{intro}</div> : null}
      </div>
      <div className={classes.layout}>
        <nav aria-label="Contents" className={classes.contents}>
          <Text fw={600} size="sm" mb="xs">
            Contents
          </Text>
          <ol className={classes.contentsList}>
            {sections.map((section) => (
              <li key={section.id}>
                <Anchor href={`#${section.id}`} size="sm" c="dimmed" className={classes.contentsLink}>
                  {section.title}
                </Anchor>
              </li>
            ))}
          </ol>
        </nav>
        <div className={classes.body}>
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className={classes.section}
            >
              <Title order={2} id={`${section.id}-heading`} className={classes.sectionTitle}>
                {index + 1}. {section.title}
              </Title>
              {section.content}
            </section>
          ))}
          {footer}
        </div>
      </div>
    </Container>
  )
}
