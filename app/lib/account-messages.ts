// What the account's self-service says when it worked, the same on the account settings page and in the API.
export const NAME_CHANGED = 'Your name has been saved.'
export const EMAIL_CHANGE_SENT =
  'We sent a confirmation link to the new address. Your email changes when you follow it (within 24 hours).'
export const EMAIL_CHANGED = 'Your email address has been changed.'
export const PASSWORD_CHANGED = 'Your password has been changed. Your other sessions have been signed out.'
export const SESSIONS_ENDED = 'Your other sessions have been signed out.'
export const ACCOUNT_DELETED = 'Your account has been deleted.'
