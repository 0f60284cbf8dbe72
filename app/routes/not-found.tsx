import { data } from 'react-router'
import { NOT_FOUND_TITLE, NotFound } from '~/components/NotFound/NotFound'

// Any path no other route claims: the 404 page, with status 404.
export function loader() {
  throw data(null, { status: 404 })
}

export const meta = () => [{ title: NOT_FOUND_TITLE }]

export function action() {
  throw data(null, { status: 404 })
}

export default function NotFoundPage() {
  return <NotFound />
}
