/**
 * `writeJson` writes exactly the UTF-8 of `JSON.stringify`'s text, for any JSON value and for the
 * values JSON.stringify treats specially (undefined, functions, toJSON, class instances, numbers
 * that are not safe integers, strings to escape or beyond ASCII, lone surrogates), and throws
 * where it throws.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeJson } from '../src/json-bytes.ts';

/** What `writeJson` wrote for `value`, with a prefix, a suffix and room before them. */
function bytesOf(value: unknown, room = 3): Buffer {
  const { bytes, end } = writeJson(room, 'pre[', value, ']');
  return Buffer.from(bytes.subarray(room, end));
}
const expected = (value: unknown) => Buffer.from(`pre[${JSON.stringify(value)}]`);

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
}

describe('JSON written as bytes', () => {
  it('is JSON.stringify for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(bytesOf(value).equals(expected(value))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('is JSON.stringify for anything it treats specially', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBoxedValues: true,
          withMap: true,
          withSet: true,
          withDate: true,
          withTypedArray: true,
          withSparseArray: true,
          withNullPrototype: true,
          withObjectString: true,
        }),
        (value) => {
          const text = JSON.stringify(value) as string | undefined;
          if (text === undefined) expect(() => bytesOf(value)).toThrow(TypeError);
          else expect(bytesOf(value).equals(expected(value))).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
    const cases: unknown[] = [
      { a: undefined, b: () => 1, c: Symbol('s'), d: 1 },
      [undefined, () => 1, Symbol('s'), 2],
      { when: new Date(0), inner: { toJSON: (key: string) => `key:${key}` } },
      [{ toJSON: (key: string) => `index:${key}` }, { toJSON: () => undefined }],
      { gone: { toJSON: () => undefined }, kept: 1 },
      { 2: 'b', 1: 'a', z: 0, y: [new Point(1, 2)] },
      [
        0,
        -0,
        1,
        -1,
        9007199254740991,
        -9007199254740991,
        9007199254740992,
        1.5,
        1e21,
        1e-7,
        NaN,
        Infinity,
        -Infinity,
      ],
      [
        'plain',
        'quote " and \\ backslash',
        'tab\t new\n line\r',
        '\u0000\u001f\u007f',
        'é ü ♠ 😀',
        '\ud800 lone',
        'end \udc00',
        '\u2028\u2029',
      ],
      Object.assign(Object.create(null) as object, { a: 1 }),
      new Map([[1, 2]]),
      [new Number(3), new String('s'), new Boolean(false)],
      'x'.repeat(100_000),
      Array.from({ length: 5000 }, (_, i) => ({ i, s: `s${i}` })),
    ];
    for (const value of cases) expect(bytesOf(value).toString()).toBe(expected(value).toString());
  });

  it('writes deep values, and throws where JSON.stringify throws', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200; i++) deep = { d: [deep] };
    expect(bytesOf(deep).equals(expected(deep))).toBe(true);
    const cycle: Record<string, unknown> = { a: 1 };
    cycle['self'] = { back: cycle };
    expect(() => bytesOf(cycle)).toThrow(TypeError);
    expect(() => bytesOf({ n: 1n })).toThrow(TypeError);
    expect(() => bytesOf(undefined)).toThrow(TypeError);
    // After a throw, the next value is written whole.
    expect(bytesOf({ ok: true }).equals(expected({ ok: true }))).toBe(true);
  });
});
