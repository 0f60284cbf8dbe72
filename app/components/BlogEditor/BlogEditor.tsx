import '@mantine/tiptap/styles.css'
import { useRef, useState } from 'react'
import { Alert, Input } from '@mantine/core'
import { Link, RichTextEditor } from '@mantine/tiptap'
import { useEditor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { EDITOR_UNDO_DEPTH, EDITOR_UNDO_GROUP_MS, isAllowedImageUrl, LINK_SCHEMES } from '~/lib/blog-schema'
import { BlogImage } from './BlogImage'

const ALT_PROMPT = 'Describe the picture for people who cannot see it (leave empty if it is only decoration)'
import classes from './BlogEditor.module.css'

// Admin-only: this module pulls in tiptap and ProseMirror (~180 KB gzip). Import it from admin
// routes only, never from a component a public page uses.

const SCHEME = /^([a-z][a-z0-9+.-]*):/i

/** Links with one of the allowed schemes (LINK_SCHEMES), or relative ones ('/blog/x', '#part'). */
function isAllowedLink(url: string): boolean {
  const scheme = SCHEME.exec(url.replace(/[\s\u0000-\u001f]/g, ''))?.[1]?.toLowerCase()
  return scheme === undefined ? !url.trim().startsWith('//') : (LINK_SCHEMES as readonly string[]).includes(scheme)
}

interface BlogEditorProps {
  /** Name of the hidden input that carries the HTML in the form's submission. */
  name: string
  defaultValue: string
  label: string
  error?: string
}

/**
 * The rich-text editor of the blog form. It writes its HTML into a hidden input, so the
 * surrounding <Form> submits it like any other field.
 */
export function BlogEditor({ name, defaultValue, label, error }: BlogEditorProps) {
  const [html, setHtml] = useState(defaultValue)
  const [uploadState, setUploadState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null })
  const fileInput = useRef<HTMLInputElement>(null)

  const editor = useEditor({
    // Rendered on the client only (after hydration): nothing to match on the server.
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        link: false,
        // Only what the sanitiser keeps: no strike-through, headings 1-3.
        strike: false,
        heading: { levels: [1, 2, 3] },
        undoRedo: { depth: EDITOR_UNDO_DEPTH, newGroupDelay: EDITOR_UNDO_GROUP_MS },
      }),
      Link.configure({
        openOnClick: false,
        protocols: [],
        defaultProtocol: 'https',
        isAllowedUri: (url, { defaultValidate }) => Boolean(defaultValidate(url)) && isAllowedLink(url),
        shouldAutoLink: (url) => isAllowedLink(url),
      }),
      BlogImage,
    ],
    content: defaultValue,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onCreate: ({ editor }) => setHtml(editor.getHTML()),
    onUpdate: ({ editor }) => setHtml(editor.isEmpty ? '' : editor.getHTML()),
  })

  // Each picture asks for its text for people who cannot see it; left empty (or cancelled) it
  // is marked decorative (alt="").
  const insertImage = (src: string) => {
    const alt = window.prompt(ALT_PROMPT)?.trim() ?? ''
    editor
      ?.chain()
      .focus()
      .insertContent({ type: BlogImage.name, attrs: { src, alt, width: 'auto', height: 'auto' } })
      .run()
  }

  const promptForImageUrl = () => {
    const url = window.prompt('Image URL')?.trim()
    if (!url) return
    if (!isAllowedImageUrl(url)) {
      setUploadState({ busy: false, error: 'Image URL must start with http://, https:// or /.' })
      return
    }
    setUploadState({ busy: false, error: null })
    insertImage(url)
  }

  const uploadImage = async (file: File) => {
    setUploadState({ busy: true, error: null })
    try {
      const body = new FormData()
      body.append('image', file)
      // Same origin: the session cookie goes along and identifies the admin.
      const response = await fetch('/api/admin/upload-image', { method: 'POST', body, credentials: 'same-origin' })
      const answer = (await response.json().catch(() => ({}))) as { url?: string; error?: string }
      if (!response.ok || !answer.url) throw new Error(answer.error || 'Upload failed')
      insertImage(answer.url)
      setUploadState({ busy: false, error: null })
    } catch (failure) {
      setUploadState({ busy: false, error: failure instanceof Error ? failure.message : 'Upload failed' })
    }
  }

  return (
    // The editable area carries the label itself (aria-label): a <label> would point at nothing.
    <Input.Wrapper label={label} error={error} required labelElement="div">
      <RichTextEditor
        editor={editor}
        className={classes.editor}
        labels={{ bulletListControlLabel: 'List', orderedListControlLabel: 'Numbered List' }}
        data-testid="blog-editor"
      >
        <RichTextEditor.Toolbar sticky stickyOffset={64}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H1 />
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Control
              onClick={promptForImageUrl}
              aria-label="Image URL"
              title="Insert an image by URL"
              className={classes.textControl}
            >
              Image URL
            </RichTextEditor.Control>
            <RichTextEditor.Control
              onClick={() => fileInput.current?.click()}
              aria-label="Upload Image"
              title="Upload an image from this computer"
              disabled={uploadState.busy}
              className={classes.textControl}
            >
              {uploadState.busy ? 'Uploading...' : 'Upload Image'}
            </RichTextEditor.Control>
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        hidden
        data-testid="blog-image-file"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0]
          event.currentTarget.value = ''
          if (file) void uploadImage(file)
        }}
      />
      {uploadState.error ? (
        <Alert color="red" mt="xs" role="alert">
          {uploadState.error}
        </Alert>
      ) : null}
      <input type="hidden" name={name} value={html} />
    </Input.Wrapper>
  )
}
