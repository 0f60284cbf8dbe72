import type { DB } from '#db/client'
import { addFavourite } from '~/domain/favourites/favourites.server'
import { resumeTarget, type SignInResume } from '~/lib/redirects'

/**
 * Where a person goes once signed in (by password or Google), with the click
 * that sent them to sign in resumed: a favourite is saved now, since signing in was their
 * answer to that click; a download is offered on its page, where their own click (a POST)
 * spends the quota.
 */
export async function finishSignIn(db: DB, userId: string, resume: SignInResume): Promise<string> {
  if (resume.intent === 'favourite' && resume.assetId) {
    const saved = await addFavourite(db, userId, resume.assetId)
    return resumeTarget(resume, { favouriteSaved: saved.ok })
  }
  return resumeTarget(resume)
}
