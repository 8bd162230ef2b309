// Stand-in for jsr:@std/log (and @std/log/file-handler), which casys-pml
// logs through. JSR is not a registry this project reaches, and logging
// decides no answer: records at warning level and above go to standard
// error (the harness keeps it for the report), the rest are dropped.
// Standard output stays the protocol's.
const LEVELS = { NOTSET: 0, DEBUG: 10, INFO: 20, WARN: 30, ERROR: 40, CRITICAL: 50 };
export const LogLevels = LEVELS;

function emit(level, msg, ...args) {
  if (LEVELS[level] < LEVELS.WARN) return;
  const text = typeof msg === 'function' ? msg() : String(msg);
  const extra = args.length ? ' ' + args.map((a) => { try { return JSON.stringify(a); } catch { return String(a); } }).join(' ') : '';
  process.stderr.write(`casys-pml ${level}: ${text}${extra}\n`);
}

export class Logger {
  constructor(name) { this.loggerName = name; this.handlers = []; this.level = LEVELS.WARN; }
  debug(msg, ...args) { emit('DEBUG', msg, ...args); }
  info(msg, ...args) { emit('INFO', msg, ...args); }
  warn(msg, ...args) { emit('WARN', msg, ...args); }
  warning(msg, ...args) { emit('WARN', msg, ...args); }
  error(msg, ...args) { emit('ERROR', msg, ...args); }
  critical(msg, ...args) { emit('CRITICAL', msg, ...args); }
}

export class BaseHandler {
  constructor(levelName = 'NOTSET', options = {}) { this.levelName = levelName; this.formatter = options.formatter; }
  handle() {}
  log() {}
  format(r) { return String(r?.msg ?? ''); }
  setup() {}
  destroy() {}
}
export class ConsoleHandler extends BaseHandler {}
export class FileHandler extends BaseHandler { flush() {} }
export class RotatingFileHandler extends FileHandler {}

const loggers = new Map();
export function getLogger(name = 'default') {
  if (!loggers.has(name)) loggers.set(name, new Logger(name));
  return loggers.get(name);
}
export async function setup() {}
export const debug = (m, ...a) => getLogger().debug(m, ...a);
export const info = (m, ...a) => getLogger().info(m, ...a);
export const warn = (m, ...a) => getLogger().warn(m, ...a);
export const warning = warn;
export const error = (m, ...a) => getLogger().error(m, ...a);
export const critical = (m, ...a) => getLogger().critical(m, ...a);
