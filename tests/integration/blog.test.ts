import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase } from '#db/client'
import { makeUser } from '../support/factories'
import { createPost, getPostBySlug, slugify, updatePost } from '~/domain/blog/blog.server'
import { sanitizeBlogHtml } from '~/platform/sanitize.server'
import { createSession } from '~/domain/accounts/sessions.server'
import { BlogPostSchema, blogFieldErrors, type BlogPostInput } from '~/lib/blog-schema'
import { loader as blogPage } from '~/routes/blog'
import { loader as blogPostPage } from '~/routes/blog-post'
import { action as blogFormAction, loader as blogFormLoader } from '~/routes/admin/blog-form'
import { loader as adminListPage } from '~/routes/admin/blog'
import { loader as publicBlogs } from '~/routes/api/blogs'
import { loader as publicBlog } from '~/routes/api/blogs-slug'
import { action as adminBlogsAction, loader as adminBlogsLoader } from '~/routes/api/admin/blogs'
import { action as adminBlogAction, loader as adminBlogLoader } from '~/routes/api/admin/blogs-id'
import { action as uploadImage } from '~/routes/api/admin/upload-image'
import { servicesContext } from '~/web/context.server'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'
import { startImagesServer } from '../support/images-server'

const uid = () => randomUUID().slice(0, 8)

function postInput(overrides: Partial<BlogPostInput> = {}): BlogPostInput {
  return {
    title: `Post ${uid()}`,
    content: '<p>Hello <strong>world</strong></p>',
    excerpt: 'A short summary.',
    date: 'March 12, 2026',
    category: 'Tutorials',
    readTime: '3 min read',
    image: '/blog/cover.svg',
    ...overrides,
  }
}

