import { Anchor, Text } from '@mantine/core'
import { Link } from 'react-router'
import type { Route } from './+types/help'
import { DocumentPage, type DocumentSection } from '~/components/DocumentPage/DocumentPage'
import { ACCOUNT_PATH, FREE_DAILY_DOWNLOADS, PRO_PRICE_USD, SITE_NAME } from '~/lib/constants'
import { withSharing } from '~/lib/sharing'
import { EARLY_ACCESS_DAYS } from '~/lib/early-access'
import { plural } from '~/lib/plural'

const pageMeta: Route.MetaFunction = () => [
  { title: `Help Center | ${SITE_NAME}` },
  {
    name: 'description',
    content:
      'How to search, preview, download and favourite assets on AI Stock Library, how the daily quota and Pro work, how to reset your password, and what the licence allows.',
  },
]

const to = (path: string, label: string) => (
  <Anchor component={Link} to={path}>
    {label}
  </Anchor>
)

const SECTIONS: DocumentSection[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    content: (
      <>
        <p>
          {SITE_NAME} is a library of royalty-free, AI-generated assets made and curated by one artist: 3D object
          renders as transparent PNGs first, plus images and audio.
        </p>
        <ul>
          <li>You can browse, search and preview everything without an account.</li>
          <li>
            To download assets and save favourites, create a free account on the {to('/login', 'sign-in page')} (choose
            “Sign Up”) with your name, email and a password, or sign in with Google.
          </li>
          <li>
            After signing in you land on your profile, which shows your downloads, favourites, daily quota and plan.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'searching',
    title: 'Searching and filters',
    content: (
      <>
        <p>
          Type a word in the search box on the home page, in the header or on {to('/explore', 'Explore')} and press
          Enter. Search looks at titles, tags, categories and descriptions. Every word must match, and the last word may
          be the start of a word, so “glass rob” finds glass robots. Small typos are corrected: if “robto” finds
          nothing, the results for “robot” are shown and the page says so. Only a slip of the keys is corrected (a
          letter wrong, missing, extra or two swapped): a word the library does not have, such as “dragon”, finds
          nothing rather than something else, and the artist sees that people looked for it. When no asset has all your
          words, the page lists each word alone with how many assets it finds.
        </p>
        <ul>
          <li>
            <strong>Type tabs</strong>: All, 3D, Images or Audio.
          </li>
          <li>
            <strong>All filters</strong>: pick a category, or enter tags separated by commas (an asset must carry every
            tag). Popular tags are one click away. “Clear filters” removes them.
          </li>
          <li>
            <strong>Sort by</strong>: Relevance (when searching), Newest, Most Downloaded or Alphabetical.
          </li>
          <li>
            <strong>Grid or List</strong> view, and pages of 20 results.
          </li>
        </ul>
        <p>
          You can also start from {to('/categories', 'Categories')} or {to('/collections', 'Collections')}. Every search
          and filter is part of the page address, so you can bookmark or share it.
        </p>
      </>
    ),
  },
  {
    id: 'previews',
    title: 'Previews',
    content: (
      <>
        <p>Click an asset card to open its preview. There you can:</p>
        <ul>
          <li>see the asset against a white, black, transparent (checkerboard) or colourful background;</li>
          <li>zoom from 50% to 300% in steps of 25%;</li>
          <li>read its description, category, size and tags, and click a tag to find more like it;</li>
          <li>browse related assets from the same category, and open the asset's own page to share a link to it.</li>
        </ul>
        <p>Press Escape, click outside or use the close button to return to where you were.</p>
      </>
    ),
  },
  {
    id: 'downloading',
    title: 'Downloading and the daily quota',
    content: (
      <>
        <p>
          Press the download button in the preview or on the asset page: it names the file's format (“Download PNG”,
          “Download JPG”, “Download WAV”). If you are not signed in, you are asked to sign in first and then brought
          back to the asset. The file is saved as the asset's title with its real format's extension, such as “Glass
          Robot.png” or “Rain Loop.wav”. Under Download options, 3D and image assets also come in smaller sizes and
          other formats; the name then says the size the file really has, such as “Glass Robot-1024.webp”. Audio also
          comes as MP3 (“Download MP3”, saved as “Rain Loop.mp3”), which counts as the same download as the original.
        </p>
        <ul>
          <li>
            The Free plan allows {FREE_DAILY_DOWNLOADS} downloads per day. The count resets every day at midnight UTC,
            and your profile shows how many you have used.
          </li>
          <li>Downloading an asset you already downloaded the same day does not count again.</li>
          <li>
            When the quota is used up you are taken to the {to('/pricing', 'pricing page')}, where you can upgrade to
            Pro or come back the next day.
          </li>
          <li>Pro has no daily limit.</li>
        </ul>
        <p>
          If a download fails, try again: downloading the same asset again on the same day does not use more of your
          quota. If it keeps failing, send us the asset's link through the {to('/contact', 'contact page')}.
        </p>
      </>
    ),
  },
  {
    id: 'favourites',
    title: 'Favourites',
    content: (
      <p>
        Press the heart on an asset card or in the preview to save it; press it again to remove it. Your favourites are
        listed on {to('/favorites', 'Favorites')}, and the first six appear on your profile. Favourites need an account
        and do not count towards your download quota.
      </p>
    ),
  },
  {
    id: 'plans-billing',
    title: 'Plans and billing',
    content: (
      <>
        <ul>
          <li>
            <strong>Free</strong>: {FREE_DAILY_DOWNLOADS} downloads per day, free of charge.
          </li>
          <li>
            <strong>Pro</strong>: ${PRO_PRICE_USD} per month for unlimited downloads and early access to new assets: an
            asset the artist has scheduled opens and downloads for Pro up to {plural(EARLY_ACCESS_DAYS, 'day')} before
            it goes live for everyone ({to('/early-access', 'what is in early access now')}).
          </li>
        </ul>
        <p>
          Upgrade from the {to('/pricing', 'pricing page')}. Payment happens on the secure checkout page of Stripe, our
          card payment provider; we never see your card number. Pro renews monthly until you cancel. To update your card
          or cancel, go to your profile and open Stripe's billing portal from there; after cancelling you keep Pro until
          the end of the month you paid for. Your billing history is on your profile.
        </p>
      </>
    ),
  },
  {
    id: 'account',
    title: 'Account and password reset',
    content: (
      <ul>
        <li>
          Forgot your password? Use {to('/forgot-password', 'Forgot password')}, enter your email, and follow the link
          we send you to choose a new password. The link works once and expires after an hour; if it has expired, ask
          for a new one.
        </li>
        <li>If the email does not arrive within a few minutes, check your spam folder.</li>
        <li>
          If you signed up with Google, sign in with Google again; the password of your Google account is managed by
          Google.
        </li>
        <li>To sign out, use “Log out” in the header.</li>
        <li>
          To change your name, email address or password, sign out your other sessions, download your data or delete
          your account, use your {to(ACCOUNT_PATH, 'account settings')}.
        </li>
      </ul>
    ),
  },
  {
    id: 'licensing',
    title: 'Licensing',
    content: (
      <>
        <p>
          Every asset may be used commercially with no attribution, on the Free and the Pro plan alike. Resale,
          redistribution (for example putting the files as-is in asset packs), NFT use and AI-training use need our
          written permission first.
        </p>
        <p>
          The full text is the {to('/license', 'License Agreement')}. If you are unsure whether your project is covered,
          ask us before you publish.
        </p>
      </>
    ),
  },
]

export default function HelpPage() {
  return (
    <DocumentPage
      title="Help Center"
      intro={
        <Text inherit>
          How to find, preview and download assets, and how accounts, plans and the licence work. Short answers are in
          the {to('/faq', 'FAQ')}; if you are still stuck, {to('/contact', 'contact us')} and we will reply within 1-2
          business days.
        </Text>
      }
      sections={SECTIONS}
    />
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
