/** What a completed sign-in or refresh hands out: the bearer token and the refresh cookie's value. */
export interface IssuedSession {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  /** The sessions row the tokens belong to (the refresh-token family). */
  sessionId: string;
}
