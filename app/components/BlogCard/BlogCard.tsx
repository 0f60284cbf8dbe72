import { Link } from 'react-router'
import { Badge, Text } from '@mantine/core'
import type { BlogPostView } from '~/domain/blog/blog.server'
import classes from './BlogCard.module.css'

export type BlogCardPost = Pick<BlogPostView, 'slug' | 'title' | 'excerpt' | 'image' | 'date' | 'readTime' | 'category'>

/** One post in the /blog grid: the whole card links to the post. */
export function BlogCard({ post, loading = 'lazy' }: { post: BlogCardPost; loading?: 'lazy' | 'eager' }) {
  return (
    <article className={classes.card} data-testid="blog-card">
      <Link to={`/blog/${post.slug}`} className={classes.link}>
        <div className={classes.media}>
          <img src={post.image} alt="" loading={loading} width={640} height={360} className={classes.image} />
        </div>
        <div className={classes.body}>
          <Badge variant="light" size="sm" className={classes.category}>
            {post.category}
          </Badge>
          <h2 className={classes.title}>{post.title}</h2>
          <Text size="sm" c="dimmed" className={classes.excerpt}>
            {post.excerpt}
          </Text>
          <Text size="xs" c="dimmed" className={classes.meta}>
            <span>{post.date}</span>
            <span aria-hidden="true"> · </span>
            <span>{post.readTime}</span>
          </Text>
        </div>
      </Link>
    </article>
  )
}
