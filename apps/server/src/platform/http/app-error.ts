import { MSG } from '@tideline/contracts';

/** A failure the client should see: a real status and a message the web shows as it is. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string, fieldErrors?: Record<string, string[]>) =>
  new AppError(400, msg, fieldErrors);
export const unauthorized = (msg: string = MSG.unauthenticated) => new AppError(401, msg);
export const forbidden = (msg: string = MSG.forbidden) => new AppError(403, msg);
export const notFound = (msg: string) => new AppError(404, msg);
export const conflict = (msg: string, fieldErrors?: Record<string, string[]>) =>
  new AppError(409, msg, fieldErrors);
export const tooManyRequests = (msg: string = MSG.tooManyAttempts) => new AppError(429, msg);
