import { Container, Text, Title } from '@mantine/core'
import { ButtonLink } from '~/components/Plain/Plain'
import { SITE_NAME } from '~/lib/constants'
import classes from './WhatIs.module.css'

const AUDIENCE = ['Creators', 'Developers', 'Designers', 'Motion designers', 'Founders', 'Marketers'] as const

/** What the library is and who it is for. Static, so it needs no JavaScript at all. */
export function WhatIs() {
  return (
    <section className={classes.section} aria-labelledby="what-is-heading">
      <Container size="lg" className={classes.inner}>
        <div>
          <Text className={classes.eyebrow}>What is {SITE_NAME}?</Text>
          <Title order={2} id="what-is-heading" className={classes.heading}>
            Stock assets made with AI, curated by an artist
          </Title>
          <Text c="dimmed" className={classes.text}>
            {SITE_NAME} is a collection of royalty-free assets generated with AI and hand-picked by one artist. It
            starts with 3D object renders delivered as transparent PNGs, alongside images and audio, with videos and
            sound effects planned.
          </Text>
          <Text c="dimmed" className={classes.text}>
            Every asset is reviewed before it is published, and nothing is uploaded by third parties, so the library
            keeps one consistent look. Use the assets in commercial work without attribution; the licence spells out the
            few things that need written permission.
          </Text>
          <div className={classes.actions}>
            <ButtonLink to="/explore">Explore Assets</ButtonLink>
            <ButtonLink to="/license" variant="default">
              Read the licence
            </ButtonLink>
          </div>
        </div>
        <div className={classes.audience}>
          <Title order={3} className={classes.audienceHeading}>
            Made for
          </Title>
          <ul className={classes.list}>
            {AUDIENCE.map((who) => (
              <li key={who} className={classes.item}>
                <svg
                  width="18"
                  height="18"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  aria-hidden="true"
                >
                  <path d="M5 12.5l4.5 4.5L19 7.5" />
                </svg>
                {who}
              </li>
            ))}
          </ul>
          <Text size="sm" c="dimmed">
            Anyone who needs good-looking visuals or audio quickly, without hiring a studio or learning 3D software.
          </Text>
        </div>
      </Container>
    </section>
  )
}
