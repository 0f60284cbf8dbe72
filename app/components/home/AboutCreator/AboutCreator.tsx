import { Container, Text, Title } from '@mantine/core'
import { ButtonLink } from '~/components/Plain/Plain'
import classes from './AboutCreator.module.css'

/** About the one artist behind the library; the full story lives on /about. */
export function AboutCreator() {
  return (
    <section className={classes.section} aria-labelledby="about-creator-heading">
      <Container size="lg" className={classes.inner}>
        <div className={classes.portrait} aria-hidden="true">
          {/* An abstract mark instead of a stock photo: nothing here pretends to be someone. */}
          <svg viewBox="0 0 120 120" width="100%" height="100%">
            <defs>
              <linearGradient id="about-creator-mark" x1="0" y1="0" x2="1" y2="1">
                <stop offset="0%" stopColor="#748ffc" />
                <stop offset="100%" stopColor="#9c36b5" />
              </linearGradient>
            </defs>
            <circle cx="60" cy="60" r="58" fill="url(#about-creator-mark)" />
            <path
              d="M40 80l14-40h12l14 40M46 64h28"
              fill="none"
              stroke="#fff"
              strokeWidth="7"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </div>
        <div>
          <Text className={classes.eyebrow}>About the creator</Text>
          <Title order={2} id="about-creator-heading" className={classes.heading}>
            One artist behind every asset
          </Title>
          <Text c="dimmed" className={classes.text}>
            This library is not a marketplace. A single artist generates every asset with AI, then selects, refines and
            curates it by hand before it is published. There are no user uploads, so every render, image and track meets
            the same standard and shares the same style.
          </Text>
          <Text c="dimmed" className={classes.text}>
            The collection starts with 3D object renders and grows every week. If you need something that is not here
            yet, you can ask for it.
          </Text>
          <div className={classes.actions}>
            <ButtonLink to="/about">About the creator</ButtonLink>
            <ButtonLink to="/contact" variant="default">
              Request an asset
            </ButtonLink>
          </div>
        </div>
      </Container>
    </section>
  )
}