describe('sanitizeBlogHtml', () => {
  // Each must come out without anything that runs code or loads a foreign document.
  const payloads = [
    '<script>alert(1)</script><p>text</p>',
    '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
    '<p>a<script type="module">import("//evil.example")</script>b</p>',
    '<img src=x onerror=alert(1)>',
    '<img src="/ok.png" onerror="alert(1)">',
    '<img src="https://example.com/a.png" onload="alert(1)">',
    '<p onclick="alert(1)">click</p>',
    '<a href="/blog" onmouseover="alert(1)">hover</a>',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
    '<a href="&#x6A;avascript&#x3A;alert(1)">x</a>',
    '<a href="java&#x09;script:alert(1)">x</a>',
    '<a href="java\nscript:alert(1)">x</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<a href="DATA:text/html,<script>alert(1)</script>">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="VBScript:msgbox(1)">x</a>',
    '<a href="//evil.example/">protocol-relative</a>',
    '<img src="javascript:alert(1)">',
    '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    '<img src="//evil.example/pixel.gif">',
    '<p style="background:url(javascript:alert(1))">styled</p>',
    '<span style="position:fixed;inset:0">overlay</span>',
    '<style>body{display:none}</style><p>x</p>',
    '<iframe src="https://evil.example"></iframe>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<svg onload="alert(1)"><circle r="1"/></svg>',
    '<svg><script>alert(1)</script></svg>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
    '<form action="javascript:alert(1)"><button>go</button></form>',
    '<input autofocus onfocus="alert(1)">',
    '<details open ontoggle="alert(1)">d</details>',
    '<body onload="alert(1)">',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<base href="javascript:alert(1)//">',
    '<link rel="stylesheet" href="https://evil.example/x.css">',
    '<a href="https://ok.example" target="_top" rel="opener">ok</a>',
    '<img src=x:alert(1) onerror=eval(src)>',
    '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><scr<script>ipt>alert(1)</script>',
  ]

  it.each(payloads)('neutralises %s', (payload) => {
    const out = sanitizeBlogHtml(payload)
    expect(out).not.toMatch(
      /<\s*(script|style|iframe|svg|math|object|embed|form|input|details|body|meta|base|link|button|span)\b/i,
    )
    expect(out).not.toMatch(/\son[a-z]+\s*=/i)
    expect(out).not.toMatch(/\sstyle\s*=/i)
    expect(out).not.toMatch(/(javascript|vbscript|data)\s*:/i)
    expect(out).not.toMatch(/(href|src)="\/\//i)
    expect(out).not.toMatch(/rel="opener"|target="_top"/)
  })

  it('keeps the markup the editor produces', () => {
    const html = [
      '<h1>One</h1><h2>Two</h2><h3>Three</h3>',
      '<p>Plain <strong>bold</strong> <b>b</b> <em>em</em> <i>i</i> <u>under</u> <code>x = 1</code><br />next line</p>',
      '<ul><li><p>bullet</p></li></ul><ol><li><p>number</p></li></ol>',
      '<blockquote><p>quote</p></blockquote><pre><code>code block</code></pre><hr />',
      '<p><a href="https://example.com/a?b=1">web</a> <a href="/blog/other">relative</a> <a href="mailto:hi@example.com">mail</a> <a href="tel:+123">tel</a> <a href="ftp://example.com/f">ftp</a> <a href="xmpp:me@example.com">xmpp</a></p>',
      '<img src="https://example.com/a.png" alt="A" /><img src="/images/blog/x.webp" alt="" width="640" height="480" />',
    ].join('')
    expect(sanitizeBlogHtml(html)).toBe(html)
    // The editor's default size, 'auto', is no attribute at all: HTML's width and height take pixels.
    expect(sanitizeBlogHtml('<img src="/a.png" alt="" width="auto" height="AUTO">')).toBe('<img src="/a.png" alt="" />')
  })

  it('opens new tabs safely and keeps only allowed image sizes', () => {
    expect(sanitizeBlogHtml('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    )
    expect(sanitizeBlogHtml('<img src="/a.png" width="100%;background:red" height="12">')).toBe(
      '<img src="/a.png" height="12" />',
    )
  })

  it('turns deeper headings into h3 and drops images with relative or foreign sources', () => {
    expect(sanitizeBlogHtml('<h5>Deep</h5>')).toBe('<h3>Deep</h3>')
    expect(sanitizeBlogHtml('<p>a<img src="picture.png">b<img src="ftp://example.com/x.png">c</p>')).toBe('<p>abc</p>')
  })
})

describe('slugs', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await createTestContext()
  })
  afterAll(() => t.close())

  it('are made from the title', () => {
    expect(slugify('My Post')).toBe('my-post')
    expect(slugify('  Café & Crème: 3D Renders!  ')).toBe('cafe-and-creme-3d-renders')
    expect(slugify('¿¡!?')).toBe('post')
    const long = slugify('word '.repeat(40))
    expect(long.length).toBeLessThanOrEqual(80)
    expect(long).not.toMatch(/^-|-$/)
  })

  it('are unique: the same title gives -2, -3 ...; editing keeps the slug', async () => {
    const title = `Same Title ${uid()}`
    const base = slugify(title)
    const author = { id: null, name: 'Tester' }
    const first = await createPost(t.db, postInput({ title }), author)
    const second = await createPost(t.db, postInput({ title }), author)
    const third = await createPost(t.db, postInput({ title }), author)
    expect([first.slug, second.slug, third.slug]).toEqual([base, `${base}-2`, `${base}-3`])

    const edited = await updatePost(t.db, second.id, postInput({ title: 'A Completely New Title' }))
    expect(edited?.slug).toBe(`${base}-2`)
    expect(edited?.title).toBe('A Completely New Title')
  })

  it('stay unique when the same title is saved twice at once', async () => {
    const title = `Race ${uid()}`
    const posts = await Promise.all(
      [0, 1, 2].map(() => createPost(t.db, postInput({ title }), { id: null, name: 'Tester' })),
    )
    expect(new Set(posts.map((p) => p.slug)).size).toBe(3)
  })
})

