import { describe, it, expect } from 'vitest'
import { Type } from '@sinclair/typebox'
import { bodyLimitFor, jsonBound, MAX_BYTES, MIN_BYTES } from '../src/body-limit.ts'

describe('body limits from schemas', () => {
  it('bounds a schema by the largest JSON it accepts, escapes included', () => {
    const name = Type.String({ maxLength: 100 })
    const body = Type.Object({ name, ids: Type.Array(Type.Integer(), { maxItems: 10 }), on: Type.Boolean() })
    const worst = JSON.stringify({ name: '\u0000'.repeat(100), ids: Array(10).fill(-Number.MAX_VALUE), on: false })
    expect(jsonBound(body)).toBeGreaterThanOrEqual(worst.length)
    expect(jsonBound(Type.Union([name, Type.String({ maxLength: 1000 })]))).toBe(
      jsonBound(Type.String({ maxLength: 1000 })),
    )
  })

  it('takes anything unbounded as unbounded: a string without maxLength, an array without maxItems, an open object', () => {
    expect(jsonBound(Type.Object({ a: Type.String() }))).toBe(Infinity)
    expect(jsonBound(Type.Array(Type.Integer()))).toBe(Infinity)
    expect(jsonBound(Type.Object({}, { additionalProperties: true }))).toBe(Infinity)
    expect(jsonBound(Type.Record(Type.String(), Type.Integer()))).toBe(Infinity)
  })

  it('gives a route its bound, at least the floor and at most the app limit', () => {
    expect(bodyLimitFor(Type.Object({ n: Type.Integer() }))).toBe(MIN_BYTES)
    expect(bodyLimitFor(Type.Object({ s: Type.String({ maxLength: 100_000 }) }))).toBeGreaterThan(600_000)
    expect(bodyLimitFor(Type.Object({ s: Type.String() }))).toBe(MAX_BYTES)
    expect(bodyLimitFor(Type.Object({ s: Type.String({ maxLength: 10_000_000 }) }))).toBe(MAX_BYTES)
  })
})
