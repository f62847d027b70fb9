// The figures of the certificates in words a court would accept: the random match probability as "1 in N" (two
// significant figures, "less than" above the ceiling), with its formula, theta, database size and the markers
// compared and left out; the parentage index to three significant figures; probabilities as percentages that never
// reach 100 %.
import type { MatchStatistics } from '@registry/genetics';

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const superscript = (n: number) =>
  String(n)
    .split('')
    .map((c) => (c === '-' ? '⁻' : SUPERSCRIPT[Number(c)]))
    .join('');

/** A whole number of at most a few significant figures written out in full ("240,000,000,000"), exact past 2^53. */
export function wholeNumber(n: number, significant = 2): string {
  const [mantissa, exponent] = n.toExponential(significant - 1).split('e');
  const digits = mantissa.replace('.', '').replace('-', '');
  const zeros = Number(exponent) - (significant - 1);
  const whole = zeros >= 0 ? digits + '0'.repeat(zeros) : digits.slice(0, digits.length + zeros) || '0';
  return whole.replace(/\B(?=(\d{3})+$)/g, ',');
}

/** Three significant figures: "245", "3.57", "0.0548"; from 10,000 on and below 0.01 "1.11 × 10¹⁹", "5.48 × 10⁻⁴". */
export function threeSignificant(x: number): string {
  if (!Number.isFinite(x)) return '-';
  const size = Math.abs(x);
  if (size === 0 || (size >= 0.01 && size < 10_000)) {
    const [whole, fraction] = String(Number(x.toPrecision(3))).split('.');
    return `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction ? `.${fraction}` : ''}`;
  }
  const [mantissa, exponent] = x.toExponential(2).split('e');
  return `${mantissa} × 10${superscript(Number(exponent))}`;
}

/** A probability as a percentage, rounded down to four decimals and never 100 %: at most "> 99.9999 %". */
export function cappedPercent(probability: number): string {
  const percent = probability * 100;
  if (percent > 99.9999) return '> 99.9999 %';
  return `${(Math.floor(percent * 10_000) / 10_000).toFixed(4)} %`;
}

/** "The probability that a randomly chosen unrelated dog has this DNA profile is 1 in N." */
export function matchProbabilitySentence(stats: Pick<MatchStatistics, 'aboveCeiling' | 'oneIn' | 'ceiling'>): string {
  const figure = stats.aboveCeiling
    ? `less than 1 in ${wholeNumber(stats.ceiling)}`
    : `1 in ${wholeNumber(stats.oneIn)}`;
  return `The probability that a randomly chosen unrelated dog has this DNA profile is ${figure}.`;
}

/** The statistic's basis beside the sentence: label-value rows, the long ones (`wide`) on a line of their own. */
export function statisticBasis(
  stats: Pick<MatchStatistics, 'formula' | 'theta' | 'markers' | 'offLadderMarkers' | 'noCallMarkers'>,
  databaseSize: number,
  typedMarkers: number,
): { wide: [string, string][]; pairs: [string, string][] } {
  const notCompared = [
    ...stats.offLadderMarkers.map((m) => `${m} (off-ladder)`),
    ...stats.noCallMarkers.map((m) => `${m} (no call)`),
  ];
  return {
    wide: [
      ['Formula', stats.formula],
      ['Markers not compared', notCompared.length ? notCompared.join(', ') : 'none'],
    ],
    pairs: [
      ['Coancestry θ (theta)', String(stats.theta)],
      ['Frequency database', `${databaseSize.toLocaleString('en-US')} dogs`],
      ['Markers compared', `${stats.markers.length} of ${typedMarkers}`],
    ],
  };
}