describe('blog post validation', () => {
  it('requires every field with a clear message', () => {
    const result = BlogPostSchema.safeParse({
      title: ' ',
      content: '<p></p>',
      excerpt: '',
      date: '',
      category: '',
      readTime: '',
      image: '',
    })
    expect(result.success).toBe(false)
    expect(blogFieldErrors(result.error!)).toEqual({
      title: 'Title is required.',
      content: 'Content is required.',
      excerpt: 'Excerpt is required.',
      date: 'Publish date is required.',
      category: 'Category is required.',
      readTime: 'Read time is required.',
      image: 'Image URL is required.',
    })
    const missing = BlogPostSchema.safeParse({})
    expect(blogFieldErrors(missing.error!).title).toBe('Title is required.')
  })

  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AA',
    '//evil.example/x.png',
    'ftp://example.com/x.png',
    'picture.png',
  ])('refuses the image URL %s', (image) => {
    const result = BlogPostSchema.safeParse(postInput({ image }))
    expect(blogFieldErrors(result.error!)).toEqual({ image: 'Image URL must start with http://, https:// or /.' })
  })

  it.each(['https://example.com/a.png', 'http://example.com/a.png', '/images/blog/a.webp'])(
    'accepts the image URL %s',
    (image) => {
      expect(BlogPostSchema.safeParse(postInput({ image })).success).toBe(true)
    },
  )
})

