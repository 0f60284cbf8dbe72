import { Form, Link, NavLink, useLocation } from 'react-router'
import { ButtonLink, PlainButton } from '~/components/Plain/Plain'

import { IconLink } from '~/components/IconButton/IconButton'
import { useEffect, useState } from 'react'
import type { PublicUser } from '~/web/session.server'
import { HEADER_SEARCH_OFFSET, SITE_NAME } from '~/lib/constants'
import { SearchForm } from '~/components/SearchForm/SearchForm'
import { ColorSchemeToggle } from '~/components/ColorSchemeToggle/ColorSchemeToggle'
import type { ColorSchemeChoice } from '~/lib/color-scheme'
import classes from './Header.module.css'

const LINKS = [
  { to: '/', label: 'Home' },
  { to: '/explore', label: 'Explore' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/blog', label: 'Blog' },
] as const

/**
 * On the home page the header search waits until the hero (#hero-section) has scrolled to
 * within 80px of the top; elsewhere it is always shown. Without JavaScript it is always shown.
 */
function useHeaderSearchVisible(onHome: boolean): boolean {
  const [visible, setVisible] = useState(!onHome)
  useEffect(() => {
    const hero = onHome ? document.getElementById('hero-section') : null
    if (!hero) {
      setVisible(true)
      return
    }
    const update = () => setVisible(hero.getBoundingClientRect().bottom <= HEADER_SEARCH_OFFSET)
    update()
    window.addEventListener('scroll', update, { passive: true })
    window.addEventListener('resize', update)
    return () => {
      window.removeEventListener('scroll', update)
      window.removeEventListener('resize', update)
    }
  }, [onHome])
  return visible
}

export function Header({ user, colorScheme = 'auto' }: { user: PublicUser | null; colorScheme?: ColorSchemeChoice }) {
  const location = useLocation()
  const onHome = location.pathname === '/'
  const searchVisible = useHeaderSearchVisible(onHome)
  // On the results the header's box keeps what was searched for, ready to refine.
  const searched = new URLSearchParams(location.search)
  const query = location.pathname === '/explore' ? (searched.get('q') ?? searched.get('search') ?? '').trim() : ''
  return (
    <header className={classes.header}>
      <div className={classes.inner}>
        <Link to="/" className={classes.brand}>
          <span className={classes.logo} aria-hidden="true" />
          {SITE_NAME}
        </Link>
        <nav aria-label="Main" className={classes.links}>
          {LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === '/'} className={classes.link}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div
          className={classes.search}
          data-home-hidden={onHome && !searchVisible ? 'true' : undefined}
          data-testid="header-search"
        >
          <SearchForm label="Search assets (header)" defaultValue={query} />
        </div>
        <div className={classes.actions}>
          <ColorSchemeToggle scheme={colorScheme} />
          {user ? (
            <>
              <IconLink to="/profile" variant="subtle" size="lg" aria-label="Profile">
                <UserIcon />
              </IconLink>
              <Form method="post" action="/logout">
                <PlainButton type="submit" variant="default" size="sm">
                  Log out
                </PlainButton>
              </Form>
            </>
          ) : (
            <>
              <ButtonLink to="/login" variant="default" size="sm">
                Login
              </ButtonLink>
              <ButtonLink to="/login?mode=register" size="sm">
                Sign Up
              </ButtonLink>
            </>
          )}
        </div>
        {/* A <details> panel opens and closes without JavaScript. */}
        <details className={classes.mobile} key={location.key}>
          <summary className={classes.toggle} aria-label="Menu">
            <MenuIcon />
          </summary>
          <div className={classes.panel}>
            <nav aria-label="Mobile">
              {LINKS.map((link) => (
                <Link key={link.to} to={link.to} className={classes.panelLink}>
                  {link.label}
                </Link>
              ))}
            </nav>
            <SearchForm label="Search assets (menu)" defaultValue={query} />
          </div>
        </details>
      </div>
    </header>
  )
}

function UserIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </svg>
  )
}
function MenuIcon() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  )
}
