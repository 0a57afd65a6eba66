/**
 * A result's summary is stored as its message (key and parameters, JSON in the `summary` text
 * column) so profiles and replays format it in the reader's language. Rows written before that
 * hold an English sentence: they read back as `server:event.text` with the sentence as `text`.
 */
import { isMsg, msg, type Msg } from '../../shared/i18n/msg.js';

export function summaryToColumn(summary: Msg): string {
  return JSON.stringify(summary.params ? { key: summary.key, params: summary.params } : { key: summary.key });
}

export function summaryFromColumn(text: string): Msg {
  if (text.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isMsg(parsed)) return parsed.params ? msg(parsed.key, parsed.params) : msg(parsed.key);
    } catch {
      // an old sentence that happens to start with a brace
    }
  }
  return msg('server:event.text', { text });
}
