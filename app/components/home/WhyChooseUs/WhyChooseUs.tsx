import { Container, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import classes from './WhyChooseUs.module.css'

interface Reason {
  title: string
  text: string
  icon: ReactNode
}

const REASONS: Reason[] = [
  {
    title: '100% AI-Generated Assets',
    text: 'Every render, image and sound is generated with AI, then reviewed by hand before it is published.',
    icon: (
      // A spark: "generated".
      <path d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9zM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z" />
    ),
  },
  {
    title: 'Exclusive Library',
    text: 'Made and curated by one artist for this library only: you will not find these assets on other stock sites.',
    icon: (
      // A shield with a tick: "only here".
      <>
        <path d="M12 3l8 3v6c0 4.5-3.4 8.2-8 9-4.6-.8-8-4.5-8-9V6z" />
        <path d="M8.5 12l2.5 2.5 4.5-5" />
      </>
    ),
  },
  {
    title: 'Royalty-Free & Ready to Use',
    text: 'Use them in commercial work with no attribution. 3D renders come as transparent PNGs, ready to drop in.',
    icon: (
      // A download arrow into a tray.
      <>
        <path d="M12 4v11" />
        <path d="M7.5 10.5L12 15l4.5-4.5" />
        <path d="M4 17v2a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-2" />
      </>
    ),
  },
  {
    title: 'Expanding Collections',
    text: 'New assets arrive every week. 3D objects come first, alongside images and audio; videos and sound effects are planned.',
    icon: (
      // Stacked layers: "growing collection".
      <>
        <path d="M12 3l9 5-9 5-9-5z" />
        <path d="M3 13l9 5 9-5" />
        <path d="M3 17.5l9 5 9-5" />
      </>
    ),
  },
]

/** 'Why choose us': the target of the hero's 'Scroll Down' link (#why-choose-us). */
export function WhyChooseUs() {
  return (
    <section id="why-choose-us" className={classes.section} aria-labelledby="why-choose-us-heading">
      <Container size="lg">
        <Title order={2} id="why-choose-us-heading" className={classes.heading}>
          Why choose us
        </Title>
        <ul className={classes.grid}>
          {REASONS.map((reason) => (
            <li key={reason.title} className={classes.card}>
              <span className={classes.icon} aria-hidden="true">
                <svg
                  width="26"
                  height="26"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  {reason.icon}
                </svg>
              </span>
              <Title order={3} className={classes.title}>
                {reason.title}
              </Title>
              <Text c="dimmed" size="sm">
                {reason.text}
              </Text>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  )
}
