import { describe, expect, it } from 'vitest';
import { ApiError, databaseError, unavailable } from '../../api/plugins/errors.js';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
const leaky = 'insert into "messages" values ($1) -- params: secret message text';

describe('databaseError', () => {
  it('an outage is a 503 with Retry-After and no cause text', () => {
    for (const cause of [
      pgError('08006', leaky),
      pgError('57P01', leaky),
      pgError('ECONNREFUSED', leaky),
      new Error(`Connection terminated unexpectedly ${leaky}`),
    ]) {
      const error = databaseError(cause, 'body.messages');
      expect(error.statusCode).toBe(503);
      expect(error.retryAfterSeconds).toBeGreaterThan(0);
      expect(error.message).not.toContain('secret');
      expect(error.message).not.toContain('insert');
    }
  });

  it("a driver outage wrapped in drizzle's query error is still a 503", () => {
    const wrapped = new Error(`Failed query: ${leaky}`, {
      cause: new Error('Connection terminated unexpectedly'),
    });
    const error = databaseError(wrapped, 'body.messages');
    expect(error.statusCode).toBe(503);
    expect(error.message).not.toMatch(/secret|insert|Failed query/);
  });

  it('a data error (SQLSTATE 22) is a 422 naming the field, without SQL or message text', () => {
    const error = databaseError(pgError('22P05', leaky), 'body.messages');
    expect(error.statusCode).toBe(422);
    expect(error.message).toContain('body.messages');
    expect(JSON.stringify([error.message, error.details])).not.toMatch(/secret|insert/);
    expect(error.retryAfterSeconds).toBeUndefined();
  });

  it('any other database error is a generic 500, never a 503', () => {
    const error = databaseError(pgError('42703', leaky), 'body.messages');
    expect(error.statusCode).toBe(500);
    expect(error.message).toBe('internal error');
  });

  it('an ApiError passes through unchanged', () => {
    const original = new ApiError(409, 'turn_conflict', 'conflict');
    expect(databaseError(original, 'x')).toBe(original);
  });
});

describe('unavailable', () => {
  it('keeps the cause for the log only', () => {
    const error = unavailable('Temporal', new Error(leaky));
    expect(error.message).toBe('Temporal is unavailable');
    expect(error.cause).toBeInstanceOf(Error);
  });
});

describe('databaseError on a wrapped driver error', () => {
  it('reads the SQLSTATE from the cause chain', () => {
    const wrapped = new Error(`Failed query: ${leaky}`, { cause: pgError('22P05', 'unsupported') });
    expect(databaseError(wrapped, 'body.messages').statusCode).toBe(422);
  });
});
