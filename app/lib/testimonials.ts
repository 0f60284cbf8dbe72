// Static testimonials for the home page carousel: 10 entries, 4 or 5 stars each.

export const TESTIMONIAL_COLOURS = ['indigo', 'teal', 'violet', 'orange', 'pink'] as const
export type TestimonialColour = (typeof TESTIMONIAL_COLOURS)[number]

export interface Testimonial {
  stars: 4 | 5
  title: string
  quote: string
  author: string
  role: string
  colour: TestimonialColour
}

export const TESTIMONIALS: Testimonial[] = [
  {
    stars: 5,
    title: 'Drop-in ready',
    quote:
      'The transparent PNGs go straight into my thumbnails. No masking, no cleanup, just drag and drop. It saves me an hour per video.',
    author: 'Maya Okafor',
    role: 'YouTube creator',
    colour: 'indigo',
  },
  {
    stars: 5,
    title: 'A third of the price, better fit',
    quote:
      'I was paying $29 a month elsewhere for generic 3D packs. Pro here costs a third of that and the renders actually match each other.',
    author: 'Daniel Reyes',
    role: 'Freelance web designer',
    colour: 'teal',
  },
  {
    stars: 4,
    title: 'Great for prototypes',
    quote:
      'Our onboarding screens needed illustrations before the brand team had time for them. These filled the gap and shipped to production.',
    author: 'Priya Nair',
    role: 'Front-end developer',
    colour: 'violet',
  },
  {
    stars: 5,
    title: 'Consistent style',
    quote:
      'Because one artist makes everything, the lighting and materials line up. I can mix five objects in one scene and it still looks like a set.',
    author: 'Jonas Weber',
    role: 'Motion designer',
    colour: 'orange',
  },
  {
    stars: 5,
    title: 'Licensing I can explain',
    quote:
      'Commercial use, no attribution. I read the licence once and could explain it to a client in one sentence. That alone sold me.',
    author: 'Sofia Martins',
    role: 'Agency founder',
    colour: 'pink',
  },
  {
    stars: 4,
    title: 'Landing pages in an afternoon',
    quote:
      'I built the launch page for our beta with three renders from here. It looked designed, and I am not a designer.',
    author: 'Ethan Brooks',
    role: 'Startup founder',
    colour: 'indigo',
  },
  {
    stars: 5,
    title: 'Worth going Pro',
    quote:
      'The free plan was enough to test it. Once I needed more than five downloads on busy days, upgrading was an easy call.',
    author: 'Aiko Tanaka',
    role: 'Social media manager',
    colour: 'teal',
  },
  {
    stars: 4,
    title: 'Fresh every week',
    quote:
      'I check the new arrivals every Monday. Early access means my campaign visuals are not the same ones everyone else posted last month.',
    author: 'Liam O\u2019Connor',
    role: 'Performance marketer',
    colour: 'violet',
  },
  {
    stars: 5,
    title: 'Clean edges',
    quote:
      'Edges are clean at full resolution, even on glossy objects. I have used them on print flyers without any retouching.',
    author: 'Fatima Zahra',
    role: 'Graphic designer',
    colour: 'orange',
  },
  {
    stars: 5,
    title: 'Custom request, handled',
    quote:
      'I asked for a custom set of icons in the same style for our app. The reply came quickly and the result fit our product perfectly.',
    author: 'Marcus Lee',
    role: 'Product designer',
    colour: 'pink',
  },
]
