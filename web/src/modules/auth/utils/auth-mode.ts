/** Which form the auth modal or page shows. */
export type AuthMode = 'login' | 'register';
