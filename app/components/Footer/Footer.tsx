import { Link } from 'react-router'
import { SITE_NAME } from '~/lib/constants'
import classes from './Footer.module.css'

const COLUMNS = [
  {
    title: 'Library',
    links: [
      { to: '/explore', label: 'Explore' },
      { to: '/categories', label: 'Categories' },
      { to: '/collections', label: 'Collections' },
      { to: '/early-access', label: 'Early access' },
      { to: '/favorites', label: 'Favorites' },
      { to: '/api', label: 'API' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/blog', label: 'Blog' },
      { to: '/careers', label: 'Careers' },
      { to: '/contact', label: 'Contact' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/terms', label: 'Terms of Service' },
      { to: '/license', label: 'License Agreement' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: '/help', label: 'Help Center' },
      { to: '/faq', label: 'FAQ' },
      { to: '/pricing', label: 'Pricing' },
    ],
  },
] as const

export function Footer() {
  return (
    <footer className={classes.footer}>
      <div className={classes.inner}>
        <div className={classes.about}>
          <strong>{SITE_NAME}</strong>
          <p>Royalty-free, AI-generated 3D renders, images and audio, made and curated by one artist.</p>
          <p className={classes.muted}>Newsletter coming soon.</p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title} className={classes.column}>
            <h2 className={classes.heading}>{column.title}</h2>
            {column.links.map((link) => (
              <Link key={link.to} to={link.to} className={classes.link}>
                {link.label}
              </Link>
            ))}
          </nav>
        ))}
      </div>
      <div className={classes.bottom}>
        © {new Date().getFullYear()} {SITE_NAME}. Commercial use allowed, no attribution required.
      </div>
    </footer>
  )
}
