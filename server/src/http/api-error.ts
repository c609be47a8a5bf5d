/** A refusal or fault that the error handler turns into API.md's `{ error: { status, message } }`. */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly status: 'failed' | 'error',
    message: string,
  ) {
    super(message);
  }
}

export const refuse = (message: string, httpStatus = 400) => new ApiError(httpStatus, 'failed', message);
export const forbidden = () => new ApiError(403, 'failed', 'You are not allowed to do this');
export const notFound = (message = 'Not found') => new ApiError(404, 'failed', message);
export const invalidToken = () => new ApiError(401, 'failed', 'Invalid Token');
