/** The email typed on the join screen, carried to login and create-account (kept across a reload). */
const KEY = 'gavel.email';

export function rememberEmail(email: string): void {
  sessionStorage.setItem(KEY, email.trim());
}

export function pendingEmail(): string {
  return sessionStorage.getItem(KEY) ?? '';
}
