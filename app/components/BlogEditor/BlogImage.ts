import { mergeAttributes, Node } from '@tiptap/react'

/**
 * The editor's image node. @tiptap/extension-image is not among our dependencies; this is the
 * small part of it the blog needs: a block <img> with src, alt, width and height, exactly the
 * attributes the server's sanitiser keeps.
 */
export const BlogImage = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      src: { default: null },
      alt: { default: null },
      width: { default: null },
      height: { default: null },
    }
  },
  parseHTML() {
    return [{ tag: 'img[src]' }]
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes(HTMLAttributes)]
  },
})
