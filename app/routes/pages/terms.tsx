import { Anchor, Text } from '@mantine/core'
import { Link } from 'react-router'
import type { Route } from './+types/terms'
import { DocumentPage, type DocumentSection } from '~/components/DocumentPage/DocumentPage'
import { FREE_DAILY_DOWNLOADS, MINIMUM_AGE, PRO_PRICE_USD, SITE_NAME } from '~/lib/constants'
import { withSharing } from '~/lib/sharing'

const pageMeta: Route.MetaFunction = () => [
  { title: `Terms of Service | ${SITE_NAME}` },
  {
    name: 'description',
    content: `The terms for using AI Stock Library: accounts, the Free and Pro plans, billing and cancellation, acceptable use and liability. Minimum age ${MINIMUM_AGE}.`,
  },
]

const internal = (to: string, label: string) => (
  <Anchor component={Link} to={to}>
    {label}
  </Anchor>
)

const SECTIONS: DocumentSection[] = [
  {
    id: 'agreement',
    title: 'About these terms',
    content: (
      <>
        <p>
          These terms govern your use of {SITE_NAME} (“the Library”, “we”, “us”): the website, your account, the plans
          and the public API. By creating an account or using the Library you agree to them. If you do not agree, please
          do not use the Library.
        </p>
        <p>
          What you may do with the assets you download is set out in the {internal('/license', 'License Agreement')},
          which forms part of these terms. How we handle personal data is described in the{' '}
          {internal('/privacy', 'Privacy Policy')}.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who may use the Library',
    content: (
      <p>
        You must be at least {MINIMUM_AGE} years old to create an account or use the Library. If you are under the age
        of legal majority where you live, you may only use the Library with the permission of a parent or guardian, who
        accepts these terms on your behalf. If you use the Library for an organisation, you confirm that you may accept
        these terms for it.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    content: (
      <ul>
        <li>
          Browsing, searching and previewing are open to everyone. Downloading and saving favourites need an account,
          created with your name, email address and a password, or with Google sign-in.
        </li>
        <li>
          Give accurate details and keep your email address up to date: we use it to reset your password and to reach
          you about your account.
        </li>
        <li>
          An account is for one person. Keep your password and any API tokens secret; you are responsible for what
          happens under your account until you tell us it has been compromised.
        </li>
        <li>You can sign out of the website at any time; signing out ends that session.</li>
      </ul>
    ),
  },
  {
    id: 'library',
    title: 'The Library and its assets',
    content: (
      <p>
        Every asset is created with AI and curated by one artist; there are no user uploads. We add, change and retire
        assets over time and may change features of the website. Assets you have already downloaded stay licensed to you
        under the License Agreement even if they are later removed from the Library.
      </p>
    ),
  },
  {
    id: 'plans',
    title: 'Plans and downloads',
    content: (
      <>
        <h3>Free</h3>
        <p>
          The Free plan costs nothing and allows {FREE_DAILY_DOWNLOADS} downloads per day. The count resets every day at
          midnight UTC. Downloading an asset you already downloaded on the same day does not count again.
        </p>
        <h3>Pro</h3>
        <p>
          Pro costs ${PRO_PRICE_USD} per month and gives unlimited downloads and early access to new assets. “Unlimited”
          means you do not have a daily quota for your own work; it does not allow automated bulk downloading of the
          Library (see section 8).
        </p>
        <p>
          Both plans come with the same licence. The current plans are shown on the{' '}
          {internal('/pricing', 'pricing page')}.
        </p>
      </>
    ),
  },
  {
    id: 'billing',
    title: 'Payment and billing',
    content: (
      <>
        <p>
          Pro is paid through Stripe, our card payment provider. When you upgrade you are sent to Stripe's hosted
          checkout page; your card details go to Stripe and never reach our servers. Stripe's own terms apply to the
          payment.
        </p>
        <p>
          Pro is billed monthly in advance in US dollars and renews automatically each month until you cancel. Taxes may
          be added where the law requires. Your billing history (date, description and amount of each payment) is shown
          in your profile.
        </p>
        <p>
          If we change the price of Pro, we will tell you by email at least 30 days before it applies to you, and the
          new price applies from your next renewal after that. If a payment fails, your account may return to the Free
          plan until the payment succeeds.
        </p>
      </>
    ),
  },
  {
    id: 'cancellation',
    title: 'Cancellation and refunds',
    content: (
      <p>
        You can cancel Pro at any time from your profile, which takes you to Stripe's billing portal. Cancelling stops
        the next renewal: you keep Pro until the end of the month you have paid for, then your account returns to the
        Free plan. Payments already made are not refunded for partly used months, except where the law gives you a right
        to a refund. Assets you downloaded while on Pro stay licensed to you.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    content: (
      <>
        <p>When using the Library you must not:</p>
        <ul>
          <li>
            scrape, crawl or bulk-download assets with scripts or bots, except through the documented{' '}
            {internal('/api', 'public API')} within its limits;
          </li>
          <li>get around the daily download quota, for example with several accounts or shared accounts;</li>
          <li>share your account or API token with others;</li>
          <li>
            try to reach parts of the Library you are not allowed to (such as the admin area or other users' data),
            probe for vulnerabilities without our permission, or disrupt the service for others;
          </li>
          <li>use assets in breach of the License Agreement, or use the Library for anything unlawful;</li>
          <li>send spam, abusive or misleading messages through the contact form.</li>
        </ul>
        <p>
          If you find a security problem, please tell us through the {internal('/contact', 'contact page')} rather than
          testing it further.
        </p>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    content: (
      <p>
        The Library, its design, texts and assets belong to us. Apart from the licence to downloaded assets in the
        License Agreement, these terms give you no rights in them. Our name and logo may not be used in a way that
        suggests we endorse you.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and termination',
    content: (
      <>
        <p>
          You may stop using the Library at any time. To close your account, send a request through the{' '}
          {internal('/contact', 'contact page')} from the email address of the account; cancel Pro first so that it does
          not renew.
        </p>
        <p>
          We may suspend or close an account that breaches these terms, for example for quota abuse, scraping or a
          breach of the licence. Where reasonable we will warn you first and tell you why. If we close a Pro account
          without a breach on your part, we refund the unused part of the current month.
        </p>
        <p>
          The licence for assets you downloaded in line with the License Agreement survives the closure of your account.
        </p>
      </>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Availability and disclaimers',
    content: (
      <p>
        We work to keep the Library available and the assets in good order, but we provide the service “as is” and “as
        available”. We do not promise that it will be uninterrupted or error-free, and we may take it offline for
        maintenance.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    content: (
      <p>
        To the extent the law allows, we are not liable for indirect or consequential loss, lost profits, lost revenue
        or lost data arising from your use of the Library, and our total liability to you is limited to the amount you
        paid us in the twelve months before the claim (for Free accounts, nothing beyond what the law requires). Nothing
        in these terms excludes liability that cannot be excluded by law, or limits rights you have as a consumer under
        the law of your country.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <p>
        We may change these terms as the Library grows. The date at the top shows the latest version. For changes that
        matter to you, such as to plans, prices or your rights, we tell you by email or with a notice on the website
        before they take effect. If you keep using the Library after that, the new terms apply; if you do not agree, you
        can cancel and close your account.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    content: (
      <p>
        Questions about these terms go through the {internal('/contact', 'contact page')}. We reply within 1-2 business
        days.
      </p>
    ),
  },
]

export default function TermsPage() {
  return (
    <DocumentPage
      title="Terms of Service"
      dated="Last updated 22 May 2025"
      intro={
        <Text inherit>
          The rules for using {SITE_NAME}, written to be read. You must be at least {MINIMUM_AGE} years old to use the
          Library.
        </Text>
      }
      sections={SECTIONS}
    />
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