describe('blog API and pages', () => {
  let t: TestContext
  let adminToken: string
  let userToken: string
  let postId: number
  let postSlug: string

  beforeAll(async () => {
    t = await createTestContext()
    const admin = await makeUser(t.db, { role: 'admin', fullName: 'Ada Admin' })
    const user = await makeUser(t.db)
    adminToken = (await createSession(t.db, admin.id)).token
    userToken = (await createSession(t.db, user.id)).token
    const post = await createPost(t.db, postInput(), { id: admin.id, name: 'Ada Admin' })
    postId = post.id
    postSlug = post.slug
  })
  afterAll(() => t.close())

  const auth = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {})

  function uploadRequest(token: string | undefined, file: Blob, name = 'picture.png') {
    const body = new FormData()
    body.append('image', file, name)
    return makeRequest('/api/admin/upload-image', { method: 'POST', body, headers: auth(token) })
  }

  // Every admin blog call, as [name, route function, request builder, params].
  const adminCalls = () =>
    [
      [
        'GET /api/admin/blogs',
        adminBlogsLoader,
        (token?: string) => makeRequest('/api/admin/blogs', { headers: auth(token) }),
        {},
      ],
      [
        'POST /api/admin/blogs',
        adminBlogsAction,
        (token?: string) => makeRequest('/api/admin/blogs', { json: postInput(), headers: auth(token) }),
        {},
      ],
      [
        'GET /api/admin/blogs/{id}',
        adminBlogLoader,
        (token?: string) => makeRequest(`/api/admin/blogs/${postId}`, { headers: auth(token) }),
        { id: String(postId) },
      ],
      [
        'PUT /api/admin/blogs/{id}',
        adminBlogAction,
        (token?: string) =>
          makeRequest(`/api/admin/blogs/${postId}`, { method: 'PUT', json: postInput(), headers: auth(token) }),
        { id: String(postId) },
      ],
      [
        'DELETE /api/admin/blogs/{id}',
        adminBlogAction,
        (token?: string) => makeRequest(`/api/admin/blogs/${postId}`, { method: 'DELETE', headers: auth(token) }),
        { id: String(postId) },
      ],
      [
        'POST /api/admin/upload-image',
        uploadImage,
        (token?: string) => uploadRequest(token, new Blob(['x'], { type: 'image/png' })),
        {},
      ],
    ] as const

  it('answers 401 to anonymous callers and 403 to signed-in non-admins on every admin call', async () => {
    for (const [name, fn, build, params] of adminCalls()) {
      const anonymous = (await callRoute(fn as never, {
        request: build(),
        params,
        context: t.routerContext(),
      })) as Response
      expect(anonymous.status, name).toBe(401)
      expect((await anonymous.json()).error, name).toBeTruthy()
      const user = (await callRoute(fn as never, {
        request: build(userToken),
        params,
        context: t.routerContext(),
      })) as Response
      expect(user.status, name).toBe(403)
      expect((await user.json()).error, name).toBeTruthy()
    }
  })

  it('creates a post through the API, sanitised, and serves it by slug', async () => {
    const title = `API Post ${uid()}`
    const created = (await callRoute(adminBlogsAction, {
      request: makeRequest('/api/admin/blogs', {
        json: postInput({
          title,
          content: '<p onclick="x()">Body<script>alert(1)</script></p><a href="javascript:alert(1)">bad</a>',
        }),
        headers: auth(adminToken),
      }),
      context: t.routerContext(),
    })) as Response
    expect(created.status).toBe(201)
    const post = await created.json()
    expect(post.slug).toBe(slugify(title))
    expect(post.author).toEqual({ name: 'Ada Admin' })
    expect(post.content).toBe('<p>Body</p><a>bad</a>')

    const fetched = (await callRoute(publicBlog, {
      request: makeRequest(`/api/blogs/${post.slug}`),
      params: { slug: post.slug },
      context: t.routerContext(),
    })) as Response
    expect(fetched.status).toBe(200)
    const body = await fetched.json()
    expect(Object.keys(body).sort()).toEqual([
      'author',
      'category',
      'content',
      'date',
      'excerpt',
      'id',
      'image',
      'readTime',
      'slug',
      'title',
    ])
    expect(body).toMatchObject({
      id: post.id,
      title,
      content: '<p>Body</p><a>bad</a>',
      excerpt: 'A short summary.',
      date: 'March 12, 2026',
      readTime: '3 min read',
      category: 'Tutorials',
      image: '/blog/cover.svg',
    })

    const list = (await callRoute(publicBlogs, {
      request: makeRequest('/api/blogs'),
      context: t.routerContext(),
    })) as Response
    const posts = await list.json()
    expect(Array.isArray(posts)).toBe(true)
    expect(posts[0].slug).toBe(post.slug) // newest first
  })

  it('updates a post through the API; the edit form call returns the seven fields', async () => {
    const put = (await callRoute(adminBlogAction, {
      request: makeRequest(`/api/admin/blogs/${postId}`, {
        method: 'PUT',
        json: postInput({ title: 'Renamed by API', category: 'News' }),
        headers: auth(adminToken),
      }),
      params: { id: String(postId) },
      context: t.routerContext(),
    })) as Response
    expect(put.status).toBe(200)
    expect((await put.json()).slug).toBe(postSlug)

    const got = (await callRoute(adminBlogLoader, {
      request: makeRequest(`/api/admin/blogs/${postId}`, { headers: auth(adminToken) }),
      params: { id: String(postId) },
      context: t.routerContext(),
    })) as Response
    const fields = await got.json()
    expect(fields).toMatchObject({
      title: 'Renamed by API',
      category: 'News',
      excerpt: 'A short summary.',
      image: '/blog/cover.svg',
      date: 'March 12, 2026',
      readTime: '3 min read',
    })
    expect(fields.content).toBe('<p>Hello <strong>world</strong></p>')

    const bySlug = await getPostBySlug(t.db, postSlug)
    expect(bySlug?.title).toBe('Renamed by API')
  })

  it('answers 400 {error} for invalid input and 404 for a missing post', async () => {
    const invalid = (await callRoute(adminBlogsAction, {
      request: makeRequest('/api/admin/blogs', { json: { ...postInput(), title: '' }, headers: auth(adminToken) }),
      context: t.routerContext(),
    })) as Response
    expect(invalid.status).toBe(400)
    expect((await invalid.json()).error).toBe('Title is required.')

    const badImage = (await callRoute(adminBlogsAction, {
      request: makeRequest('/api/admin/blogs', {
        json: postInput({ image: 'javascript:alert(1)' }),
        headers: auth(adminToken),
      }),
      context: t.routerContext(),
    })) as Response
    expect(badImage.status).toBe(400)
    expect((await badImage.json()).error).toBe('Image URL must start with http://, https:// or /.')

    for (const id of ['999999999', 'abc']) {
      const put = (await callRoute(adminBlogAction, {
        request: makeRequest(`/api/admin/blogs/${id}`, { method: 'PUT', json: postInput(), headers: auth(adminToken) }),
        params: { id },
        context: t.routerContext(),
      })) as Response
      expect(put.status).toBe(404)
      const get = (await callRoute(adminBlogLoader, {
        request: makeRequest(`/api/admin/blogs/${id}`, { headers: auth(adminToken) }),
        params: { id },
        context: t.routerContext(),
      })) as Response
      expect(get.status).toBe(404)
    }
    const missing = (await callRoute(publicBlog, {
      request: makeRequest('/api/blogs/no-such-post'),
      params: { slug: 'no-such-post' },
      context: t.routerContext(),
    })) as Response
    expect(missing.status).toBe(404)
    expect((await missing.json()).error).toBe('Post not found.')
  })

  it('upload-image refuses a file that is not an image (400)', async () => {
    const text = (await callRoute(uploadImage, {
      request: uploadRequest(adminToken, new Blob(['hello'], { type: 'text/plain' }), 'notes.txt'),
      context: t.routerContext(),
    })) as Response
    expect(text.status).toBe(400)
    expect((await text.json()).error).toBe('Only image files can be uploaded.')
    // Claims to be a PNG, but sharp cannot decode it.
    const fake = (await callRoute(uploadImage, {
      request: uploadRequest(adminToken, new Blob(['<?php echo 1; ?>'], { type: 'image/png' })),
      context: t.routerContext(),
    })) as Response
    expect(fake.status).toBe(400)
    expect((await fake.json()).error).toBe('Only image files can be uploaded.')
    const none = (await callRoute(uploadImage, {
      request: makeRequest('/api/admin/upload-image', {
        method: 'POST',
        body: new FormData(),
        headers: auth(adminToken),
      }),
      context: t.routerContext(),
    })) as Response
    expect(none.status).toBe(400)
  })

  it('upload-image refuses an 11 MB file with 413 while streaming', async () => {
    const big = new Blob([new Uint8Array(11 * 1024 * 1024)], { type: 'image/png' })
    const res = (await callRoute(uploadImage, {
      request: uploadRequest(adminToken, big),
      context: t.routerContext(),
    })) as Response
    expect(res.status).toBe(413)
    expect((await res.json()).error).toBe('The image is larger than 10MB: each file can be up to 10MB.')
  })

  it('upload-image stores a PNG as WebP and the returned URL is served', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 4, background: '#ff0000' } })
      .png()
      .toBuffer()
    const res = (await callRoute(uploadImage, {
      request: uploadRequest(adminToken, new Blob([new Uint8Array(png)], { type: 'image/png' })),
      context: t.routerContext(),
    })) as Response
    expect(res.status).toBe(201)
    const { url } = await res.json()
    expect(url).toMatch(/^\/images\/blog\/[0-9a-f-]{36}\.webp$/)
    const images = await startImagesServer(t.storage)
    const served = await images.fetch(url).finally(() => images.close())
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 40, 30])
  })

  it('the admin form creates a post and goes to /admin/blog; bad input gets field messages', async () => {
    const cookie = { cookie: `__session=${adminToken}` }
    const title = `Form Post ${uid()}`
    const ok = (await callRoute(blogFormAction, {
      request: makeRequest('/admin/blog/new', { form: { ...postInput({ title }) }, headers: cookie }),
      context: t.routerContext(),
    })) as Response
    expect(ok.status).toBe(302)
    expect(ok.headers.get('location')).toBe('/admin/blog')
    expect((await getPostBySlug(t.db, slugify(title)))?.title).toBe(title)

    const bad = (await callRoute(blogFormAction, {
      request: makeRequest('/admin/blog/new', {
        form: { title: '', content: '', excerpt: '', date: '', category: '', readTime: '', image: '' },
        headers: cookie,
      }),
      context: t.routerContext(),
    })) as { data: { formError: string; fieldErrors: Record<string, string> }; init: { status: number } }
    expect(bad.init.status).toBe(400)
    expect(bad.data.formError).toBe('Failed to create blog post')
    expect(Object.keys(bad.data.fieldErrors).sort()).toEqual([
      'category',
      'content',
      'date',
      'excerpt',
      'image',
      'readTime',
      'title',
    ])

    const missing = (await callRoute(blogFormAction, {
      request: makeRequest('/admin/blog/edit/999999999', { form: { ...postInput() }, headers: cookie }),
      params: { id: '999999999' },
      context: t.routerContext(),
    })) as { data: { formError: string }; init: { status: number } }
    expect(missing.init.status).toBe(404)
    expect(missing.data.formError).toBe('Failed to update blog post')

    const load = (await callRoute(blogFormLoader, {
      request: makeRequest('/admin/blog/edit/999999999', { headers: cookie }),
      params: { id: '999999999' },
      context: t.routerContext(),
    })) as {
      data: { loadError: string }
      init: { status: number }
    }
    expect(load.init.status).toBe(404)
    expect(load.data.loadError).toBe('Failed to load blog post')
  })

  it("the admin form takes a picture for the post without JavaScript: stored as WebP, it is the post's image", async () => {
    const cookie = { cookie: `__session=${adminToken}` }
    type Reply = { data: { fieldErrors: Record<string, string>; values: { image: string } }; init: { status: number } }
    const blogImages = async () =>
      Number(
        (
          await t.db
            .selectFrom('blog_images')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const post = (fields: Partial<BlogPostInput>, picture?: Blob) => {
      const body = new FormData()
      for (const [name, value] of Object.entries(postInput({ image: '', ...fields }))) body.append(name, value)
      // A form without a chosen file still sends the field, empty.
      body.append('picture', picture ?? new Blob([]), picture ? 'cover.png' : '')
      return callRoute(blogFormAction, {
        request: makeRequest('/admin/blog/new', { method: 'POST', body, headers: cookie }),
        context: t.routerContext(),
      })
    }
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0000ff' } })
      .png()
      .toBuffer()
    const picture = new Blob([new Uint8Array(png)], { type: 'image/png' })

    // Saved: the post's image is the stored copy, a WebP of the picture's size.
    const title = `Pictured ${uid()}`
    const saved = (await post({ title }, picture)) as Response
    expect(saved.status).toBe(302)
    const image = (await getPostBySlug(t.db, slugify(title)))!.image
    expect(image).toMatch(/^\/images\/blog\/[0-9a-f-]{36}\.webp$/)
    const images = await startImagesServer(t.storage)
    const served = await images.fetch(image).finally(() => images.close())
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 64, 48])

    // Another field refused: the picture is kept, its address back in the form.
    const refused = (await post({ title: '' }, picture)) as Reply
    expect(refused.init.status).toBe(400)
    expect(Object.keys(refused.data.fieldErrors)).toEqual(['title'])
    expect(refused.data.values.image).toMatch(/^\/images\/blog\/[0-9a-f-]{36}\.webp$/)

    // A file that is not a picture, or one over the limit: the image field says so, nothing is stored.
    const before = await blogImages()
    const notPicture = `Not pictured ${uid()}`
    const text = (await post({ title: notPicture }, new Blob(['just text'], { type: 'image/png' }))) as Reply
    expect(text.init.status).toBe(400)
    expect(text.data.fieldErrors).toEqual({ image: 'Only image files can be uploaded.' })
    const big = (await post(
      { title: notPicture },
      new Blob([new Uint8Array(10 * 1024 * 1024 + 1)], { type: 'image/png' }),
    )) as Reply
    expect(big.init.status).toBe(413)
    expect(big.data.fieldErrors).toEqual({ image: 'The picture is larger than 10MB: each file can be up to 10MB.' })
    expect(await blogImages()).toBe(before)
    expect(await getPostBySlug(t.db, slugify(notPicture))).toBeNull()

    // A body past the form's limit is not read: the form shows what the page loaded (values
    // null), never blanks over the post.
    const huge = (await callRoute(blogFormAction, {
      request: makeRequest('/admin/blog/new', {
        method: 'POST',
        body: 'x',
        headers: {
          ...cookie,
          'content-type': 'multipart/form-data; boundary=z',
          'content-length': String(12 * 1024 * 1024),
        },
      }),
      context: t.routerContext(),
    })) as { data: { fieldErrors: Record<string, string>; values: unknown }; init: { status: number } }
    expect(huge.init.status).toBe(413)
    expect(huge.data).toMatchObject({
      values: null,
      fieldErrors: { image: 'The picture is larger than 10MB: each file can be up to 10MB.' },
    })

    // Neither an address nor a picture: the image is still required.
    const none = (await post({ title: notPicture })) as Reply
    expect(none.init.status).toBe(400)
    expect(none.data.fieldErrors).toEqual({ image: 'Image URL is required.' })
  })

  it('deletes a post through the edit form and the API: audited, its address 404, the slug free again; a second delete 404', async () => {
    const cookie = { cookie: `__session=${adminToken}` }
    const byForm = await createPost(t.db, postInput(), { id: null, name: 'Ada Admin' })
    const byApi = await createPost(t.db, postInput(), { id: null, name: 'Ada Admin' })
    const audited = async (id: number) =>
      t.db
        .selectFrom('audit_log')
        .select(['action', 'target_type', 'details'])
        .where('target_id', '=', String(id))
        .where('action', '=', 'blog.delete')
        .execute()
    const page = async (slug: string) =>
      (
        (await callRoute(blogPostPage, {
          request: makeRequest(`/blog/${slug}`),
          params: { slug },
          context: t.routerContext(),
        })) as { thrown?: { init: { status: number } } }
      ).thrown?.init.status ?? 200
    expect(await page(byForm.slug)).toBe(200)

    // Not by another person, not by a post's ordinary save.
    const stranger = await callRoute(blogFormAction, {
      request: makeRequest(`/admin/blog/edit/${byForm.id}`, {
        form: { intent: 'delete' },
        headers: { cookie: `__session=${userToken}` },
      }),
      params: { id: String(byForm.id) },
      context: t.routerContext(),
    })
    expect((stranger as { thrown: { init: { status: number } } }).thrown.init.status).toBe(404)
    expect(await page(byForm.slug)).toBe(200)

    const form = (await callRoute(blogFormAction, {
      request: makeRequest(`/admin/blog/edit/${byForm.id}`, { form: { intent: 'delete' }, headers: cookie }),
      params: { id: String(byForm.id) },
      context: t.routerContext(),
    })) as Response
    expect(form.status).toBe(302)
    expect(form.headers.get('location')).toBe('/admin/blog?deleted=1')
    expect(await page(byForm.slug)).toBe(404)
    expect(await audited(byForm.id)).toEqual([
      { action: 'blog.delete', target_type: 'blog_post', details: { title: byForm.title } },
    ])
    const again = (await callRoute(blogFormAction, {
      request: makeRequest(`/admin/blog/edit/${byForm.id}`, { form: { intent: 'delete' }, headers: cookie }),
      params: { id: String(byForm.id) },
      context: t.routerContext(),
    })) as { data: { formError: string }; init: { status: number } }
    expect(again.init.status).toBe(404)
    expect(again.data.formError).toBe('That post no longer exists.')
    // The list says so.
    const list = (await callRoute(adminListPage, {
      request: makeRequest('/admin/blog?deleted=1', { headers: cookie }),
      context: t.routerContext(),
    })) as { deleted: boolean; posts: { id: number }[] }
    expect(list.deleted).toBe(true)
    expect(list.posts.map((p) => p.id)).not.toContain(byForm.id)

    const del = (id: number) =>
      callRoute(adminBlogAction, {
        request: makeRequest(`/api/admin/blogs/${id}`, { method: 'DELETE', headers: auth(adminToken) }),
        params: { id: String(id) },
        context: t.routerContext(),
      }) as Promise<Response>
    const api = await del(byApi.id)
    expect(api.status).toBe(200)
    expect(await api.json()).toEqual({ ok: true, id: byApi.id })
    expect(await page(byApi.slug)).toBe(404)
    expect((await audited(byApi.id)).length).toBe(1)
    const gone = await del(byApi.id)
    expect(gone.status).toBe(404)
    expect(await gone.json()).toMatchObject({ error: 'Blog post not found.' })
    // The slug is free again: a new post of the same title takes it.
    const reborn = await createPost(t.db, postInput({ title: byApi.title }), { id: null, name: 'Ada Admin' })
    expect(reborn.slug).toBe(byApi.slug)
  })

  it('the admin form is closed to non-admins', async () => {
    const res = await callRoute(blogFormAction, {
      request: makeRequest('/admin/blog/new', {
        form: { ...postInput() },
        headers: { cookie: `__session=${userToken}` },
      }),
      context: t.routerContext(),
    })
    expect((res as { thrown: { init: { status: number } } }).thrown.init.status).toBe(404)
  })

  it('/blog/{slug} throws 404 for a missing post; /blog says when posts cannot be loaded', async () => {
    const missing = (await callRoute(blogPostPage, {
      request: makeRequest('/blog/no-such-post'),
      params: { slug: 'no-such-post' },
      context: t.routerContext(),
    })) as {
      thrown: { data: string; init: { status: number } }
    }
    expect(missing.thrown.init.status).toBe(404)
    expect(missing.thrown.data).toBe('Post not found.')

    const found = (await callRoute(blogPostPage, {
      request: makeRequest(`/blog/${postSlug}`),
      params: { slug: postSlug },
      context: t.routerContext(),
    })) as { post: { slug: string } }
    expect(found.post.slug).toBe(postSlug)

    const dead = createDatabase({ url: 'postgres://postgres@127.0.0.1:1/none' })
    const context = new RouterContextProvider()
    context.set(servicesContext, { ...t.services, db: dead })
    const failed = (await callRoute(blogPage, { request: makeRequest('/blog'), context })) as {
      data: { error: string; posts: unknown[] }
      init: { status: number }
    }
    expect(failed.data).toEqual({ posts: [], error: 'Failed to load blog posts' })
    await dead.destroy()
  })
})

describe('posts saved with the editor\'s width="auto" (migration 0026)', () => {
  it('lose the attributes, keeping everything else', async () => {
    const t = await createTestContext()
    try {
      const slug = `auto-size-${randomUUID().slice(0, 8)}`
      const before =
        '<p>Look:</p><img src="/images/blog/a.webp" alt="" width="auto" height="auto" /><p>width="auto" in words stays.</p><img src="/b.png" alt="B" width="640" height="AUTO" />'
      await t.db
        .insertInto('blog_posts')
        .values({ slug, title: 'Auto', content_html: before, author_id: null })
        .execute()
      const { up } = await import('#db/migrations/0026_blog_images_without_auto_size')
      await up(t.db as never)
      const after = await t.db
        .selectFrom('blog_posts')
        .select('content_html')
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow()
      expect(after.content_html).toBe(
        '<p>Look:</p><img src="/images/blog/a.webp" alt="" /><p>width="auto" in words stays.</p><img src="/b.png" alt="B" width="640" />',
      )
      await t.db.deleteFrom('blog_posts').where('slug', '=', slug).execute()
    } finally {
      await t.close()
    }
  })
})
