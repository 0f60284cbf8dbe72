import { Anchor, Text } from '@mantine/core'
import { Link } from 'react-router'
import type { Route } from './+types/license'
import { DocumentPage, type DocumentSection } from '~/components/DocumentPage/DocumentPage'
import { FREE_DAILY_DOWNLOADS, PRO_PRICE_USD, SITE_NAME } from '~/lib/constants'
import { withSharing } from '~/lib/sharing'
import { LICENCE_TERMS } from '~/lib/licence-terms'

const pageMeta: Route.MetaFunction = () => [
  { title: `License Agreement | ${SITE_NAME}` },
  {
    name: 'description',
    content:
      'The licence for every asset of AI Stock Library: commercial use with no attribution; resale, redistribution, NFT use and AI training need written permission.',
  },
]

const contact = (label = 'contact page') => (
  <Anchor component={Link} to="/contact">
    {label}
  </Anchor>
)

const SECTIONS: DocumentSection[] = [
  {
    id: 'summary',
    title: 'Summary',
    content: (
      <>
        <p>This summary is here to help; the numbered sections below are the agreement itself.</p>
        <ul>
          <li>
            <strong>Commercial use is allowed.</strong> Use the assets in client work, products, ads, apps, games,
            videos and anything else you make, for profit or not.
          </li>
          <li>
            <strong>No attribution is required.</strong> A credit is welcome but never a condition.
          </li>
          <li>
            <strong>No per-use fees.</strong> Once you have downloaded an asset you may use it in as many projects as
            you like.
          </li>
          <li>
            <strong>Four uses need written permission first:</strong> resale, redistribution (for example putting the
            files as-is in an asset pack), NFT use, and AI-training use.
          </li>
          <li>
            <strong>Free and Pro get the same licence.</strong> Plans differ in how many downloads you get, not in what
            you may do with them.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'definitions',
    title: 'Definitions',
    content: (
      <ul>
        <li>
          <strong>“Library”, “we”, “us”</strong>: {SITE_NAME}, the collection of assets made and curated by one artist,
          and the website through which it is offered.
        </li>
        <li>
          <strong>“You”</strong>: the person who downloads an asset, or the organisation on whose behalf that person
          downloads it.
        </li>
        <li>
          <strong>“Asset”</strong>: any file you download from the Library: 3D object renders, images, audio and any
          other media we add later, including any modified version of that file.
        </li>
        <li>
          <strong>“End Product”</strong>: a work you create in which an Asset is incorporated together with your own
          content or design, so that the result is more than the Asset itself.
        </li>
      </ul>
    ),
  },
  {
    id: 'grant',
    title: 'The licence we grant you',
    content: (
      <>
        <p>
          When you download an Asset, we grant you a worldwide, non-exclusive, perpetual, royalty-free licence to use,
          copy, modify and display that Asset, and to distribute it as part of End Products, for personal and commercial
          purposes, subject to this agreement.
        </p>
        <p>
          You do not need to credit the artist or the Library. You may edit, crop, recolour, animate, resize or combine
          an Asset with other material. You may use the same Asset in any number of End Products, for yourself or for
          your clients.
        </p>
        <p>
          The licence is personal to you: you may not transfer or sublicense it, except that a client for whom you make
          an End Product may use that End Product, including the Assets within it, as part of it.
        </p>
      </>
    ),
  },
  {
    id: 'end-products',
    title: 'Allowed end products',
    content: (
      <>
        <p>Examples of End Products you may create and sell or give away without asking us:</p>
        <ul>
          <li>websites, landing pages, web and mobile apps, and software interfaces;</li>
          <li>
            video games and interactive media, where Assets are part of the game and not offered as separate files;
          </li>
          <li>advertising, social media posts, thumbnails, banners and email campaigns;</li>
          <li>
            videos, films, animations, podcasts and presentations, including audio used as background music or stingers;
          </li>
          <li>printed matter such as brochures, posters, book covers, packaging and labels;</li>
          <li>
            merchandise such as T-shirts, mugs and stickers, where the Asset is part of a design of your own rather than
            the unmodified Asset printed on its own;
          </li>
          <li>client work of any of these kinds, delivered to and used by your client.</li>
        </ul>
        <p>
          The test is simple: people should be buying or using your work, not obtaining our Asset. If your End Product
          would let someone extract and reuse an Asset as a standalone file, it falls under section 5.
        </p>
      </>
    ),
  },
  {
    id: 'written-permission',
    title: 'Uses that need written permission',
    content: (
      <>
        <p>The following uses are not covered by this licence. Each needs our written permission before you start:</p>
        <h3>Resale</h3>
        <p>
          Selling Assets themselves, modified only slightly or not at all: as stock on another marketplace, as prints or
          products where the unmodified Asset is the product, or as files in any form.
        </p>
        <h3>Redistribution</h3>
        <p>
          Making Asset files available for others to download or reuse, free or paid: for example as-is in asset packs,
          template kits, mock-up kits, icon sets, design-system libraries, or game-engine asset stores, or on
          file-sharing sites.
        </p>
        <h3>NFT use</h3>
        <p>
          Minting an Asset, or a work built mainly around an Asset, as a non-fungible token or similar blockchain-based
          item, or selling it on an NFT marketplace.
        </p>
        <h3>AI-training use</h3>
        <p>
          Using Assets to train, fine-tune, evaluate or otherwise develop machine-learning or AI models, or including
          them in data sets used for that purpose. AI-training use needs written permission even though the Assets
          themselves are AI-generated: the selection and curation are what make the Library valuable.
        </p>
        <p>
          Permission is given case by case and only counts when we have given it in writing (an email from us is
          enough).
        </p>
      </>
    ),
  },
  {
    id: 'restrictions',
    title: 'Other restrictions',
    content: (
      <ul>
        <li>
          You may not use an Asset as, or as part of, a trademark, logo or brand mark, because the licence is
          non-exclusive and others may use the same Asset.
        </li>
        <li>You may not claim that you created an Asset, or register copyright in an Asset on its own.</li>
        <li>
          You may not use an Asset in a way that is unlawful, defamatory, harassing or deceptive, or that suggests the
          artist endorses you, your product or your views.
        </li>
        <li>
          You may not share your account, or use several accounts, to obtain Assets for people who have not downloaded
          them themselves; each person or organisation using an Asset should download it under their own account.
        </li>
      </ul>
    ),
  },
  {
    id: 'ownership',
    title: 'Ownership',
    content: (
      <>
        <p>
          Assets are licensed, not sold. All rights not expressly granted to you remain with the Library. The Assets are
          exclusive to the Library: we do not offer them on other stock sites. Downloading an Asset does not make it
          exclusive to you; if you need an asset made only for you, ask for a custom one on the {contact()}.
        </p>
        <p>
          The Assets are generated with AI tools and then selected, refined and curated by the artist. How far copyright
          protects such works differs from country to country. This agreement applies as a contract between you and us
          whatever that protection is.
        </p>
      </>
    ),
  },
  {
    id: 'plans',
    title: 'Free and Pro plans',
    content: (
      <p>
        This licence is the same on every plan. The Free plan allows {FREE_DAILY_DOWNLOADS} downloads per day; Pro costs
        ${PRO_PRICE_USD} per month and gives unlimited downloads and early access to new assets. The plans themselves
        are described in the{' '}
        <Anchor component={Link} to="/terms">
          Terms of Service
        </Anchor>{' '}
        and on the{' '}
        <Anchor component={Link} to="/pricing">
          pricing page
        </Anchor>
        . Cancelling Pro does not take away the licence for Assets you downloaded while subscribed.
      </p>
    ),
  },
  {
    id: 'asking-permission',
    title: 'Asking for permission',
    content: (
      <p>
        To ask for one of the uses in section 5, or if you are unsure whether your project is covered, write to us
        through the {contact()} before you publish. Tell us which Assets you want to use (their links), what you plan to
        make, where it will be distributed and roughly how many copies or users you expect. We reply within 1-2 business
        days.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    content: (
      <p>
        If you breach this agreement, your licence ends automatically for the Assets concerned and you must stop using
        them and delete your copies. End Products that you distributed in good faith before the breach, and that comply
        with this agreement, may stay in circulation. Otherwise the licence lasts indefinitely, including after you
        close your account.
      </p>
    ),
  },
  {
    id: 'warranty',
    title: 'No warranty',
    content: (
      <p>
        Assets are provided “as is”. The artist reviews every Asset before it is published, but we do not warrant that
        an Asset is fit for a particular purpose, free of errors, or that no Asset resembles material of third parties.
        You are responsible for checking that your End Product, and any names, logos, people or products shown alongside
        an Asset, comply with the law where you publish it.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    content: (
      <p>
        To the extent the law allows, we are not liable for indirect or consequential loss, lost profits or lost data
        arising from your use of an Asset, and our total liability under this agreement is limited to the amount you
        paid us in the twelve months before the claim. Nothing in this agreement limits liability that cannot be limited
        by law, or rights you have as a consumer.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this agreement',
    content: (
      <p>
        We may update this agreement; the effective date at the top will change when we do. A new version applies to
        downloads made after its effective date. Assets you downloaded earlier remain under the version that was in
        force when you downloaded them.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    content: (
      <p>
        Questions about this licence and requests for permission go through the {contact()}. We reply within 1-2
        business days.
      </p>
    ),
  },
]

export default function LicensePage() {
  return (
    <DocumentPage
      title="License Agreement"
      dated={`Effective ${LICENCE_TERMS.effectiveDate}`}
      intro={
        <Text inherit>
          This agreement sets out what you may do with the assets you download from {SITE_NAME}. It applies to every
          asset and every plan.
        </Text>
      }
      sections={SECTIONS}
    />
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
