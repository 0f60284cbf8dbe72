// Not built yet: answers 404 until its issue fills it in.
export function loader() {
  return Response.json({ error: 'Not found' }, { status: 404 })
}

export function action() {
  return Response.json({ error: 'Not found' }, { status: 404 })
}
