/**
 * Column types that apply context/storable.ts: text and JSON molt derives from what agents send
 * (summaries, file paths, tool failures, TODOs, memory texts and sources) is stored with each
 * character PostgreSQL cannot hold replaced by U+FFFD, never failing the write. Messages
 * themselves are kept losslessly beside their jsonb copy (db/transcript.ts).
 */
import { customType } from 'drizzle-orm/pg-core';
import { storableJsonText, storableText } from '../context/storable.js';

/** `text` whose writes replace NUL and unpaired surrogates with U+FFFD. */
export const derivedText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => storableText(value),
});

/** `jsonb` whose writes replace NUL and unpaired surrogates in keys and strings with U+FFFD. */
export const derivedJsonb = customType<{ data: unknown; driverData: string }>({
  dataType: () => 'jsonb',
  toDriver: (value) => storableJsonText(value),
  fromDriver: (value) => (typeof value === 'string' ? JSON.parse(value) : value),
});
