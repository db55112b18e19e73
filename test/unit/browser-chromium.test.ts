import { describe, expect, it } from 'vitest';
import { chromiumPath } from '../browser/chromium.js';

describe('the browser tier finds its Chromium', () => {
  it('fails saying how to get one when there is none', () => {
    expect(() => chromiumPath({}, ['/nonexistent/chromium'])).toThrow(
      /need Chromium or Chrome.*apt-get install -y chromium.*MOLT_CHROMIUM_PATH.*\/nonexistent\/chromium/s,
    );
  });

  it('takes MOLT_CHROMIUM_PATH first, and names it when it does not exist', () => {
    expect(chromiumPath({ MOLT_CHROMIUM_PATH: process.execPath }, [])).toBe(process.execPath);
    expect(() => chromiumPath({ MOLT_CHROMIUM_PATH: '/nonexistent/chrome' }, [process.execPath])).toThrow(
      'MOLT_CHROMIUM_PATH=/nonexistent/chrome: no such file',
    );
  });

  it('takes the first candidate that exists', () => {
    expect(chromiumPath({}, ['/nonexistent/a', process.execPath])).toBe(process.execPath);
  });
});
