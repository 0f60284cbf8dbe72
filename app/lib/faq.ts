// FAQ content, shared by the home page's FAQ section and the /faq page.
// Every answer must stay true to the product facts (plans, licence, contact promise).
import { FREE_DAILY_DOWNLOADS, PRO_PRICE_USD } from '~/lib/constants'

export const FAQ_CATEGORIES = ['general', 'licensing', 'support'] as const
export type FaqCategory = (typeof FAQ_CATEGORIES)[number]

export interface FaqItem {
  question: string
  answer: string
}

export const FAQ_CATEGORY_LABELS: Record<FaqCategory, string> = {
  general: 'General',
  licensing: 'Licensing',
  support: 'Support',
}

export const DEFAULT_FAQ_CATEGORY: FaqCategory = 'general'

/** Reads `?faq=` from a URL; anything unknown falls back to General rather than failing the page. */
export function parseFaqCategory(value: string | null | undefined): FaqCategory {
  return (FAQ_CATEGORIES as readonly string[]).includes(value ?? '') ? (value as FaqCategory) : DEFAULT_FAQ_CATEGORY
}

export const FAQ: Record<FaqCategory, FaqItem[]> = {
  general: [
    {
      question: 'What is AI Stock Library?',
      answer:
        'A library of royalty-free, AI-generated stock assets. It starts with 3D object renders delivered as transparent PNGs, alongside images and audio. Videos and sound effects are planned.',
    },
    {
      question: 'Who makes the assets?',
      answer:
        'One artist. Every asset is generated, reviewed and curated by the same person, and there are no user uploads, so the whole library keeps one standard and one style.',
    },
    {
      question: 'Is it free?',
      answer: `Yes. The Free plan lets you download ${FREE_DAILY_DOWNLOADS} assets a day. Pro costs $${PRO_PRICE_USD} a month and gives you unlimited downloads and early access to new assets.`,
    },
    {
      question: 'Do I need an account?',
      answer:
        'Browsing, searching and previewing are open to everyone. To download or save favourites, create a free account.',
    },
    {
      question: "What's coming next?",
      answer:
        'New assets are added every week, and videos and sound effects are on the way. A newsletter is coming soon so you can hear about new collections first.',
    },
  ],
  licensing: [
    {
      question: 'Can I use the assets commercially?',
      answer:
        'Yes. You can use the assets in commercial projects such as websites, apps, ads, videos and products you sell, on both the Free and the Pro plan.',
    },
    {
      question: 'Do I need to credit you?',
      answer: 'No attribution is required. A mention is always appreciated, but it is never a condition of use.',
    },
    {
      question: 'What needs written permission?',
      answer:
        'Reselling or redistributing the asset files, using them in NFTs, and using them to train AI models all need our written permission first. Ask through the contact page.',
    },
    {
      question: 'Are the assets exclusive?',
      answer:
        'They are exclusive to this library: you will not find them on other stock sites. Downloading an asset does not make it exclusive to you; for an asset made only for you, request a custom one.',
    },
    {
      question: 'Where can I read the full terms?',
      answer:
        'The License Agreement covers everything in detail. If your use case is not clearly covered, contact us before you publish.',
    },
  ],
  support: [
    {
      question: 'How do I contact you?',
      answer: 'Use the form on the contact page. We reply within 1-2 business days.',
    },
    {
      question: 'When does my daily download limit reset?',
      answer: `The Free plan's ${FREE_DAILY_DOWNLOADS} downloads reset every day at midnight UTC. Downloading an asset you already downloaded that day does not count again. Pro has no daily limit.`,
    },
    {
      question: 'Can I request a custom or exclusive asset?',
      answer:
        'Yes. Describe what you need on the contact page (subject, style, format and where it will be used) and we will get back to you about it.',
    },
    {
      question: 'How do I upgrade or cancel Pro?',
      answer:
        'Upgrade from the pricing page; payment happens on the secure checkout page of our card payment provider. Pro is billed monthly and you can cancel at any time, so it will not renew.',
    },
    {
      question: 'A download failed or a file looks wrong. What should I do?',
      answer:
        'Try the download again first. If the problem persists, send us the asset link through the contact page and we will fix it.',
    },
  ],
}
