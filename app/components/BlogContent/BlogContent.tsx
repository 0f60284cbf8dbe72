import { Typography } from '@mantine/core'
import classes from './BlogContent.module.css'

/**
 * A post's body. `html` must be the stored copy, which the server sanitised when it was saved;
 * nothing else may be passed here.
 */
export function BlogContent({ html }: { html: string }) {
  return (
    <Typography className={classes.content}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML was sanitised when it was stored */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  )
}
