import { Anchor, Text } from '@mantine/core'
import { Link } from 'react-router'
import type { Route } from './+types/privacy'
import { DocumentPage, type DocumentSection } from '~/components/DocumentPage/DocumentPage'
import { MINIMUM_AGE, SESSION_DAYS, SITE_NAME } from '~/lib/constants'
import { withSharing } from '~/lib/sharing'
import { EVENT_RETENTION_DAYS, RARE_SEARCH_LIMIT } from '~/lib/search-query'

const pageMeta: Route.MetaFunction = () => [
  { title: `Privacy Policy | ${SITE_NAME}` },
  {
    name: 'description',
    content:
      'What AI Stock Library stores about you and why: your account, downloads and favourites, billing history and messages. One session cookie, no tracking or advertising cookies.',
  },
]

const contact = (label = 'contact page') => (
  <Anchor component={Link} to="/contact">
    {label}
  </Anchor>
)

const SECTIONS: DocumentSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    content: (
      <p>
        {SITE_NAME} is a stock-asset library run by one artist. “We” and “us” in this policy mean the Library and the
        person who runs it, who decides how your data is used and is responsible for it. You can reach us through the{' '}
        {contact()}.
      </p>
    ),
  },
  {
    id: 'what-we-store',
    title: 'What we store',
    content: (
      <>
        <p>
          We keep only what the Library needs to work. You can browse, search and preview assets without giving us
          anything.
        </p>
        <h3>Your account</h3>
        <p>
          Your name, your email address and a hash of your password. The hash is one-way (argon2id): we cannot read your
          password, and nobody who obtained the hash could either without guessing it. We also store your plan, when the
          account was created, and whether it has admin rights.
        </p>
        <h3>Google sign-in, if you use it</h3>
        <p>
          If you sign in with Google, Google tells us your Google account identifier, your name and your email address.
          We never see your Google password, and we do not ask for access to anything else in your Google account.
        </p>
        <h3>Downloads and favourites</h3>
        <p>
          Which assets you downloaded and when, a count of your downloads for the current day (for the Free plan's daily
          quota), and the assets you saved as favourites.
        </p>
        <h3>Payments</h3>
        <p>
          Payments for Pro are handled by Stripe. Your card details go straight to Stripe's checkout page and never
          reach our servers. We keep only the Stripe references of your customer record and subscription, your plan's
          renewal or end date, and your billing history: the date, description and amount of each payment.
        </p>
        <h3>Messages you send us</h3>
        <p>The name, email address and message you enter in the contact form.</p>
        <h3>Sessions and security</h3>
        <p>
          When you sign in we create a session. We store a hash of its token (not the token itself), your browser's
          user-agent string and when the session was created and last used. Password-reset links are single-use, expire
          after an hour and are stored only as hashes. To stop password guessing and spam, we briefly count attempts to
          sign in, register, reset a password or send a message, per IP address and email address; these counters are
          discarded when their time window ends.
        </p>
        <h3>What people search for and look at</h3>
        <p>
          To learn what to make next, we count searches and views without knowing who made them. For each search we keep
          its words (in lower case), the filters chosen, how many assets it found and when; for each asset page or
          preview opened, which asset, when, and the words of the search it came from. None of this is linked to you: no
          account, no IP address, no browser details and no cookie are stored with it, and searches by search-engine
          robots are not counted.
        </p>
        <h3>Server logs</h3>
        <p>
          Our server logs each request's method, path, response status and duration, and records errors so we can fix
          them. Logs never contain passwords, session or API tokens, payment details or the text of your messages.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    content: (
      <>
        <p>
          To keep you signed in we use one cookie: a session cookie named <code>__session</code>, set when you sign in.
          It holds a random token, cannot be read by scripts on the page (HttpOnly), is only sent to this website, and
          lasts up to {SESSION_DAYS} days or until you sign out.
        </p>
        <p>
          If you sign in with Google, two more cookies exist for at most ten minutes while you are on Google's pages:
          one protects the sign-in against forgery, the other remembers which page to bring you back to. Both are
          removed when the sign-in completes.
        </p>
        <p>
          We use no tracking, analytics or advertising cookies, and no third-party trackers. If you never sign in, we
          set no cookies at all. When you upgrade, Stripe's checkout page may set its own cookies for fraud prevention;
          they belong to Stripe and are covered by its privacy policy.
        </p>
      </>
    ),
  },
  {
    id: 'why',
    title: 'Why we use it',
    content: (
      <ul>
        <li>
          <strong>To provide the service you signed up for</strong>: your account, downloads within your plan's quota,
          favourites, your profile and download history (performance of our contract with you).
        </li>
        <li>
          <strong>To take payment and keep records</strong>: billing through Stripe and the billing history we are
          required to keep for tax and accounting (contract and legal obligation).
        </li>
        <li>
          <strong>To answer you</strong>: replying to contact messages and sending emails you ask for, such as password
          reset links (contract, or our legitimate interest in answering you).
        </li>
        <li>
          <strong>To keep the Library safe and working</strong>: sessions, rate limits and server logs (legitimate
          interest in security and reliability).
        </li>
        <li>
          <strong>To understand what is popular</strong>: download counts per asset, and counts of searches and views,
          without identifying you, to decide what to make next (legitimate interest).
        </li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    content: (
      <>
        <p>
          We do not sell your data, rent it, or use it for advertising. We share it only with services that run parts of
          the Library for us:
        </p>
        <ul>
          <li>Stripe, for payments and subscriptions;</li>
          <li>Google, only if you choose to sign in with Google;</li>
          <li>our email delivery provider, to send password-reset and account emails;</li>
          <li>our hosting and database providers, which store the data on our behalf.</li>
        </ul>
        <p>
          These providers may process data outside your country; where that happens we rely on the safeguards the law
          requires, such as standard contractual clauses. We disclose data to authorities only when the law obliges us
          to.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    content: (
      <ul>
        <li>Account, download history and favourites: as long as your account exists.</li>
        <li>
          When you close your account, we delete these within 30 days, except billing history, which we keep as long as
          tax and accounting law requires (usually up to ten years).
        </li>
        <li>Sessions: until you sign out, or until they have gone unused for {SESSION_DAYS} days.</li>
        <li>Contact messages: up to 12 months after the conversation ends.</li>
        <li>Server logs: up to 30 days.</li>
        <li>
          Searches and views: {EVENT_RETENTION_DAYS} days. After that only counts per day remain: how many searches and
          views there were, and the words of a search only if at least {RARE_SEARCH_LIMIT} searches used them that day.
        </li>
      </ul>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    content: (
      <>
        <p>Depending on where you live, you have the right to:</p>
        <ul>
          <li>get a copy of the personal data we hold about you;</li>
          <li>have it corrected if it is wrong;</li>
          <li>have it deleted, which closes your account;</li>
          <li>receive it in a machine-readable format;</li>
          <li>object to, or ask us to restrict, how we use it;</li>
          <li>complain to your data-protection authority.</li>
        </ul>
        <p>
          To use any of these rights, write to us through the {contact()} from the email address of your account, so we
          can tell the request is yours. We reply within 1-2 business days and complete requests within 30 days.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    content: (
      <p>
        The website is served over HTTPS. Passwords, session tokens and reset links are stored only as hashes, download
        links are signed and expire quickly, and the admin area is checked on the server for every request. No system is
        perfectly secure; if we learn of a breach that affects you, we will tell you and the authorities as the law
        requires.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    content: (
      <p>
        The Library is not meant for children under {MINIMUM_AGE}, and we do not knowingly collect their data. If you
        believe a child under {MINIMUM_AGE} has created an account, tell us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        When we change this policy we update the date at the top. If a change affects how we use data you have already
        given us, we tell you by email or with a notice on the website before it applies.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    content: <p>Questions about privacy go through the {contact()}. We reply within 1-2 business days.</p>,
  },
]

export default function PrivacyPage() {
  return (
    <DocumentPage
      title="Privacy Policy"
      dated="Last updated 30 March 2025"
      intro={
        <Text inherit>
          What {SITE_NAME} stores about you, why, for how long, and what you can do about it. In short: only what the
          Library needs, one session cookie, and no tracking.
        </Text>
      }
      sections={SECTIONS}
    />
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
