import { Container, Text, Title } from '@mantine/core'
import { ButtonLink, TextLink } from '~/components/Plain/Plain'
import { type MouseEvent, type SyntheticEvent, useState } from 'react'
import { DEFAULT_FAQ_CATEGORY, FAQ, FAQ_CATEGORIES, FAQ_CATEGORY_LABELS, type FaqCategory } from '~/lib/faq'
import classes from './FaqSection.module.css'

/**
 * FAQ with categories on the left and a single-open accordion on the right.
 *
 * Without JavaScript the categories are links to `?faq=<category>#faq` (the route's loader
 * passes the value back as `activeCategory`) and the accordion is native `<details name>`:
 * one open at a time, all closable, the first open at start. With JavaScript a category
 * click switches in place, without a navigation.
 */
export function FaqSection({ activeCategory = DEFAULT_FAQ_CATEGORY }: { activeCategory?: FaqCategory }) {
  const [category, setCategory] = useState<FaqCategory>(activeCategory)
  // A navigation that changes ?faq= (a link, back/forward) overrides the last local click.
  const [categoryFromUrl, setCategoryFromUrl] = useState(activeCategory)
  if (categoryFromUrl !== activeCategory) {
    setCategoryFromUrl(activeCategory)
    setCategory(activeCategory)
  }

  const selectCategory = (event: MouseEvent<HTMLAnchorElement>, next: FaqCategory) => {
    // Let the browser handle "open in new tab" and friends.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault() // React Router's Link skips its navigation too
    setCategory(next)
  }

  const items = FAQ[category]

  return (
    <section id="faq" className={classes.section} aria-labelledby="faq-heading">
      <Container size="lg">
        <Title order={2} id="faq-heading" className={classes.heading}>
          Frequently asked questions
        </Title>
        <div className={classes.layout}>
          <div className={classes.aside}>
            <nav aria-label="FAQ categories" className={classes.categories}>
              {FAQ_CATEGORIES.map((name) => {
                const active = name === category
                return (
                  <ButtonLink
                    key={name}
                    to={`?faq=${name}#faq`}
                    preventScrollReset
                    onClick={(event: MouseEvent<HTMLAnchorElement>) => selectCategory(event, name)}
                    aria-current={active ? 'true' : undefined}
                    aria-controls="faq-panel"
                    variant={active ? 'filled' : 'default'}
                    className={classes.category}
                  >
                    {FAQ_CATEGORY_LABELS[name]}
                  </ButtonLink>
                )
              })}
            </nav>
            <Text size="sm" c="dimmed" className={classes.help}>
              Can't find your answer? Read the <TextLink to="/license">Licensing Info</TextLink> or{' '}
              <TextLink to="/contact">Contact us</TextLink>. We reply within 1-2 business days.
            </Text>
          </div>
          <div id="faq-panel" role="region" aria-labelledby="faq-panel-heading">
            <Title order={3} id="faq-panel-heading" className={classes.panelHeading}>
              {FAQ_CATEGORY_LABELS[category]}
            </Title>
            {/* Keyed by category: switching mounts a fresh list with its first item open. */}
            <div key={category} className={classes.items}>
              {items.map((item, index) => (
                <details
                  key={item.question}
                  name={`faq-${category}`}
                  open={index === 0}
                  onToggle={closeOthers}
                  className={classes.item}
                >
                  <summary className={classes.question}>
                    <span>{item.question}</span>
                    <svg
                      className={classes.chevron}
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
                      <path d="M6 9l6 6 6-6" />
                    </svg>
                  </summary>
                  <Text className={classes.answer}>{item.answer}</Text>
                </details>
              ))}
            </div>
            <TextLink to="/faq" size="sm" className={classes.all}>
              See all FAQs
            </TextLink>
          </div>
        </div>
      </Container>
    </section>
  )
}

/** `<details name>` already keeps one item open; this covers browsers that predate it. */
function closeOthers(event: SyntheticEvent<HTMLDetailsElement>) {
  const opened = event.currentTarget
  if (!opened.open) return
  opened.parentElement?.querySelectorAll('details[open]').forEach((other) => {
    if (other !== opened) (other as HTMLDetailsElement).open = false
  })
}
