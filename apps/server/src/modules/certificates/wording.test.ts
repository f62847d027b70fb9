// The certificates' figures in words: "1 in N" written out (exact past 2^53), "less than" above the ceiling, the
// parentage index to three significant figures with superscript exponents, percentages that never reach 100 %.
import { describe, expect, test } from 'vitest';
import { cappedPercent, matchProbabilitySentence, threeSignificant, wholeNumber } from './wording.ts';
import { parentageFigures } from '../parentage/certificate.service.ts';

describe('certificate wording', () => {
  test('1 in N, and less than 1 in the ceiling above it', () => {
    expect(matchProbabilitySentence({ aboveCeiling: false, oneIn: 4_700_000, ceiling: 2.4e11 })).toBe(
      'The probability that a randomly chosen unrelated dog has this DNA profile is 1 in 4,700,000.',
    );
    expect(matchProbabilitySentence({ aboveCeiling: true, oneIn: 2.4e11, ceiling: 2.4e11 })).toBe(
      'The probability that a randomly chosen unrelated dog has this DNA profile is less than 1 in 240,000,000,000.',
    );
    expect(wholeNumber(1e24)).toBe('1,000,000,000,000,000,000,000,000');
    expect(wholeNumber(12)).toBe('12');
  });

  test('three significant figures', () => {
    expect(threeSignificant(11_127_357_482_679_255_000)).toBe('1.11 × 10¹⁹');
    expect(threeSignificant(12_345)).toBe('1.23 × 10⁴');
    expect(threeSignificant(1234.5)).toBe('1,230');
    expect(threeSignificant(3.5678)).toBe('3.57');
    expect(threeSignificant(0.0548)).toBe('0.0548');
    expect(threeSignificant(0.000548)).toBe('5.48 × 10⁻⁴');
  });

  test('percentages never print 100 %', () => {
    expect(cappedPercent(1)).toBe('> 99.9999 %');
    expect(cappedPercent(0.999999999)).toBe('> 99.9999 %');
    expect(cappedPercent(0.987654321)).toBe('98.7654 %');
    expect(parentageFigures(11_127_357_482_679_255_000, 0.99999999)).toEqual([
      ['Combined paternity index', '1.11 × 10¹⁹'],
      ['Probability of parentage (prior 0.5)', '> 99.9999 %'],
      ['Probability of exclusion', '> 99.9999 %'],
    ]);
  });
});
