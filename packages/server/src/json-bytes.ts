/**
 * `JSON.stringify` written straight into bytes: the UTF-8 of a value's JSON text, byte for byte
 * what `Buffer.from(JSON.stringify(value))` gives, without the text. V8 builds a long JSON text in
 * parts joined at the end, and writing it out flattens it again: about three times its length in
 * strings per update sent, a fifth of the server's allocation per action. Here plain objects,
 * arrays, ASCII strings, integers, booleans and null are written into one buffer reused by every
 * call; anything else (a `toJSON`, a class instance, another number, a string with a character to
 * escape or beyond ASCII) is written from `JSON.stringify`'s own text for that value alone, so the
 * result is always the standard's.
 */

/** The buffer every call writes into, grown when a value does not fit; `at` is its write position. */
let out = Buffer.allocUnsafeSlow(64 * 1024);
let at = 0;

/** Deeper than this, a value is written by `JSON.stringify` (which also names a cycle). */
const MAX_DEPTH = 64;

/**
 * Writes `prefix`, the JSON text of `value` and `suffix` (both ASCII) into the shared buffer,
 * leaving `room` bytes free before them, and returns the buffer and the end of what was written
 * (valid until the next call). Throws as `JSON.stringify` does (a cycle, a BigInt); a value with
 * no JSON text (undefined, a function) is refused.
 */
export function writeJson(
  room: number,
  prefix: string,
  value: unknown,
  suffix: string,
): { readonly bytes: Buffer; readonly end: number } {
  at = room;
  ascii(prefix);
  if (!written(value, '', 0)) throw new TypeError('writeJson: the value has no JSON text');
  ascii(suffix);
  return { bytes: out, end: at };
}

function reserve(bytes: number): void {
  if (at + bytes <= out.length) return;
  const bigger = Buffer.allocUnsafeSlow(Math.max(out.length * 2, at + bytes));
  out.copy(bigger, 0, 0, at);
  out = bigger;
}

/** Text known to be ASCII with nothing to escape (the fixed parts, a number's text). */
function ascii(text: string): void {
  reserve(text.length);
  for (let i = 0; i < text.length; i++) out[at++] = text.charCodeAt(i);
}

/** Text of any kind, as UTF-8. */
function utf8(text: string): void {
  reserve(text.length * 3);
  at += out.write(text, at, 'utf8');
}

/** Writes `value` (the value of `key`, for `toJSON`); false when it has no JSON text. */
function written(value: unknown, key: string, depth: number): boolean {
  switch (typeof value) {
    case 'string':
      string(value);
      return true;
    case 'number':
      number(value);
      return true;
    case 'boolean':
      ascii(value ? 'true' : 'false');
      return true;
    case 'object':
      if (value === null) {
        ascii('null');
        return true;
      }
      if (depth >= MAX_DEPTH || typeof (value as { toJSON?: unknown }).toJSON === 'function')
        return standard(value, key);
      if (Array.isArray(value)) {
        array(value, depth);
        return true;
      }
      if (Object.getPrototypeOf(value) !== Object.prototype) return standard(value, key);
      object(value as Record<string, unknown>, depth);
      return true;
    case 'bigint':
      return standard(value, key); // throws, as JSON.stringify does
    case 'undefined':
    case 'function':
    case 'symbol':
      return false; // no JSON text
  }
}

/** `JSON.stringify`'s own text for one value (as a property or element: `toJSON` gets its key). */
function standard(value: unknown, key: string): boolean {
  const text = JSON.stringify({ [key]: value });
  // `{"key":...}`, or `{}` when the value has no JSON text.
  const head = JSON.stringify(key).length + 2;
  if (text.length <= head) return false;
  utf8(text.slice(head, -1));
  return true;
}

function array(values: readonly unknown[], depth: number): void {
  reserve(1);
  out[at++] = 0x5b; // [
  for (let i = 0; i < values.length; i++) {
    if (i > 0) {
      reserve(1);
      out[at++] = 0x2c; // ,
    }
    const v = values[i];
    // An element with no JSON text is null; `toJSON` would get the index as its key.
    const needsKey =
      typeof v === 'object' && v !== null && typeof (v as { toJSON?: unknown }).toJSON === 'function';
    if (!written(v, needsKey ? String(i) : '', depth + 1)) ascii('null');
  }
  reserve(1);
  out[at++] = 0x5d; // ]
}

function object(record: Record<string, unknown>, depth: number): void {
  reserve(1);
  out[at++] = 0x7b; // {
  let first = true;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const v = record[key];
    const kind = typeof v;
    if (kind === 'undefined' || kind === 'function' || kind === 'symbol') continue;
    const start = at;
    if (!first) {
      reserve(1);
      out[at++] = 0x2c; // ,
    }
    string(key);
    reserve(1);
    out[at++] = 0x3a; // :
    if (written(v, key, depth + 1)) first = false;
    else at = start; // e.g. a toJSON that gave undefined: the property is left out
  }
  reserve(1);
  out[at++] = 0x7d; // }
}

/** A string: ASCII with nothing to escape byte by byte, anything else as JSON.stringify writes it. */
function string(text: string): void {
  reserve(text.length + 2);
  const start = at;
  out[at++] = 0x22; // "
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || c > 0x7e) {
      at = start;
      utf8(JSON.stringify(text));
      return;
    }
    out[at++] = c;
  }
  out[at++] = 0x22;
}

/** A number: a safe integer digit by digit; any other as JSON.stringify writes it. */
function number(n: number): void {
  if (!Number.isSafeInteger(n)) {
    ascii(JSON.stringify(n));
    return;
  }
  reserve(17);
  if (n < 0) {
    out[at++] = 0x2d; // -
    n = -n;
  }
  // -0 is a safe integer and writes 0, as JSON.stringify does.
  let digits = 1;
  for (let p = 10; p <= n; p *= 10) digits++;
  at += digits;
  for (let i = 1; i <= digits; i++) {
    out[at - i] = 0x30 + (n % 10);
    n = Math.floor(n / 10);
  }
}
