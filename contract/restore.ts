// Issue 17: removed partners, releases and sets come back. What the server answers and the console recognises.

/**
 * POST /admin/users with the e-mail of a removed partner: 409 with this detail. The e-mail stays the removed
 * account's (it is never reused); the partner form offers to restore that account instead.
 */
export const REMOVED_EMAIL_DETAIL = 'Email belongs to a removed partner: restore that partner instead';
