import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { Alert, Anchor, Button, Container, Grid, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { useMounted } from '@mantine/hooks'
import type { Route } from './+types/blog-form'
import { getAdmin } from '~/web/session.server'
import { readForm } from '~/web/http.server'
import { BlogEditor } from '~/components/BlogEditor/BlogEditor'
import { authorOf, createPost, deletePost, getPostById, storeBlogImage, updatePost } from '~/domain/blog/blog.server'
import { FileField } from '~/components/admin/FileField/FileField'
import { MAX_BODY_BYTES, SITE_NAME, UPLOAD_LIMIT_BYTES } from '~/lib/constants'
import { fileTooLargeMessage, sizeLimitText } from '~/lib/upload-limits'
import { log } from '~/platform/log.server'
import { BLOG_FIELDS, blogFieldErrors, BlogPostSchema, type BlogField, type BlogFieldErrors } from '~/lib/blog-schema'
import { servicesContext } from '~/web/context.server'
import { parseId } from '~/lib/ids'
import { withSharing } from '~/lib/sharing'
import { errorMessage } from '~/lib/errors'

// One form for /admin/blog/new and /admin/blog/edit/{id}: create mode without an id.

type Values = Record<BlogField, string>

const LOAD_FAILED = 'Failed to load blog post'
const POST_GONE = 'That post no longer exists.'

/** The post's fields and a picture for it: the server's body cap for this form (server/guards.ts). */
const MAX_FORM_BYTES = MAX_BODY_BYTES + UPLOAD_LIMIT_BYTES + 64 * 1024
export const handle = { maxBodyBytes: MAX_FORM_BYTES }
const PICTURE_TOO_LARGE = fileTooLargeMessage(UPLOAD_LIMIT_BYTES, 'The picture')

const postId = (param: string | undefined): number | null => parseId(param) ?? null

/** Today as the free-text date the seeded posts use, e.g. 'March 12, 2026'. */
function today(): string {
  return new Date().toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
}

const pageMeta: Route.MetaFunction = ({ params }) => [
  { title: `${params.id ? 'Edit Blog Post' : 'New Blog Post'} | Admin | ${SITE_NAME}` },
]

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await getAdmin(request, context)
  const empty: Values = { title: '', content: '', excerpt: '', date: today(), category: '', readTime: '', image: '' }
  if (params.id === undefined) return { editing: false, values: empty, slug: null, loadError: null }
  const id = postId(params.id)
  try {
    const post = id ? await getPostById(context.get(servicesContext).db, id) : null
    if (!post) return data({ editing: true, values: null, slug: null, loadError: LOAD_FAILED }, { status: 404 })
    const { title, content, excerpt, date, category, readTime, image } = post
    return {
      editing: true,
      values: { title, content, excerpt, date, category, readTime, image } satisfies Values,
      slug: post.slug,
      loadError: null,
    }
  } catch (error) {
    log.error('blog post load failed', { id: params.id, error: errorMessage(error) })
    return data({ editing: true, values: null, slug: null, loadError: LOAD_FAILED }, { status: 503 })
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await getAdmin(request, context)
  const editing = params.id !== undefined
  const failure = editing ? 'Failed to update blog post' : 'Failed to create blog post'
  // Values null: the body was not read (or not echoed back), so the form shows what the page
  // loaded, never blanks over a saved post.
  const reply = (status: number, values: Values | null, fieldErrors: BlogFieldErrors = {}, formError = failure) =>
    data({ formError, fieldErrors, values }, { status })

  // Only a picture takes the body past the post's own limit.
  if (Number(request.headers.get('content-length') ?? 0) > MAX_FORM_BYTES)
    return reply(413, null, { image: PICTURE_TOO_LARGE })
  const form = await readForm(request, { maxFieldChars: MAX_FORM_BYTES, maxBodyBytes: MAX_FORM_BYTES })
  const { db, storage } = context.get(servicesContext)
  // The edit page's 'Delete this post…' form.
  if (editing && form.get('intent') === 'delete') {
    const id = postId(params.id)
    const deleted = id ? await deletePost(db, storage, id, admin.id) : null
    if (!deleted) return reply(404, null, {}, POST_GONE)
    return redirect('/admin/blog?deleted=1')
  }
  const values = Object.fromEntries(BLOG_FIELDS.map((field) => [field, String(form.get(field) ?? '')])) as Values
  // Text beyond the post's own limit is not echoed back into the page.
  if (BLOG_FIELDS.some((field) => values[field].length > MAX_BODY_BYTES))
    return reply(413, null, { content: 'The post is too long to save.' })

  // A picture chosen in the form becomes the post's image (stored first, so a post refused for
  // another field keeps it: the form comes back with its address).
  const picture = form.get('picture')
  if (picture instanceof File && picture.size > 0) {
    if (picture.size > UPLOAD_LIMIT_BYTES) return reply(413, values, { image: PICTURE_TOO_LARGE })
    try {
      const stored = await storeBlogImage(db, storage, Buffer.from(await picture.arrayBuffer()))
      if (!stored.ok) return reply(400, values, { image: stored.error })
      values.image = stored.url
    } catch (error) {
      log.error('blog picture store failed', { id: params.id ?? null, error: errorMessage(error) })
      return reply(503, values)
    }
  }
  const parsed = BlogPostSchema.safeParse(values)
  if (!parsed.success) return reply(400, values, blogFieldErrors(parsed.error))

  try {
    if (editing) {
      const id = postId(params.id)
      const post = id ? await updatePost(db, id, parsed.data) : null
      if (!post) return reply(404, values)
    } else {
      await createPost(db, parsed.data, authorOf(admin))
    }
  } catch (error) {
    log.error('blog post save failed', {
      id: params.id ?? null,
      error: errorMessage(error),
    })
    return reply(503, values)
  }
  return redirect('/admin/blog')
}

/** Without JavaScript (and until hydration) the post is written as HTML in a plain textarea. */
function ContentField({ defaultValue, error }: { defaultValue: string; error?: string }) {
  const mounted = useMounted()
  if (mounted) return <BlogEditor name="content" label="Content" defaultValue={defaultValue} error={error} />
  return (
    <Textarea
      name="content"
      label="Content"
      description="Write the post as HTML: p, h1-h3, strong, em, u, ul, ol, li, a, img, blockquote, code, pre, hr. Anything else is removed on save."
      defaultValue={defaultValue}
      error={error}
      required
      autosize
      minRows={18}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', minHeight: 400 } }}
    />
  )
}

export default function AdminBlogFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const { editing, loadError, slug } = loaderData
  const heading = editing ? 'Edit Blog Post' : 'New Blog Post'

  if (loadError || !loaderData.values) {
    return (
      <Container size="lg" py="xl">
        <Title order={1} mb="md">
          {heading}
        </Title>
        <Alert color="red" role="alert" mb="md">
          {loadError ?? LOAD_FAILED}
        </Alert>
        <Anchor component={Link} to="/admin/blog">
          Back to Blog Posts
        </Anchor>
      </Container>
    )
  }

  const values = actionData?.values ?? loaderData.values
  const errors = actionData?.fieldErrors ?? {}
  const busy = navigation.state === 'submitting' && navigation.formMethod?.toUpperCase() === 'POST'
  const idleLabel = editing ? 'Save Changes' : 'Publish'
  const busyLabel = editing ? 'Saving...' : 'Publishing...'

  return (
    <Container size="xl" py="xl">
      <Stack gap={4} mb="lg">
        <Anchor component={Link} to="/admin/blog" size="sm">
          ← Blog Posts
        </Anchor>
        <Title order={1}>{heading}</Title>
        {slug ? (
          <Text size="sm" c="dimmed">
            Published at{' '}
            <Anchor component={Link} to={`/blog/${slug}`}>
              /blog/{slug}
            </Anchor>
          </Text>
        ) : null}
      </Stack>
      <Form method="post" encType="multipart/form-data">
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack>
              <TextInput
                name="title"
                label="Title"
                defaultValue={values.title}
                error={errors.title}
                required
                maxLength={200}
                size="md"
              />
              <ContentField defaultValue={values.content} error={errors.content} />
              <Textarea
                name="excerpt"
                label="Excerpt"
                description="Shown on the blog grid and to search engines."
                defaultValue={values.excerpt}
                error={errors.excerpt}
                required
                autosize
                minRows={3}
                maxLength={1000}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="md" radius="md" component="aside" aria-label="Publishing" pos="sticky" top={80}>
              <Stack>
                <TextInput
                  name="date"
                  label="Publish Date"
                  placeholder="March 12, 2026"
                  defaultValue={values.date}
                  error={errors.date}
                  required
                  maxLength={100}
                />
                <TextInput
                  name="category"
                  label="Category"
                  placeholder="Tutorials"
                  defaultValue={values.category}
                  error={errors.category}
                  required
                  maxLength={100}
                />
                <TextInput
                  name="readTime"
                  label="Read Time"
                  placeholder="5 min read"
                  defaultValue={values.readTime}
                  error={errors.readTime}
                  required
                  maxLength={50}
                />
                {/* Not required in the page: a picture chosen below gives the address. Both are
                    drawn again once a picture is stored, so the field shows its address and the
                    picture is not sent twice. */}
                <TextInput
                  key={`image-${values.image}`}
                  withAsterisk
                  name="image"
                  label="Image URL"
                  description="Required: an address, or a picture uploaded below."
                  placeholder="https://... or /images/..."
                  defaultValue={values.image}
                  error={errors.image}
                  maxLength={2000}
                />
                <FileField
                  key={`picture-${values.image}`}
                  maxBytes={UPLOAD_LIMIT_BYTES}
                  tooLarge={PICTURE_TOO_LARGE}
                  id="blog-picture"
                  name="picture"
                  label="Or upload a picture"
                  accept="image/png,image/jpeg,image/webp,image/avif"
                  description={`PNG, JPEG, WebP or AVIF up to ${sizeLimitText(UPLOAD_LIMIT_BYTES)}. It replaces the image URL when the post is saved.`}
                />
                {actionData?.formError ? (
                  <Alert color="red" role="alert">
                    {actionData.formError}
                  </Alert>
                ) : null}
                <Button type="submit" disabled={busy} fullWidth>
                  {busy ? busyLabel : idleLabel}
                </Button>
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      </Form>
      {editing ? <DeletePost /> : null}
    </Container>
  )
}

/** Deleting asks twice without a dialog: the button is behind a disclosure. */
function DeletePost() {
  return (
    <details style={{ marginTop: 40 }}>
      <summary style={{ cursor: 'pointer', color: 'var(--mantine-color-error)' }}>Delete this post…</summary>
      <Form method="post" style={{ marginTop: 12 }}>
        <input type="hidden" name="intent" value="delete" />
        <Text size="sm" mb="xs">
          The post and its address go for good; pictures uploaded for it and used nowhere else are removed a day after
          they were uploaded.
        </Text>
        <Button type="submit" color="red" variant="light">
          Delete post
        </Button>
      </Form>
    </details>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
