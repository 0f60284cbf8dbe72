/**
 * Demo blog posts for seeding the stock library.
 *
 * Newest first. `contentHtml` uses only a small, safe subset of HTML
 * (p, h2, h3, strong, em, ul, ol, li, a, blockquote, br) with no classes,
 * inline styles or scripts. Cover images live in `public/blog/<slug>.svg`.
 */

export interface DemoBlogPost {
  slug: string
  title: string
  excerpt: string
  contentHtml: string
  imageUrl: string
  /** Human-readable date, e.g. 'March 12, 2026'. */
  date: string
  /** Approximate reading time at ~200 words per minute, e.g. '5 min read'. */
  readTime: string
  category: string
}

export const DEMO_BLOG_POSTS: readonly DemoBlogPost[] = [
  {
    slug: 'using-audio-loops-in-short-videos',
    title: 'Using Audio Loops in Short Videos',
    excerpt:
      'A practical guide to picking, trimming and mixing royalty-free audio loops so your reels, shorts and product clips sound finished rather than thrown together.',
    imageUrl: '/blog/using-audio-loops-in-short-videos.svg',
    date: 'November 10, 2026',
    readTime: '3 min read',
    category: 'Tutorials',
    contentHtml: `
<p>Short videos live or die in the first two seconds, and sound does more of that work than most people expect. A good loop sets the pace, hides awkward cuts and makes a fifteen-second clip feel intentional. Here is how I approach it when I use loops from the library in my own edits.</p>

<h2>1. Choose the loop before you cut</h2>
<p>It is tempting to edit the picture first and hunt for music at the end. Try the reverse. Pick a loop whose tempo suits the energy you want, drop it on the timeline, and cut your shots to its beat. Edits that land on a downbeat feel deliberate even when the footage is simple.</p>
<ul>
<li><strong>Calm product shots:</strong> slower loops with soft pads leave room for the object to breathe.</li>
<li><strong>Tips and tutorials:</strong> mid-tempo loops with a steady pulse keep viewers moving without fighting your voice.</li>
<li><strong>Launches and announcements:</strong> brighter, faster loops with a clear rhythm add urgency.</li>
</ul>

<h2>2. Make the loop fit the length</h2>
<p>Loops are designed to repeat cleanly, so you can extend them by placing copies end to end. Zoom in on the waveform and line each copy up exactly at the loop point; even a few milliseconds of gap produces an audible click. To shorten a piece, cut on a bar line rather than in the middle of a phrase, then add a short fade.</p>
<p>For endings, avoid simply chopping the audio when the picture stops. Either fade out over the last half second, or time your final shot so it finishes on the end of a musical phrase. The second option sounds far more polished.</p>

<h2>3. Leave space for voice</h2>
<p>If your video has narration, the music is background. A good starting point is to keep the loop well below the voice and then lower it a little further while someone is speaking. Most editors offer automatic ducking, which dips the music whenever dialogue is present. Use it, but listen back on phone speakers, because that is where most short videos are heard.</p>
<blockquote>A useful test: if you notice the music while concentrating on the words, it is too loud.</blockquote>

<h2>4. Layer, do not overload</h2>
<p>One loop is usually enough. If a section feels flat, try adding a single subtle layer, such as a second loop with only percussion, for the most important moment, then remove it again. Contrast is what makes the key beat stand out.</p>

<h2>5. Check the technical basics</h2>
<ol>
<li>Export at the sample rate your editing project uses to avoid resampling artefacts.</li>
<li>Normalise the final mix so it is not noticeably quieter or louder than other videos in the feed.</li>
<li>Watch once with the sound off and once with your eyes closed. Both versions should still make sense.</li>
</ol>

<h2>Licensing in one line</h2>
<p>Loops from the library are royalty-free: you can use them in commercial videos, including client work and ads, with no attribution required. You cannot resell or redistribute the audio files themselves, and NFT or AI-training use needs written permission. The <a href="/license">licence page</a> has the full details.</p>
<p>Free accounts can download five assets a day, which is plenty for trying a few loops against a rough cut. If you edit every day, <a href="/pricing">Pro</a> removes the limit and gives you early access to new collections as they arrive.</p>
`,
  },
  {
    slug: 'introducing-our-new-audio-and-image-collections',
    title: 'Introducing Our New Audio and Image Collections',
    excerpt:
      'The library started with transparent 3D renders. Today it grows to include images and audio, with videos and sound effects planned next.',
    imageUrl: '/blog/introducing-our-new-audio-and-image-collections.svg',
    date: 'October 6, 2026',
    readTime: '3 min read',
    category: 'News',
    contentHtml: `
<p>When I opened this library, it had one job: to offer clean, consistent 3D object renders on transparent backgrounds that anyone could drop into a project. That is still the heart of the collection. But a landing page or a product video usually needs more than a single object: a background to sit on, a sound to play underneath. Today the library starts to cover those too.</p>

<h2>What is new</h2>
<h3>Images</h3>
<p>The image collection brings full-frame artwork into the library: backgrounds, textures and illustrations made with the same approach as the 3D renders. Every image is generated, reviewed and curated by hand, and I only publish the ones I would be happy to use myself. They are designed to pair with existing 3D objects, so you can place a render over a background that already shares its palette and lighting.</p>
<h3>Audio</h3>
<p>The audio collection starts with music loops: short, seamless pieces built to repeat cleanly under product videos, reels, presentations and games. Each loop is checked for clicks at the loop point and for level, so you do not have to fix anything before using it. If you are new to working with loops, the tutorial on <a href="/blog/using-audio-loops-in-short-videos">using audio loops in short videos</a> is a good place to start.</p>

<h2>Same licence, same plans</h2>
<p>Nothing changes about how you can use what you download. Images and audio are covered by the same royalty-free licence as the 3D renders:</p>
<ul>
<li>Commercial use is allowed, including client work, ads and products.</li>
<li>No attribution is required.</li>
<li>Resale, redistribution of the files themselves, NFT use and use for training AI models need written permission.</li>
</ul>
<p>The plans are unchanged too. Free accounts can download five assets a day across all collections. <a href="/pricing">Pro</a> is $9 a month for unlimited downloads and early access, which means Pro members will see new images and loops before they are released to everyone.</p>

<h2>What comes next</h2>
<p>The 3D renders are not going anywhere. New assets are added every week across the library, and the 3D collection will keep growing alongside the new ones. Beyond that, two further collections are planned:</p>
<ol>
<li><strong>Videos:</strong> short clips and loops designed to sit behind text or product shots.</li>
<li><strong>Sound effects:</strong> interface sounds, transitions and small accents to complement the music loops.</li>
</ol>
<p>I do not have release dates to share yet, and I would rather take the time to get the quality right than rush them out.</p>

<h2>Stay in the loop</h2>
<p>A newsletter is coming soon. It will be a simple, occasional email with new collections, a few highlighted assets and the occasional tutorial, nothing more. Until then, this blog is the best place to hear about new releases.</p>
<blockquote>Thank you to everyone who has downloaded, shared and sent feedback so far. It shapes what gets made next.</blockquote>
<p>Have a look around, try a few of the new images and loops, and let me know what you would like to see added next.</p>
`,
  },
  {
    slug: 'what-royalty-free-means-for-your-projects',
    title: 'What Royalty-Free Means for Your Projects',
    excerpt:
      'A plain-English walkthrough of the licence: commercial use is allowed, attribution is never required, and a short list of uses needs written permission first.',
    imageUrl: '/blog/what-royalty-free-means-for-your-projects.svg',
    date: 'August 18, 2026',
    readTime: '3 min read',
    category: 'Licensing',
    contentHtml: `
<p>"Royalty-free" is one of those terms that appears on almost every stock site and means slightly different things on each. This post explains, in plain English, what it means here. It is a summary rather than legal advice, and the <a href="/license">licence page</a> is the text that actually applies, but it should answer most everyday questions.</p>

<h2>The short version</h2>
<ul>
<li><strong>You can use assets commercially.</strong> Websites, ads, apps, packaging, client projects, social posts and videos are all fine.</li>
<li><strong>You do not need to credit anyone.</strong> Attribution is appreciated but never required.</li>
<li><strong>You do not pay per use.</strong> Once you have downloaded an asset, you can use it in as many projects as you like without further fees.</li>
<li><strong>A few uses need written permission:</strong> resale, redistribution, NFTs and AI training.</li>
</ul>

<h2>What "royalty-free" does and does not mean</h2>
<p>Royalty-free means you do not owe ongoing payments each time an asset is used, viewed or sold as part of your work. It does <em>not</em> mean the assets are in the public domain, and it does not mean you may do anything at all with the files. The artist still curates and licenses the collection; you receive broad rights to use it in your own work.</p>

<h2>Uses that are clearly fine</h2>
<ol>
<li>Placing a transparent 3D render on a landing page or in an app's onboarding screens.</li>
<li>Using an image as a background in a presentation you deliver to a paying client.</li>
<li>Adding a music loop under a product video or an ad.</li>
<li>Printing a render on packaging or marketing materials for a product you sell.</li>
<li>Editing, recolouring, cropping or combining assets with your own work.</li>
</ol>

<h2>Uses that need written permission</h2>
<h3>Resale</h3>
<p>You cannot sell the assets themselves, for example as stock on another marketplace, as part of a template pack where the asset is the main value, or as prints where the unmodified asset is the product.</p>
<h3>Redistribution</h3>
<p>You cannot make the original files available for others to download, whether for free or as part of a bundle. Using an asset <em>inside</em> a finished design is fine; handing out the file so others can reuse it is not.</p>
<h3>NFTs</h3>
<p>Minting assets, or work built mainly around them, as NFTs or similar tokens requires permission.</p>
<h3>AI training</h3>
<p>Using assets to train or fine-tune machine-learning models, or including them in data sets, requires permission. This applies even though the assets are themselves AI-assisted; the curation and selection are what make the collection valuable.</p>
<blockquote>If you are unsure whether your project falls into one of these categories, ask before you publish. It is much easier to sort out in advance.</blockquote>

<h2>Do the plans change the licence?</h2>
<p>No. Free and <a href="/pricing">Pro</a> accounts get exactly the same licence. The difference is volume and timing: free accounts can download five assets a day, while Pro at $9 a month offers unlimited downloads and early access to new releases.</p>

<h2>Asking for permission</h2>
<p>If you need one of the restricted uses, get in touch with a short description of the project, the assets involved and how they will be used. Requests are considered case by case, and having the agreement in writing protects both of us.</p>
`,
  },
  {
    slug: 'choosing-colours-and-lighting-for-product-mock-ups',
    title: 'Choosing Colours and Lighting for Product Mock-ups',
    excerpt:
      'Small decisions about palette, light direction and shadow make the difference between a mock-up that looks pasted on and one that looks photographed.',
    imageUrl: '/blog/choosing-colours-and-lighting-for-product-mock-ups.svg',
    date: 'July 7, 2026',
    readTime: '3 min read',
    category: 'Design Tips',
    contentHtml: `
<p>A product mock-up has one job: make the viewer believe in the object for a few seconds. When 3D renders, backgrounds and UI elements come from different sources, the quickest way to break that belief is a mismatch in colour or light. Here are the principles I use when putting mock-ups together.</p>

<h2>Start with a limited palette</h2>
<p>Choose one dominant colour, one supporting colour and one accent before you place anything. The dominant colour usually belongs to the product or the brand. The supporting colour fills backgrounds and large surfaces. The accent is reserved for the single thing you want people to look at, such as a button, a label or a highlight.</p>
<ul>
<li><strong>Analogous palettes</strong> (neighbouring hues such as teal, blue and indigo) feel calm and premium.</li>
<li><strong>Complementary palettes</strong> (opposites such as orange and blue) create energy but need a lot of neutral space to avoid feeling loud.</li>
<li><strong>Near-monochrome palettes</strong> work beautifully for hardware and packaging, where form matters more than colour.</li>
</ul>

<h2>Match the background to the object, not the other way round</h2>
<p>A render already has its own colours and lighting baked in. Rather than recolouring it, sample a mid-tone from the object and build the background from a lighter or darker version of that hue. A soft gradient from that tone to a near-neutral creates depth without competing with the subject.</p>

<h2>Keep the light consistent</h2>
<p>Look at where the highlights sit on the render. If the brightest area is top-left, your light comes from the top-left, and everything else in the scene should agree:</p>
<ol>
<li>Background gradients should be brighter on the same side as the key light.</li>
<li>Drop shadows should fall away from the light, down and to the right in this example.</li>
<li>Any other objects in the composition should share the same highlight direction.</li>
</ol>
<p>Mixed light directions are the single most common reason a composite looks fake, even when viewers cannot say why.</p>

<h2>Ground the object with shadow</h2>
<p>Objects floating on a flat background look like stickers. Add a contact shadow: a soft, dark ellipse directly beneath the object, darkest where it touches the surface and fading quickly. Tint it slightly with the background colour instead of using pure black. If you want a floating effect, move the shadow further down and make it larger and softer.</p>
<blockquote>Pure black shadows and pure white highlights rarely exist in real scenes. Tint both, and the whole image softens.</blockquote>

<h2>Warm versus cool light</h2>
<p>Warm light (slightly orange or yellow) suggests comfort, food, lifestyle and evening scenes. Cool light (slightly blue) reads as technical, clean and modern. A common and flattering approach is a warm key light with a cool fill or rim, which separates the object from the background.</p>

<h2>Check contrast and accessibility</h2>
<p>If your mock-up includes text or interface elements, check that text contrast meets accessibility guidelines against the actual background, not against white. Gradients can drop below the recommended ratio in places you do not expect.</p>

<h2>A quick checklist</h2>
<ul>
<li>Three colours chosen before layout begins.</li>
<li>Background built from a tone sampled from the product.</li>
<li>One light direction, shared by highlights, gradients and shadows.</li>
<li>Tinted contact shadow grounding every object.</li>
<li>Contrast checked on the final composite.</li>
</ul>
<p>Transparent renders make all of this easier, because you control everything behind the object. Try two or three palettes on the same render before committing; the right one is usually obvious side by side.</p>
`,
  },
  {
    slug: 'behind-the-scenes-how-our-3d-renders-are-made',
    title: 'Behind the Scenes: How Our 3D Renders Are Made',
    excerpt:
      'From first idea to published PNG: how each AI-assisted 3D render is generated, reviewed, cleaned up and curated before it reaches the library.',
    imageUrl: '/blog/behind-the-scenes-how-our-3d-renders-are-made.svg',
    date: 'May 26, 2026',
    readTime: '3 min read',
    category: 'Behind the Scenes',
    contentHtml: `
<p>The library is made and curated by one person. AI tools do a lot of the heavy lifting, but they are only the start. Most of what I generate never makes it into the collection. This post walks through what happens between an idea and a render you can download.</p>

<h2>1. Planning a set</h2>
<p>I rarely generate single, unrelated objects. Instead I plan small sets around a theme, such as kitchen items, space objects or friendly robots, and decide on a shared style before starting: materials, level of detail, colour range and, most importantly, lighting. A consistent set is far more useful than a pile of unrelated pictures, because you can use several pieces together in one design without them clashing.</p>

<h2>2. Generating candidates</h2>
<p>With the style settled, I generate many variations of each object. I adjust descriptions, angles and materials until the results are close to what I have in mind. This is the fast part, and also the part where it is easiest to be fooled. At thumbnail size almost everything looks good.</p>

<h2>3. Reviewing at full size</h2>
<p>Every candidate is inspected at full resolution. This is where most are rejected. The usual problems are:</p>
<ul>
<li>Geometry that does not make sense, such as handles that merge into bodies or extra fingers on a character.</li>
<li>Garbled text or pseudo-logos, which I remove or reject because they would get in your way.</li>
<li>Lighting that disagrees with the rest of the set.</li>
<li>Resemblance to a real brand, product or well-known character.</li>
</ul>
<blockquote>My rule is simple: if I would not use it in my own client work, it does not go in the library.</blockquote>

<h2>4. Clean-up and transparency</h2>
<p>The survivors are cleaned up by hand. I fix small artefacts, balance colours across the set and separate the object from its background. Edges get the most attention: a good cut-out has no halo, keeps soft detail such as fur or glass, and looks correct on both light and dark backgrounds. I check each render against white, black and a mid-tone before exporting it as a PNG with a transparent background.</p>

<h2>5. Naming, tagging and categorising</h2>
<p>An asset you cannot find is an asset you cannot use. Each render gets a descriptive title, a category and a set of tags covering the object, its colours, its style and likely uses. I try to tag the way people actually search, so "coffee cup" and "mug" both lead to the same place.</p>

<h2>6. Publishing</h2>
<p>Finished renders are published in batches, and new assets are added every week. <a href="/pricing">Pro</a> members get early access, so they see new sets before everyone else. Free accounts can download five assets a day once a set is public.</p>

<h2>Why curation matters</h2>
<p>Generating an image takes seconds. Deciding whether it is good enough, fixing what is not, and making it fit alongside thousands of others takes much longer. That curation is what you are really getting when you download from the library: assets that have been looked at carefully, with consistent quality and a clear, royalty-free <a href="/license">licence</a>.</p>
<p>If there is a subject or style you would like to see as a future set, let me know. Suggestions are always welcome.</p>
`,
  },
  {
    slug: 'how-to-use-transparent-3d-png-renders-in-landing-pages',
    title: 'How to Use Transparent 3D PNG Renders in Landing Pages',
    excerpt:
      'Transparent 3D renders can give a landing page depth and personality. Here is how to place, size, optimise and animate them without slowing the page down.',
    imageUrl: '/blog/how-to-use-transparent-3d-png-renders-in-landing-pages.svg',
    date: 'April 14, 2026',
    readTime: '3 min read',
    category: 'Tutorials',
    contentHtml: `
<p>Flat illustrations have dominated landing pages for years, and many of them now look alike. A well-chosen 3D render adds depth, material and a bit of playfulness that is hard to achieve any other way. Because the renders in this library are PNGs with transparent backgrounds, you can place them directly on any colour or gradient. Here is how to get the most out of them.</p>

<h2>Pick one hero object</h2>
<p>The most effective use is usually the simplest: one strong object next to your headline. Choose something that represents your product's idea rather than the product itself. A padlock for security, a rocket for speed, a plant for growth. Metaphors work well at a glance and age better than literal screenshots.</p>
<p>Resist the urge to fill the hero with several renders. One main object plus, at most, two small supporting ones keeps the composition readable.</p>

<h2>Build the background around the render</h2>
<p>Transparent PNGs shine on soft gradients. Pick a tone from the render, lighten it considerably and use it as the start of a gradient. A subtle radial glow behind the object helps it stand out and suggests a light source. For more on palettes and light direction, see <a href="/blog/choosing-colours-and-lighting-for-product-mock-ups">choosing colours and lighting for product mock-ups</a>.</p>

<h2>Size and position</h2>
<ul>
<li><strong>Desktop:</strong> let the render take up roughly a third to half of the hero width, aligned opposite the text.</li>
<li><strong>Mobile:</strong> place it above or below the headline and scale it down so the call to action stays above the fold.</li>
<li><strong>Overlap:</strong> letting an object slightly cross the edge of a section adds depth, but keep it away from text and buttons.</li>
</ul>

<h2>Optimise before you ship</h2>
<p>High-quality renders can be large files, and a heavy hero image hurts load time. Before publishing:</p>
<ol>
<li>Resize the PNG to the largest size it will actually be displayed at, doubled for high-density screens.</li>
<li>Convert to WebP or AVIF, both of which support transparency and are usually much smaller.</li>
<li>Serve responsive sizes with <em>srcset</em> so phones do not download desktop images.</li>
<li>Always set width and height attributes to prevent layout shift.</li>
<li>Write meaningful alt text, or empty alt text if the render is purely decorative.</li>
</ol>
<p>Keep the original PNG in your project files. It is your master copy for future edits and new sizes.</p>

<h2>Add gentle motion</h2>
<p>A slow floating animation, a few pixels up and down over several seconds, makes a 3D object feel alive. Slight parallax on scroll works well too. Keep movement subtle, and respect the user's reduced-motion setting by turning it off when requested.</p>
<blockquote>Motion should feel like the object is breathing, not bouncing.</blockquote>

<h2>Reuse renders across the page</h2>
<p>Consistency makes a page feel designed. Objects from the same set share lighting and style, so you can use a large render in the hero and smaller ones as feature icons further down. The result looks like a custom illustration set rather than a collage.</p>

<h2>Licensing</h2>
<p>Landing pages, including those for commercial products and client sites, are covered by the royalty-free licence, and no attribution is needed. Just do not offer the PNG files themselves for download or resale. The <a href="/license">licence page</a> covers the details.</p>
<p>Free accounts can download five renders a day, enough to try a few options in your design. If you are building pages regularly, <a href="/pricing">Pro</a> gives you unlimited downloads for $9 a month.</p>
`,
  },
]
