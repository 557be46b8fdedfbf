import { englishOf, englishText } from '../../contract/english';
import { validation } from '../../contract/messages';
import { email, passwordLength } from '../../contract/rules/account';

/** The server's own messages of the account routes; spec §5's rules and texts are contract/rules'. */
export const SAME_EMAIL_MESSAGE = englishText(validation('email_same'));
export const EMAIL_TAKEN_MESSAGE = 'Email is already taken';
// The console shows its own text of the same key (app.notifications.email_sent) in the user's language.
export const EMAIL_SENT_MESSAGE = englishText('app.notifications.email_sent');
export const INVALID_TOKEN_MESSAGE = 'Invalid or expired token';

/** What is wrong with an e-mail address, if anything (an empty one is no address either). */
export const emailIssue = (address: string): string | undefined =>
  address.trim() === '' ? englishText(validation('invalid_email')) : englishOf(email()(address));

export const passwordIssue = (password: string): string | undefined =>
  englishOf(password === '' ? validation('password_length') : passwordLength(password));
