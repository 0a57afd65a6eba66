/**
 * The server sends every seated client the table's chat settings and history on join
 * (`chat_config`, `chat_history`); test clients that do not read the chat have no handler for
 * them, and colyseus.js warns for each one (about 800 lines a run, burying what matters). Those
 * two warnings are dropped; any other unhandled type still warns.
 */
const unread = /^colyseus\.js: onMessage\(\) not registered for type '(chat_config|chat_history)'\.$/;
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (args.length === 1 && typeof args[0] === 'string' && unread.test(args[0])) return;
  warn(...args);
};
